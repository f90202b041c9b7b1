import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import HistoryIcon from '@mui/icons-material/History';
import SendOutlinedIcon from '@mui/icons-material/SendOutlined';
import { SCHEDULE_MAX_ATTEMPTS, type ScheduleDto } from '@footfall/domain';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useNotify } from '../../../components/notifications';
import { usePageTitle } from '../../../components/page-title';
import { useLang } from '../../../lib/use-lang';
import { paths } from '../../../config/paths';
import {
  fetchScheduleNodes,
  schedulesQuery,
  useDeleteSchedule,
  useRunNow,
  useSetEnabled,
} from '../api/report-schedules-api';
import { frequencyText, instantText } from '../lib/schedule-text';
import { ScheduleEditor } from './schedule-editor';
import { ScheduleHistory } from './schedule-history';

/**
 * `/report/scheduled/{reportScheduleId?}` (issue 14): the caller's scheduled reports and dashboard
 * snapshots with their next run (in the schedule's zone), last result, enable switch, run now, edit
 * and delete; the schedule named in the URL shows its history. A table on desktop, cards below 900 px.
 */
export function ScheduledReportsPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const notify = useNotify();
  const { reportScheduleId } = useParams();
  usePageTitle(t('sched_title'));
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const list = useQuery(schedulesQuery());
  const enable = useSetEnabled();
  const runNow = useRunNow();
  const remove = useDeleteSchedule();
  const [editing, setEditing] = useState<{
    schedule: ScheduleDto | null;
    nodes?: Awaited<ReturnType<typeof fetchScheduleNodes>>;
  } | null>(null);
  const [deleting, setDeleting] = useState<ScheduleDto | null>(null);
  const [running, setRunning] = useState<string | null>(null);
  const schedules = list.data ?? [];
  const selected = reportScheduleId ? schedules.find((s) => s.id === reportScheduleId) : undefined;

  const open = (id: string | null) => void navigate(paths.reportScheduled(lang, id));
  const edit = async (s: ScheduleDto) => {
    try {
      const nodes = s.kind === 'report' ? await fetchScheduleNodes(s.id) : undefined;
      setEditing(nodes ? { schedule: s, nodes } : { schedule: s });
    } catch (err) {
      notify(err instanceof Error ? err.message : String(err), 'error');
    }
  };
  const run = async (s: ScheduleDto) => {
    setRunning(s.id);
    try {
      const res = await runNow.mutateAsync(s.id);
      if (res.executionResult === 'Success') notify(t('sched_ran_ok', { name: s.title }), 'success');
      else notify(t('sched_ran_failed', { name: s.title, error: res.run.error ?? '' }), 'error');
      open(s.id);
    } catch (err) {
      notify(err instanceof Error ? err.message : String(err), 'error');
    } finally {
      setRunning(null);
    }
  };

  const nextRun = (s: ScheduleDto) =>
    s.disabledOn ? t('sched_disabled') : s.nextRunAt ? instantText(s.nextRunAt, s.timeZone, lang) : '—';
  const lastResult = (s: ScheduleDto) => {
    if (s.retryAttempt > 0 && !s.disabledOn)
      return (
        <Chip
          size="small"
          color="warning"
          label={t('sched_retrying', { attempt: s.retryAttempt + 1, max: SCHEDULE_MAX_ATTEMPTS })}
        />
      );
    if (!s.lastRun)
      return (
        <Typography variant="body2" color="text.secondary">
          {t('sched_never_ran')}
        </Typography>
      );
    const chip = (
      <Chip
        size="small"
        color={s.lastRun.executionResult === 'Success' ? 'success' : 'error'}
        label={`${t(`sched_result_${s.lastRun.executionResult}`)} · ${instantText(s.lastRun.occurredOn, s.timeZone, lang)}`}
        data-testid="sched-last-result"
      />
    );
    return s.lastRun.error ? <Tooltip title={s.lastRun.error}>{chip}</Tooltip> : chip;
  };
  const what = (s: ScheduleDto) =>
    s.kind === 'dashboard'
      ? `${t('sched_kind_dashboard')} · ${s.dashboardName ?? ''}`
      : `${t('sched_kind_report')} · ${t(`sched_report_${s.reportName}`)}`;
  const actions = (s: ScheduleDto) => (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
      <Tooltip title={t('sched_run_now')}>
        <span>
          <IconButton
            aria-label={t('sched_run_now_of', { name: s.title })}
            onClick={() => void run(s)}
            disabled={running !== null}
          >
            <SendOutlinedIcon />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title={t('sched_history')}>
        <IconButton aria-label={t('sched_history_of', { name: s.title })} onClick={() => open(s.id)}>
          <HistoryIcon />
        </IconButton>
      </Tooltip>
      <Tooltip title={t('sched_edit')}>
        <IconButton aria-label={t('sched_edit_of', { name: s.title })} onClick={() => void edit(s)}>
          <EditOutlinedIcon />
        </IconButton>
      </Tooltip>
      <Tooltip title={t('sched_delete')}>
        <IconButton aria-label={t('sched_delete_of', { name: s.title })} onClick={() => setDeleting(s)}>
          <DeleteOutlineIcon />
        </IconButton>
      </Tooltip>
    </Stack>
  );
  const enabledSwitch = (s: ScheduleDto) => (
    <Switch
      checked={!s.disabledOn}
      onChange={(e) => enable.mutate({ id: s.id, enabled: e.target.checked })}
      slotProps={{ input: { 'aria-label': t('sched_enable', { name: s.title }) } }}
    />
  );

  return (
    <Box sx={{ p: { xs: 2, md: 3 }, maxWidth: 1400, mx: 'auto' }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 1 }}
      >
        <Typography variant="h5" component="h1">
          {t('sched_title')}
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ schedule: null })}>
          {t('sched_new')}
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('sched_intro')}
      </Typography>
      {list.isLoading && <LinearProgress aria-label={t('sched_loading')} />}
      {list.isError && <Alert severity="error">{list.error.message}</Alert>}
      {list.isSuccess && schedules.length === 0 && <Alert severity="info">{t('sched_empty')}</Alert>}
      {reportScheduleId && list.isSuccess && !selected && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('sched_not_found')}
        </Alert>
      )}
      {schedules.length > 0 &&
        (narrow ? (
          <Stack spacing={1.5}>
            {schedules.map((s) => (
              <Card
                key={s.id}
                variant="outlined"
                data-testid="sched-row"
                aria-current={s.id === selected?.id ? 'true' : undefined}
              >
                <CardContent>
                  <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
                    <Typography variant="subtitle1" component="h2">
                      {s.title}
                    </Typography>
                    {enabledSwitch(s)}
                  </Stack>
                  <Typography variant="body2" color="text.secondary">
                    {what(s)}
                  </Typography>
                  <Typography variant="body2">
                    {frequencyText(s, t, lang)} ({s.timeZone}) · {t(`sched_period_${s.relativePeriod}`)}
                  </Typography>
                  <Typography variant="body2">
                    {t('sched_col_next')}: {nextRun(s)}
                  </Typography>
                  <Box sx={{ my: 1 }}>{lastResult(s)}</Box>
                  {actions(s)}
                </CardContent>
              </Card>
            ))}
          </Stack>
        ) : (
          <TableContainer component={Paper} variant="outlined">
            <Table size="small" aria-label={t('sched_title')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('sched_col_name')}</TableCell>
                  <TableCell>{t('sched_col_when')}</TableCell>
                  <TableCell>{t('sched_col_period')}</TableCell>
                  <TableCell>{t('sched_col_recipients')}</TableCell>
                  <TableCell>{t('sched_col_next')}</TableCell>
                  <TableCell>{t('sched_col_last')}</TableCell>
                  <TableCell>{t('sched_col_enabled')}</TableCell>
                  <TableCell>{t('sched_col_actions')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {schedules.map((s) => (
                  <TableRow key={s.id} data-testid="sched-row" selected={s.id === selected?.id}>
                    <TableCell>
                      <Typography variant="body2" sx={{ fontWeight: 600 }}>
                        {s.title}
                      </Typography>
                      <Typography variant="caption" color="text.secondary">
                        {what(s)} · {s.formats.map((f) => f.toUpperCase()).join(', ')}
                      </Typography>
                    </TableCell>
                    <TableCell>
                      {frequencyText(s, t, lang)}
                      <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                        {s.timeZone}
                      </Typography>
                    </TableCell>
                    <TableCell>{t(`sched_period_${s.relativePeriod}`)}</TableCell>
                    <TableCell>{t('sched_recipient_count', { count: s.recipients.length })}</TableCell>
                    <TableCell>{nextRun(s)}</TableCell>
                    <TableCell>{lastResult(s)}</TableCell>
                    <TableCell>{enabledSwitch(s)}</TableCell>
                    <TableCell>{actions(s)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        ))}
      {running && <LinearProgress sx={{ mt: 1 }} aria-label={t('sched_run_now')} />}
      {selected && <ScheduleHistory schedule={selected} onClose={() => open(null)} />}
      {editing && (
        <ScheduleEditor
          open
          schedule={editing.schedule}
          {...(editing.nodes ? { nodes: editing.nodes } : {})}
          onClose={(saved) => {
            setEditing(null);
            if (saved) {
              notify(t('sched_saved'), 'success');
              open(saved.id);
            }
          }}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        message={t('sched_delete_confirm', { name: deleting?.title ?? '' })}
        onNo={() => setDeleting(null)}
        onYes={() => {
          const id = deleting!.id;
          setDeleting(null);
          remove.mutate(id, {
            onSuccess: () => {
              notify(t('sched_deleted'), 'success');
              if (id === reportScheduleId) open(null);
            },
          });
        }}
      />
    </Box>
  );
}
