import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import type { ScheduleDto } from '@footfall/domain';
import { useLang } from '../../../lib/use-lang';
import { historyQuery } from '../api/report-schedules-api';
import { instantText } from '../lib/schedule-text';

/** The runs of one schedule, newest first: when, result (with the error), period, recipients, files. */
export function ScheduleHistory(props: { schedule: ScheduleDto; onClose(): void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const s = props.schedule;
  const runs = useQuery(historyQuery(s.id));
  return (
    <Box component="section" aria-labelledby="sched-history-title" sx={{ mt: 3 }} data-testid="sched-history">
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography variant="h6" component="h2" id="sched-history-title">
          {t('sched_history_of', { name: s.title })}
        </Typography>
        <IconButton aria-label={t('sched_history_close')} onClick={props.onClose}>
          <CloseIcon />
        </IconButton>
      </Stack>
      {runs.isLoading && <LinearProgress />}
      {runs.isSuccess && runs.data.length === 0 && (
        <Typography color="text.secondary">{t('sched_history_empty')}</Typography>
      )}
      {runs.isSuccess && runs.data.length > 0 && (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-labelledby="sched-history-title">
            <TableHead>
              <TableRow>
                <TableCell>{t('sched_run_occurred')}</TableCell>
                <TableCell>{t('sched_run_result')}</TableCell>
                <TableCell>{t('sched_col_period')}</TableCell>
                <TableCell>{t('sched_run_trigger')}</TableCell>
                <TableCell align="right">{t('sched_run_attempts')}</TableCell>
                <TableCell align="right">{t('sched_col_recipients')}</TableCell>
                <TableCell>{t('sched_run_files')}</TableCell>
                <TableCell>{t('sched_run_error')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {runs.data.map((r) => (
                <TableRow key={r.id} data-testid="sched-run">
                  <TableCell>{instantText(r.occurredOn, s.timeZone, lang)}</TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      color={r.executionResult === 'Success' ? 'success' : 'error'}
                      label={t(`sched_result_${r.executionResult}`)}
                    />
                  </TableCell>
                  <TableCell>
                    {r.periodFrom && r.periodTo ? `${r.periodFrom} – ${r.periodTo}` : '—'}
                  </TableCell>
                  <TableCell>{t(`sched_run_trigger_${r.trigger}`)}</TableCell>
                  <TableCell align="right">{r.attempts}</TableCell>
                  <TableCell align="right">{r.recipients}</TableCell>
                  <TableCell>{r.files.join(', ')}</TableCell>
                  <TableCell sx={{ maxWidth: 320, overflowWrap: 'anywhere' }}>{r.error ?? ''}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}
