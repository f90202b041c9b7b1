import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { alertNameIn, LOCALES, type AlertOccurrence } from '@footfall/domain';
import { useLang } from '../../../lib/use-lang';
import { NARROW_CELLS, NARROW_ONLY, when, WIDE_ONLY } from './alert-texts';
import { SeverityChip } from './severity-chip';

/** Occurrences of alerts (newest first) with what was sent to whom on each channel. */
export function AlertHistoryTable(props: { rows: AlertOccurrence[]; showAlert: boolean; label: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const locale = LOCALES[lang];
  if (props.rows.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        {t('alerts_recent_none')}
      </Typography>
    );
  return (
    <TableContainer component={Paper} variant="outlined" tabIndex={0} role="region" aria-label={props.label}>
      <Table
        size="small"
        aria-label={props.label}
        data-testid="alert-history"
        sx={{ minWidth: { sm: 760 }, ...NARROW_CELLS }}
      >
        <TableHead>
          <TableRow>
            {props.showAlert && <TableCell>{t('alerts_col_alert')}</TableCell>}
            <TableCell sx={props.showAlert ? WIDE_ONLY : {}}>{t('alerts_col_node')}</TableCell>
            <TableCell>{t('alerts_col_opened')}</TableCell>
            <TableCell sx={WIDE_ONLY}>{t('alerts_col_resolved')}</TableCell>
            <TableCell align="right" sx={WIDE_ONLY}>
              {t('alerts_col_value')}
            </TableCell>
            <TableCell sx={WIDE_ONLY}>{t('alerts_col_sent')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {props.rows.map((o) => (
            <TableRow key={o.id} data-testid="alert-occurrence">
              {props.showAlert && (
                <TableCell>
                  <SeverityChip severity={o.severity} />
                  {alertNameIn(o.alertName, o.alertNameKey, lang)}
                  <Typography variant="caption" color="text.secondary" sx={NARROW_ONLY}>
                    {o.nodeName}
                  </Typography>
                </TableCell>
              )}
              <TableCell sx={props.showAlert ? WIDE_ONLY : {}}>{o.nodeName}</TableCell>
              <TableCell>
                {when(o.openedOn, locale)}
                {/* on phones the value moves under the time, so the table keeps to the screen's width */}
                <Typography variant="caption" color="text.secondary" component="div" sx={NARROW_ONLY}>
                  {t('alerts_value_caption', { value: valueText(o, locale) })}
                </Typography>
                {!o.resolvedOn && (
                  <Box sx={NARROW_ONLY}>
                    <Chip size="small" color="error" label={t('alerts_still_open')} />
                  </Box>
                )}
              </TableCell>
              <TableCell sx={WIDE_ONLY}>
                {o.resolvedOn ? (
                  when(o.resolvedOn, locale)
                ) : (
                  <Chip size="small" color="error" label={t('alerts_still_open')} />
                )}
              </TableCell>
              <TableCell align="right" sx={WIDE_ONLY}>
                {valueText(o, locale)}
              </TableCell>
              <TableCell sx={{ ...WIDE_ONLY, maxWidth: 420 }}>
                {o.deliveries.map((d) => (
                  <Typography key={d.id} variant="body2" component="div" sx={{ wordBreak: 'break-all' }}>
                    {t(`alerts_notice_${d.kind}`)} · {d.recipient} · {t(`alerts_status_${d.status}`)}
                  </Typography>
                ))}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** "value / threshold" in the reader's number format (a threshold from an objective has decimals) */
const valueText = (o: AlertOccurrence, locale: string) => {
  const format = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  const number = (n: number | null | undefined) => (n == null ? '–' : format.format(n));
  return `${number(o.value)} / ${number(o.threshold)}`;
};
