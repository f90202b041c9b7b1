import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { LOCALES } from '@footfall/domain';
import { initI18n } from './i18n/i18n';
import { loadMuiLocale } from './theme/mui-locale';
import { languageOfPath, prefixOf, readLanguageCookie } from './lib/language';
import { reloadForChunkError } from './lib/lazy-page';
import { App } from './app/app';
import { preloadRouteChunks } from './app/router/routes';

// a preloaded chunk that fails (new deployment) reloads the page, once a minute at most
window.addEventListener('vite:preloadError', (event) => {
  if (reloadForChunkError()) event.preventDefault();
});

const path = window.location.pathname;
const lang = prefixOf(path) ?? readLanguageCookie() ?? languageOfPath(path);
document.documentElement.lang = LOCALES[lang];
preloadRouteChunks(path);

void Promise.all([initI18n(lang), loadMuiLocale(lang).catch(() => undefined)]).then(() => {
  const root = createRoot(document.getElementById('root')!);
  // a transition: React renders the first screen in slices and lets the browser paint and handle
  // input in between, instead of one long task
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
});
