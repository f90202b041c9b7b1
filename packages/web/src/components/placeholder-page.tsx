import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from './page-title';

/**
 * A routed screen whose content arrives in a later release: it sits in its real layout and says
 * what the screen will hold.
 */
export function PlaceholderPage(props: {
  title: string;
  description: string;
  icon: ReactNode;
  /** extra line under the description, e.g. the id the page was opened with */
  detail?: string | undefined;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  usePageTitle(props.title);
  return (
    <Box sx={{ p: props.compact ? 2 : { xs: 2, md: 4 }, display: 'flex', justifyContent: 'center' }}>
      <Card sx={{ width: '100%', maxWidth: 880 }} data-testid="placeholder-page">
        <CardContent
          sx={{
            p: props.compact ? 3 : { xs: 2.5, md: 5 },
            display: 'flex',
            flexDirection: { xs: 'column', sm: 'row' },
            gap: { xs: 2, sm: 3 },
          }}
        >
          <Box
            sx={(th) => ({
              flex: '0 0 auto',
              width: 56,
              height: 56,
              borderRadius: 3,
              display: 'grid',
              placeItems: 'center',
              color: th.palette.primary.main,
              backgroundColor: alpha(th.palette.primary.main, 0.1),
              '& svg': { fontSize: 30 },
            })}
          >
            {props.icon}
          </Box>
          <Box sx={{ minWidth: 0 }}>
            <Chip
              label={t('placeholder_badge')}
              size="small"
              color="secondary"
              variant="outlined"
              sx={{ mb: 1.5, fontWeight: 600 }}
            />
            <Typography
              variant="h3"
              component="h1"
              gutterBottom
              sx={{ fontSize: { xs: '1.25rem', sm: '1.5rem' } }}
            >
              {props.title}
            </Typography>
            <Typography variant="body1" color="text.secondary" sx={{ maxWidth: 640, lineHeight: 1.7 }}>
              {props.description}
            </Typography>
            {props.detail && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 2, fontFamily: 'monospace' }}>
                {props.detail}
              </Typography>
            )}
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
}
