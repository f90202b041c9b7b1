import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider, useTranslation } from 'react-i18next';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { trimLanguage } from '@footfall/domain';
import { i18n } from '../i18n/i18n';
import { NotificationsProvider } from '../components/notifications';
import { SessionProvider } from '../lib/session/session';
import { createAppTheme } from '../theme/theme';
import { loadMuiLocale, muiLocaleOf } from '../theme/mui-locale';
import '@fontsource-variable/inter';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

function LocalizedTheme({ children }: { children: ReactNode }) {
  const { i18n: instance } = useTranslation();
  const lang = trimLanguage(instance.language);
  // MUI's texts of a language not loaded yet arrive a moment after it (main.tsx loads the first one
  // before the first render)
  const [, setLoaded] = useState(0);
  const locale = muiLocaleOf(lang);
  useEffect(() => {
    if (!locale) void loadMuiLocale(lang).then(() => setLoaded((n) => n + 1));
  }, [lang, locale]);
  const theme = useMemo(() => createAppTheme(locale ?? {}), [locale]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {/* the date pickers bring their own LocalizationProvider (period-form.tsx): not on every page */}
      {children}
    </ThemeProvider>
  );
}

/** Everything the pages rely on: data cache, session, language, theme, notifications. */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <SessionProvider>
          <LocalizedTheme>
            <NotificationsProvider>{children}</NotificationsProvider>
          </LocalizedTheme>
        </SessionProvider>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
