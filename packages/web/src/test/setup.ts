import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { allTextsEager } from '../i18n/catalogue-eager';
import { i18n, initI18n } from '../i18n/i18n';

// lazily loaded routes take longer than the default 1 s to appear when the 2 cores are busy (CI runs
// the suites back to back); findBy* waits up to 10 s
configure({ asyncUtilTimeout: 10_000 });

// every language loaded up front, so components render their real text
const texts = allTextsEager();
await initI18n('en', {
  en: { translation: texts.en! },
  fr: { translation: texts.fr! },
  es: { translation: texts.es! },
});

afterEach(async () => {
  cleanup();
  localStorage.clear();
  document.cookie = 'i18n_redirected=; Max-Age=0; Path=/';
  await i18n.changeLanguage('en');
});
