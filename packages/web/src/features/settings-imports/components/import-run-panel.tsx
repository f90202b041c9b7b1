import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
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
import Upload from '@mui/icons-material/UploadFileOutlined';
import Download from '@mui/icons-material/DownloadOutlined';
import PlayArrow from '@mui/icons-material/PlayArrowOutlined';
import CloudDownload from '@mui/icons-material/CloudDownloadOutlined';
import type { ImportPreview, ImportRowError, ImportRun, ImportTask, UploadedFile } from '@footfall/domain';
import { useNotify } from '../../../components/notifications';
import { ApiError } from '../../../lib/api-client';
import {
  downloadErrorReport,
  importRunsQuery,
  usePreviewImport,
  usePullImport,
  useStartImport,
} from '../api/imports-api';
import { RunStatus } from './run-status';

/** How far a run got: reading and checking is the first half, writing the second. */
export function runProgress(run: ImportRun): number {
  if (run.status !== 'running') return 100;
  const valid = run.rowsRead - run.rowsRejected;
  if (run.rowsWritten > 0 && valid > 0) return 50 + (50 * run.rowsWritten) / valid;
  return run.bytesTotal > 0 ? (50 * run.bytesRead) / run.bytesTotal : 0;
}

/**
 * A saved task's runs: choose a file, see its first rows with each row's problems (nothing written),
 * import it, follow the progress, and the history with each run's error report.
 */
export function ImportRunPanel({ task }: { task: ImportTask }) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const runs = useQuery(importRunsQuery(task.id));
  const preview = usePreviewImport();
  const start = useStartImport();
  const pull = usePullImport();
  const [checked, setChecked] = useState<{ file: UploadedFile; preview: ImportPreview } | null>(null);
  const running = runs.data?.find((r) => r.status === 'running') ?? null;
  const date = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' }).format(
      new Date(iso),
    );
  const localTime = (iso: string, timeZone: string | null) =>
    new Intl.DateTimeFormat(i18n.language, {
      dateStyle: 'medium',
      timeStyle: 'short',
      ...(timeZone ? { timeZone } : {}),
    }).format(new Date(iso)) + (timeZone ? ` (${timeZone})` : '');
  const errorText = (e: ImportRowError) =>
    t(`imp_err_${e.code}`, { row: e.row, column: e.column, value: e.value });
  const failure = (e: unknown) => {
    const code = e instanceof ApiError ? e.body?.error : undefined;
    const column = e instanceof ApiError ? (e.body as { column?: string } | null)?.column : undefined;
    notify(
      code === 'import_column_missing'
        ? t('imp_column_missing', { column })
        : code && i18n.exists(`imp_api_${code}`)
          ? t(`imp_api_${code}`)
          : t('imp_failure'),
      'error',
    );
  };

  const onFile = (file: File | undefined) => {
    if (!file) return;
    setChecked(null);
    preview.mutate({ taskId: task.id, file }, { onSuccess: setChecked, onError: failure });
  };
  const rowErrors = checked?.preview.rows.flatMap((r) => r.errors) ?? [];

  return (
    <Stack spacing={3}>
      <Paper variant="outlined" component="section" aria-labelledby="imp-run-title" sx={{ p: 2 }}>
        <Typography id="imp-run-title" variant="h6" component="h2" gutterBottom>
          {t('imp_run_title')}
        </Typography>
        {task.disabledOn && <Alert severity="info">{t('imp_disabled_note')}</Alert>}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ my: 1 }}>
          <Button
            component="label"
            variant="outlined"
            startIcon={<Upload />}
            disabled={!!task.disabledOn || preview.isPending || !!running}
          >
            {t('imp_choose_file')}
            <input
              type="file"
              hidden
              accept=".csv,.txt,.tsv,.xlsx"
              aria-label={t('imp_choose_file')}
              onChange={(e) => {
                onFile(e.target.files?.[0]);
                e.target.value = '';
              }}
            />
          </Button>
          {task.source.kind !== 'upload' && (
            <Button
              variant="outlined"
              startIcon={<CloudDownload />}
              disabled={!!task.disabledOn || pull.isPending || !!running}
              onClick={() => pull.mutate(task.id, { onError: failure })}
            >
              {t('imp_pull_now')}
            </Button>
          )}
        </Stack>
        {preview.isPending && <LinearProgress aria-label={t('imp_checking')} />}
        {checked && (
          <Box>
            <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>
              {t('imp_preview_title', { name: checked.file.name, count: checked.preview.rows.length })}
            </Typography>
            <TableContainer sx={{ maxHeight: 420, my: 1 }} tabIndex={0} aria-label={t('imp_preview_label')}>
              <Table size="small" stickyHeader aria-label={t('imp_preview_label')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('imp_row')}</TableCell>
                    {checked.preview.columns.map((c, i) => (
                      <TableCell key={i}>{c}</TableCell>
                    ))}
                    <TableCell>{t('imp_lands_on')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {checked.preview.rows.map((r) => {
                    const bad = new Set(r.errors.map((e) => e.column.toLowerCase()));
                    return (
                      <TableRow
                        key={r.row}
                        data-testid={`preview-row-${r.row}`}
                        sx={r.errors.length ? { bgcolor: 'rgba(211, 47, 47, 0.08)' } : undefined}
                      >
                        <TableCell>{r.row}</TableCell>
                        {checked.preview.columns.map((c, i) => (
                          <TableCell
                            key={i}
                            sx={
                              bad.has(c.trim().toLowerCase())
                                ? { color: 'error.dark', fontWeight: 600 }
                                : undefined
                            }
                          >
                            {r.cells[i] ?? ''}
                          </TableCell>
                        ))}
                        <TableCell>
                          {r.errors.length > 0
                            ? r.errors.map((e) => <div key={e.column + e.code}>{errorText(e)}</div>)
                            : [r.locationName, r.occurredOn ? localTime(r.occurredOn, r.timeZone) : null]
                                .filter(Boolean)
                                .join(' · ')}
                        </TableCell>
                      </TableRow>
                    );
                  })}
                </TableBody>
              </Table>
            </TableContainer>
            {rowErrors.length > 0 ? (
              <Alert severity="warning" sx={{ mb: 1 }}>
                {task.skipInvalidRows
                  ? t('imp_preview_errors_skipped', { count: rowErrors.length })
                  : t('imp_preview_errors', { count: rowErrors.length })}
              </Alert>
            ) : (
              <Alert severity="success" sx={{ mb: 1 }}>
                {t('imp_preview_ok')}
              </Alert>
            )}
            <Button
              variant="contained"
              startIcon={<PlayArrow />}
              disabled={start.isPending || !!running}
              onClick={() =>
                start.mutate(
                  { taskId: task.id, fileId: checked.file.fileId },
                  { onSuccess: () => setChecked(null), onError: failure },
                )
              }
            >
              {t('imp_start', { name: checked.file.name })}
            </Button>
          </Box>
        )}
        {running && (
          <Box sx={{ mt: 2 }} aria-live="polite">
            <Typography variant="body2">
              {t('imp_running', {
                read: running.rowsRead,
                written: running.rowsWritten,
                rejected: running.rowsRejected,
              })}
            </Typography>
            <LinearProgress
              variant="determinate"
              value={runProgress(running)}
              aria-label={t('imp_progress', { name: running.fileName })}
            />
          </Box>
        )}
      </Paper>

      <Paper variant="outlined" component="section" aria-labelledby="imp-history-title">
        <Typography id="imp-history-title" variant="h6" component="h2" sx={{ p: 2, pb: 1 }}>
          {t('imp_history')}
        </Typography>
        {runs.data && runs.data.length === 0 && (
          <Typography color="text.secondary" sx={{ px: 2, pb: 2 }}>
            {t('imp_never_run')}
          </Typography>
        )}
        {runs.data && runs.data.length > 0 && (
          <TableContainer>
            <Table size="small" aria-labelledby="imp-history-title">
              <TableHead>
                <TableRow>
                  <TableCell>{t('imp_started')}</TableCell>
                  <TableCell>{t('imp_file')}</TableCell>
                  <TableCell>{t('imp_status')}</TableCell>
                  <TableCell align="right">{t('imp_rows_read')}</TableCell>
                  <TableCell align="right">{t('imp_rows_written')}</TableCell>
                  <TableCell align="right">{t('imp_rows_rejected')}</TableCell>
                  <TableCell>{t('imp_report')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {runs.data.map((r) => (
                  <TableRow key={r.id} data-testid="import-run">
                    <TableCell>
                      {date(r.startedOn)}
                      {r.startedBy ? ` · ${r.startedBy}` : ` · ${t('imp_scheduled')}`}
                    </TableCell>
                    <TableCell>{r.fileName}</TableCell>
                    <TableCell>
                      <RunStatus status={r.status} />
                    </TableCell>
                    <TableCell align="right">{r.rowsRead.toLocaleString(i18n.language)}</TableCell>
                    <TableCell align="right">{r.rowsWritten.toLocaleString(i18n.language)}</TableCell>
                    <TableCell align="right">{r.rowsRejected.toLocaleString(i18n.language)}</TableCell>
                    <TableCell>
                      {r.rowsRejected > 0 ? (
                        <Button
                          size="small"
                          startIcon={<Download />}
                          onClick={() => void downloadErrorReport(task.id, r.id).catch(failure)}
                          aria-label={t('imp_download_errors_of', { name: r.fileName })}
                        >
                          {t('imp_download_errors')}
                        </Button>
                      ) : r.status === 'failed' ? (
                        <Typography variant="body2" color="error">
                          {t('imp_status_failed')}
                        </Typography>
                      ) : null}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Paper>
    </Stack>
  );
}
