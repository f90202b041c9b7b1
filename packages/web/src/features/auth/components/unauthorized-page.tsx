import { Link as RouterLink, useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { ErrorFrame, HomeButton } from '../../../components/error-pages';
import { isLocalPath } from '../../../lib/language';
import { useLang } from '../../../lib/use-lang';

/** /unauthorizedAccess?redirectFrom=...: the signed-in user may not open that page. */
export function UnauthorizedPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const [params] = useSearchParams();
  const from = params.get('redirectFrom');
  return (
    <ErrorFrame
      code={403}
      title={t('unauthorized_title')}
      message={isLocalPath(from) ? t('unauthorized_message_path', { path: from }) : t('unauthorized_message')}
      action={
        <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'center', flexWrap: 'wrap' }}>
          <Button component={RouterLink} to={paths.logout(lang)} variant="outlined" size="large">
            {t('sign_in_other_account')}
          </Button>
          <HomeButton />
        </Box>
      }
    />
  );
}
