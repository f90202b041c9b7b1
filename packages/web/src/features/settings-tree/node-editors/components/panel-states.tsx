import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** What a panel shows while loading, on failure, or with nothing to list. */
export function PanelState({ state, empty }: { state: 'loading' | 'error' | 'empty'; empty?: string }) {
  const { t } = useTranslation();
  if (state === 'loading') return <CircularProgress size={20} aria-label={t('node_editor_loading')} />;
  return (
    <Typography variant="body2" color={state === 'error' ? 'error' : 'text.secondary'}>
      {state === 'error' ? t('node_editor_load_failed') : empty}
    </Typography>
  );
}

export const formatDateTime = (lang: string, iso: string | null) =>
  iso
    ? new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso))
    : null;
