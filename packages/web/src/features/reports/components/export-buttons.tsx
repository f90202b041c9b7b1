import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonGroup from '@mui/material/ButtonGroup';
import LinearProgress from '@mui/material/LinearProgress';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import Download from '@mui/icons-material/Download';
import ArrowDropDown from '@mui/icons-material/ArrowDropDown';
import type { ReportFormat, ReportName, ReportParametersInput } from '@footfall/domain';
import { ApiError } from '../../../lib/api-client';
import { downloadReport } from '../api/reports-api';

/** How long an export may take before its progress bar shows (issue 14: anything over a second). */
const PROGRESS_AFTER_MS = 1000;

/**
 * XLSX, CSV (decimal point or comma) and PDF of the report, made by the server from the same
 * parameters; a progress bar while a file takes more than a second, a clear error when it fails.
 */
export function ExportButtons(props: { reportName: ReportName; parameters: ReportParametersInput | null }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<ReportFormat | null>(null);
  const [slow, setSlow] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [csvAnchor, setCsvAnchor] = useState<HTMLElement | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const run = async (format: ReportFormat, decimalSeparator: '.' | ',' = '.') => {
    if (!props.parameters || busy) return;
    setError(null);
    setBusy(format);
    const controller = new AbortController();
    abort.current = controller;
    const timer = window.setTimeout(() => setSlow(true), PROGRESS_AFTER_MS);
    try {
      await downloadReport(
        props.reportName,
        { ...props.parameters, decimalSeparator },
        format,
        controller.signal,
      );
    } catch (e) {
      if (controller.signal.aborted) return;
      const code = e instanceof ApiError ? e.body?.error : undefined;
      setError(
        e instanceof ApiError && e.status === 400
          ? t('reports_export_bad_parameters', { field: e.field ?? '' })
          : t('reports_export_failed', { code: code ?? (e instanceof ApiError ? e.status : 'network') }),
      );
    } finally {
      window.clearTimeout(timer);
      setBusy(null);
      setSlow(false);
    }
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, minWidth: 260 }}>
      <ButtonGroup
        variant="outlined"
        size="small"
        aria-label={t('reports_export')}
        disabled={!props.parameters || busy !== null}
      >
        <Button startIcon={<Download />} onClick={() => void run('xlsx')} data-testid="export-xlsx">
          XLSX
        </Button>
        <Button
          endIcon={<ArrowDropDown />}
          onClick={(e) => setCsvAnchor(e.currentTarget)}
          data-testid="export-csv"
          aria-haspopup="menu"
        >
          CSV
        </Button>
        <Button onClick={() => void run('pdf')} data-testid="export-pdf">
          PDF
        </Button>
      </ButtonGroup>
      <Menu anchorEl={csvAnchor} open={csvAnchor !== null} onClose={() => setCsvAnchor(null)}>
        {(['.', ','] as const).map((sep) => (
          <MenuItem
            key={sep}
            onClick={() => {
              setCsvAnchor(null);
              void run('csv', sep);
            }}
            data-testid={`export-csv-${sep === '.' ? 'point' : 'comma'}`}
          >
            <ListItemText primary={t(sep === '.' ? 'reports_csv_point' : 'reports_csv_comma')} />
          </MenuItem>
        ))}
      </Menu>
      {busy && slow && (
        <Box data-testid="export-progress" role="status">
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {t('reports_export_running', { format: busy.toUpperCase() })}
          </Typography>
          <LinearProgress aria-label={t('reports_export_running', { format: busy.toUpperCase() })} />
        </Box>
      )}
      {error && (
        <Alert severity="error" onClose={() => setError(null)} data-testid="export-error">
          {error}
        </Alert>
      )}
    </Box>
  );
}
