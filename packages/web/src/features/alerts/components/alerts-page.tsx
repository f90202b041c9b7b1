import { useQuery } from '@tanstack/react-query';
import { alertNameIn } from '@footfall/domain';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import { usePageTitle } from '../../../components/page-title';
import { paths } from '../../../config/paths';
import { useLang } from '../../../lib/use-lang';
import { alertHistoryQuery, alertsQuery } from '../api/alerts-api';
import { AlertHistoryTable } from './alert-history-table';
import { conditionText, NARROW_CELLS, NARROW_ONLY, WIDE_ONLY } from './alert-texts';
import { SeverityChip } from './severity-chip';

/** `/settings/alerts`: the rules of the admin's scope, and the alerts raised recently. */
export function AlertsPage() {
  const { t } = useTranslation();
  const lang = useLang();
  usePageTitle(`${t('nav_settings')} · ${t('settings_alerts')}`);
  const rules = useQuery(alertsQuery());
  const recent = useQuery(alertHistoryQuery(null));
  return (
    <Stack spacing={2} sx={{ p: { xs: 1, sm: 2 }, minWidth: 0 }}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {t('settings_alerts')}
        </Typography>
        <Button
          variant="contained"
          startIcon={<Add />}
          component={RouterLink}
          to={paths.settingsAlert(lang, 'new')}
          data-testid="alerts-new"
        >
          {t('alerts_new')}
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {t('alerts_intro')}
      </Typography>
      {rules.isPending && <LinearProgress aria-label={t('alerts_loading')} />}
      {rules.data && rules.data.length === 0 && <Typography>{t('alerts_none')}</Typography>}
      {rules.data && rules.data.length > 0 && (
        <TableContainer
          component={Paper}
          variant="outlined"
          tabIndex={0}
          role="region"
          aria-label={t('settings_alerts')}
        >
          <Table
            size="small"
            aria-label={t('settings_alerts')}
            data-testid="alerts-table"
            sx={{ minWidth: { sm: 640 }, ...NARROW_CELLS }}
          >
            <TableHead>
              <TableRow>
                <TableCell>{t('alerts_col_name')}</TableCell>
                <TableCell sx={WIDE_ONLY}>{t('alerts_col_condition')}</TableCell>
                <TableCell sx={WIDE_ONLY}>{t('alerts_col_nodes')}</TableCell>
                <TableCell sx={WIDE_ONLY}>{t('alerts_col_severity')}</TableCell>
                <TableCell align="right">{t('alerts_col_open')}</TableCell>
                <TableCell sx={WIDE_ONLY}>{t('alerts_col_state')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rules.data.map((a) => (
                <TableRow key={a.id} hover>
                  <TableCell>
                    <Link component={RouterLink} to={paths.settingsAlert(lang, a.id)}>
                      {alertNameIn(a.name, a.nameKey, lang)}
                    </Link>
                    <Box sx={{ ...NARROW_ONLY, my: 0.5 }}>
                      <SeverityChip severity={a.severity} />
                    </Box>
                    <Typography variant="caption" color="text.secondary" sx={NARROW_ONLY}>
                      {conditionText(t, a.condition)} · {a.nodes.map((n) => n.name).join(', ')}
                      {a.enabled ? '' : ` · ${t('alerts_disabled')}`}
                    </Typography>
                  </TableCell>
                  <TableCell sx={WIDE_ONLY}>{conditionText(t, a.condition)}</TableCell>
                  <TableCell sx={WIDE_ONLY}>{a.nodes.map((n) => n.name).join(', ')}</TableCell>
                  <TableCell sx={WIDE_ONLY}>
                    <SeverityChip severity={a.severity} />
                  </TableCell>
                  <TableCell align="right">
                    {a.openCount > 0 ? <Chip size="small" color="error" label={a.openCount} /> : 0}
                  </TableCell>
                  <TableCell sx={WIDE_ONLY}>{t(a.enabled ? 'alerts_enabled' : 'alerts_disabled')}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <Typography variant="h6" component="h2">
        {t('alerts_recent')}
      </Typography>
      {recent.data && <AlertHistoryTable rows={recent.data} showAlert label={t('alerts_recent')} />}
    </Stack>
  );
}
