import { useId, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import UploadFile from '@mui/icons-material/UploadFileOutlined';
import type { SensorIngestResponse } from '@footfall/domain';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../lib/api-client';
import { useUploadDeviceExport } from '../api/node-editors-api';
import { DEVICE_EXPORT_FORMATS, exportFormatOf, type DeviceExportFormat } from '../lib/device-export';

type Outcome =
  | { ok: true; file: string; result: SensorIngestResponse }
  | { ok: false; file: string; status: number; message: string | null };

/**
 * "Backfill from a device export" (issue 17): a Xovis count export or an Axis export (CSV) uploaded
 * as the device's counts. The format follows the chosen file's header (the admin can change it);
 * the outcome shows the values stored, or the server's 400 naming the line and column. A refused
 * file writes nothing, and nothing else on the panel changes.
 */
export function DeviceExportUpload({ deviceId }: { deviceId: string }) {
  const { t, i18n } = useTranslation();
  const ids = useId();
  const upload = useUploadDeviceExport(deviceId);
  const [format, setFormat] = useState<DeviceExportFormat>('xovis');
  const [file, setFile] = useState<File | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const number = new Intl.NumberFormat(i18n.language);

  const choose = (chosen: File | undefined) => {
    setOutcome(null);
    if (!chosen) return;
    // the header names the format: preselect it (the first few kB are enough), then take the file
    void chosen
      .slice(0, 4096)
      .text()
      .catch(() => '')
      .then((head) => {
        const found = exportFormatOf(head);
        if (found) setFormat(found);
        setFile(chosen);
      });
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!file) return;
    setOutcome(null);
    upload.mutate(
      { format, file },
      {
        onSuccess: (result) => setOutcome({ ok: true, file: file.name, result }),
        onError: (err) =>
          setOutcome({
            ok: false,
            file: file.name,
            status: err instanceof ApiError ? err.status : 0,
            message: err instanceof ApiError ? (err.body?.message ?? null) : null,
          }),
      },
    );
  };

  const failure = (o: Extract<Outcome, { ok: false }>) => {
    if (o.status === 400 && o.message)
      return t('sensor_export_refused', { file: o.file, message: o.message });
    if (o.status === 404) return t('sensor_export_not_found');
    if (o.status === 413) return t('sensor_export_too_large');
    return t('sensor_export_failed');
  };

  return (
    <Stack
      spacing={1.5}
      component="form"
      noValidate
      onSubmit={submit}
      aria-labelledby={`${ids}-title`}
      data-testid="device-export-upload"
    >
      <Typography id={`${ids}-title`} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {t('sensor_export_title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('sensor_export_help')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
        <FormControl size="small" sx={{ minWidth: 220 }}>
          <InputLabel id={`${ids}-format`}>{t('sensor_export_format')}</InputLabel>
          <Select
            labelId={`${ids}-format`}
            label={t('sensor_export_format')}
            value={format}
            disabled={upload.isPending}
            onChange={(e) => {
              setFormat(e.target.value as DeviceExportFormat);
              setOutcome(null);
            }}
          >
            {DEVICE_EXPORT_FORMATS.map((f) => (
              <MenuItem key={f} value={f}>
                {t(`sensor_export_format_${f}`)}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <Button
          component="label"
          variant="outlined"
          startIcon={<UploadFile />}
          disabled={upload.isPending}
          sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
        >
          {t('sensor_export_choose')}
          <input
            type="file"
            hidden
            accept=".csv,text/csv,text/plain"
            aria-label={t('sensor_export_choose')}
            onChange={(e) => {
              choose(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
        </Button>
        <Typography variant="body2" data-testid="device-export-file" sx={{ overflowWrap: 'anywhere' }}>
          {file ? file.name : t('sensor_export_no_file')}
        </Typography>
      </Stack>
      {upload.isPending && (
        <LinearProgress aria-label={t('sensor_export_uploading', { file: file?.name ?? '' })} />
      )}
      {outcome &&
        (outcome.ok ? (
          <Alert severity="success" data-testid="device-export-result">
            {t('sensor_export_stored', {
              file: outcome.file,
              count: outcome.result.accepted,
              n: number.format(outcome.result.accepted),
            })}
          </Alert>
        ) : (
          <Alert severity="error" data-testid="device-export-result">
            {failure(outcome)}
          </Alert>
        ))}
      <Box>
        <Button type="submit" variant="contained" disabled={!file || upload.isPending}>
          {t('sensor_export_upload')}
        </Button>
      </Box>
    </Stack>
  );
}
