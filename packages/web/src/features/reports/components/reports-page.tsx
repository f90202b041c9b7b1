import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import Assessment from '@mui/icons-material/AssessmentOutlined';
import Bookmark from '@mui/icons-material/BookmarkBorderOutlined';
import { paths } from '../../../config/paths';
import { useLang } from '../../../lib/use-lang';
import { reportCatalogueQuery, savedReportsQuery } from '../api/reports-api';
import { reportLink } from '../lib/report-links';

/**
 * /reports: the reports the user may run (a superAdmin all, others those on their user, spec section
 * 6), each opening its viewer, and the report configurations the user saved (views of kind "report",
 * also listed in the side pane's Views).
 */
export function ReportsPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const catalogue = useQuery(reportCatalogueQuery(lang));
  const saved = useQuery(savedReportsQuery());
  return (
    <Box sx={{ p: { xs: 1.5, lg: 3 }, maxWidth: 1400, mx: 'auto' }} data-testid="reports-catalogue">
      <Typography variant="h2" component="h1" sx={{ mb: 2 }}>
        {t('reports_title')}
      </Typography>
      {catalogue.isError ? (
        <Alert severity="error">{t('reports_error')}</Alert>
      ) : !catalogue.data ? (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))' }}>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} variant="rounded" height={110} />
          ))}
        </Box>
      ) : catalogue.data.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }} data-testid="reports-empty">
          <Assessment sx={{ fontSize: 40, color: 'text.secondary' }} />
          <Typography variant="h6" component="p">
            {t('reports_none_title')}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('reports_none_text')}
          </Typography>
        </Paper>
      ) : (
        <Box
          component="ul"
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            display: 'grid',
            gap: 2,
            gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))',
          }}
        >
          {catalogue.data.map((r) => (
            <li key={r.name}>
              <Card variant="outlined" sx={{ height: '100%' }}>
                <CardActionArea
                  component={RouterLink}
                  to={reportLink(lang, r.name)}
                  sx={{ height: '100%', alignItems: 'flex-start' }}
                  data-testid={`report-card-${r.name}`}
                >
                  <CardContent>
                    <Typography
                      variant="h6"
                      component="h2"
                      sx={{ display: 'flex', gap: 1, alignItems: 'center' }}
                    >
                      <Assessment color="primary" aria-hidden />
                      {r.title}
                    </Typography>
                    <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
                      {r.description}
                    </Typography>
                  </CardContent>
                </CardActionArea>
              </Card>
            </li>
          ))}
        </Box>
      )}
      {(saved.data?.length ?? 0) > 0 && (
        <Box component="section" sx={{ mt: 4 }} aria-labelledby="saved-reports">
          <Typography id="saved-reports" variant="h5" component="h2" sx={{ mb: 1 }}>
            {t('reports_saved')}
          </Typography>
          <Paper variant="outlined">
            <List dense data-testid="reports-saved">
              {saved.data!.map((v) => (
                <ListItem key={v.id} disablePadding>
                  <ListItemButton component={RouterLink} to={paths.reportDashboard(lang, v.id)}>
                    <ListItemIcon>
                      <Bookmark />
                    </ListItemIcon>
                    <ListItemText primary={v.customTitle ?? v.name} secondary={v.defaultTitle} />
                  </ListItemButton>
                </ListItem>
              ))}
            </List>
          </Paper>
        </Box>
      )}
    </Box>
  );
}
