import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PUSH_VENDORS, type PushVendor } from '@footfall/domain';
import { useNotify } from '../../../components/notifications';
import { ApiError } from '../../../lib/api-client';
import {
  devicePushKeysQuery,
  useCreateDevicePushKey,
  useRevokeDevicePushKey,
  useUpdateNode,
} from './api/node-editors-api';
import { DeviceExportUpload } from './components/device-export-upload';
import { PanelState, formatDateTime } from './components/panel-states';
import { RevocableKeyList } from './components/revocable-key-list';
import { sensorFormOf, settingsOf, type SensorForm } from './lib/sensor-form';
import type { EditableNode } from './types';

/**
 * A device's sensor panel (issue 17): its push URLs (a key in the URL is the device's credential,
 * shown once when created, revocable), a backfill from the device's CSV export (Xovis, Axis), and the
 * push-format settings kept as its `sensorSettings` attribute (direction swap, Xovis logics, Irisys
 * registers).
 */
export function NodeSensorPanel({ node }: { node: EditableNode }) {
  return (
    <Stack spacing={2} divider={<Divider flexItem />}>
      <PushUrls deviceId={node.id} />
      <DeviceExportUpload deviceId={node.id} />
      <SensorSettingsForm node={node} />
    </Stack>
  );
}

function PushUrls({ deviceId }: { deviceId: string }) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const keys = useQuery(devicePushKeysQuery(deviceId));
  const create = useCreateDevicePushKey(deviceId);
  const revoke = useRevokeDevicePushKey(deviceId);
  const [vendor, setVendor] = useState<PushVendor>('xovis');
  const [created, setCreated] = useState<string | null>(null);
  const url = (key: string) => `${window.location.origin}/api/ingest/k/${key}/${vendor}`;

  return (
    <Stack spacing={1} component="section" aria-labelledby={`push-urls-${deviceId}`}>
      <Typography id={`push-urls-${deviceId}`} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {t('sensor_push_urls')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('sensor_push_urls_help')}
      </Typography>
      {created && (
        <Alert severity="warning" onClose={() => setCreated(null)} data-testid="push-key-created">
          <Typography variant="body2">{t('sensor_push_url_shown_once')}</Typography>
          <FormControl size="small" sx={{ my: 1, minWidth: 160 }}>
            <InputLabel id={`push-vendor-${deviceId}`}>{t('sensor_vendor')}</InputLabel>
            <Select
              labelId={`push-vendor-${deviceId}`}
              label={t('sensor_vendor')}
              value={vendor}
              onChange={(e) => setVendor(e.target.value as PushVendor)}
            >
              {PUSH_VENDORS.map((v) => (
                <MenuItem key={v} value={v}>
                  {t(`sensor_vendor_${v}`)}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          <Typography
            component="code"
            data-testid="push-url"
            sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere', display: 'block' }}
          >
            {url(created)}
          </Typography>
        </Alert>
      )}
      {keys.isPending ? (
        <PanelState state="loading" />
      ) : keys.isError ? (
        <PanelState state="error" />
      ) : (
        <RevocableKeyList
          keys={keys.data}
          label={t('sensor_push_urls')}
          empty={t('sensor_no_push_keys')}
          name={(k) => <Typography sx={{ fontFamily: 'monospace' }}>{k.keyPrefix}…</Typography>}
          status={(k) => t('sensor_key_created_on', { at: formatDateTime(i18n.language, k.createdOn) })}
          confirm={(k) => t('sensor_revoke_confirm', { key: k.keyPrefix })}
          revoke={revoke}
        />
      )}
      <Box>
        <Button
          variant="outlined"
          disabled={create.isPending}
          onClick={() =>
            create.mutate(undefined, {
              onSuccess: (made) => setCreated(made.key),
              onError: () => notify(t('node_editor_save_failed'), 'error'),
            })
          }
        >
          {t('sensor_create_push_url')}
        </Button>
      </Box>
    </Stack>
  );
}

function SensorSettingsForm({ node }: { node: EditableNode }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const save = useUpdateNode(node.id);
  const stored = JSON.stringify(node.attributes?.sensorSettings ?? {});
  const [form, setForm] = useState<SensorForm>(() => sensorFormOf(node.attributes?.sensorSettings));
  const [error, setError] = useState<{ field: string; message: string } | null>(null);
  useEffect(() => {
    setForm(sensorFormOf(node.attributes?.sensorSettings));
    setError(null);
    // `stored` stands for the node's saved settings
  }, [stored]);

  const errorAt = (field: string) =>
    error?.field === field ? t(`sensor_error_${error.message}`) : undefined;
  const change = (next: Partial<SensorForm>) => {
    setForm((f) => ({ ...f, ...next }));
    setError(null);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const result = settingsOf(form);
    if (!result.ok) {
      setError({ field: result.field, message: result.message });
      return;
    }
    const { sensorSettings: _old, ...rest } = node.attributes ?? {};
    const attributes =
      Object.keys(result.settings).length > 0 ? { ...rest, sensorSettings: result.settings } : rest;
    save.mutate(
      { referenceId: node.referenceId, attributes: JSON.stringify(attributes) },
      {
        onSuccess: () => notify(t('node_editor_saved'), 'success'),
        onError: (err) => {
          const field = err instanceof ApiError ? err.field : undefined;
          if (field)
            setError({ field: field.replace(/^attributes\.sensorSettings\./, ''), message: 'invalid' });
          notify(t('node_editor_save_failed'), 'error');
        },
      },
    );
  };

  return (
    <Stack
      spacing={1.5}
      component="form"
      noValidate
      onSubmit={submit}
      aria-labelledby={`sensor-settings-${node.id}`}
      data-testid="sensor-settings-form"
    >
      <Typography
        id={`sensor-settings-${node.id}`}
        variant="subtitle1"
        component="h3"
        sx={{ fontWeight: 600 }}
      >
        {t('sensor_settings')}
      </Typography>
      <FormControlLabel
        control={
          <Switch
            checked={form.swapDirections}
            onChange={(e) => change({ swapDirections: e.target.checked })}
          />
        }
        label={t('sensor_swap_directions')}
      />
      <TextField
        size="small"
        label={t('sensor_logics')}
        helperText={errorAt('logics') ?? t('sensor_logics_help')}
        error={Boolean(errorAt('logics'))}
        value={form.logics}
        onChange={(e) => change({ logics: e.target.value })}
      />
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {t('sensor_logic_directions')}
      </Typography>
      <RowList
        rows={form.logicDirections}
        onChange={(logicDirections) => change({ logicDirections })}
        blank={{ logic: '', swapped: true }}
        addLabel={t('sensor_add_logic_direction')}
        renderRow={(row, i, update) => (
          <>
            <TextField
              size="small"
              label={t('sensor_logic')}
              value={row.logic}
              error={Boolean(errorAt(`logicDirections.${i}`))}
              helperText={errorAt(`logicDirections.${i}`) ?? ' '}
              onChange={(e) => update({ logic: e.target.value })}
              sx={{ flex: 1 }}
            />
            <FormControlLabel
              control={
                <Switch checked={row.swapped} onChange={(e) => update({ swapped: e.target.checked })} />
              }
              label={t('sensor_swapped')}
            />
          </>
        )}
      />
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {t('sensor_registers')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('sensor_registers_help')}
      </Typography>
      <RowList
        rows={form.registers}
        onChange={(registers) => change({ registers })}
        blank={{ register: '', target: 'TrafficIn' }}
        addLabel={t('sensor_add_register')}
        renderRow={(row, i, update) => (
          <>
            <TextField
              size="small"
              label={t('sensor_register')}
              value={row.register}
              error={Boolean(errorAt(`registers.${i}`))}
              helperText={errorAt(`registers.${i}`) ?? ' '}
              onChange={(e) => update({ register: e.target.value })}
              sx={{ flex: 1 }}
            />
            <TextField
              size="small"
              label={t('sensor_register_target')}
              value={row.target}
              error={Boolean(errorAt(`registers.${i}`))}
              helperText=" "
              onChange={(e) => update({ target: e.target.value })}
              sx={{ flex: 1 }}
            />
          </>
        )}
      />
      <Box>
        <Button type="submit" variant="contained" disabled={save.isPending}>
          {t('node_editor_save')}
        </Button>
      </Box>
    </Stack>
  );
}

/** Rows of a settings list, each with its fields and a remove button, and an add button below. */
function RowList<T extends object>(props: {
  rows: T[];
  onChange(rows: T[]): void;
  blank: T;
  addLabel: string;
  renderRow(row: T, index: number, update: (patch: Partial<T>) => void): ReactNode;
}) {
  const { t } = useTranslation();
  const { rows, onChange } = props;
  return (
    <>
      {rows.map((row, i) => (
        <Stack key={i} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          {props.renderRow(row, i, (patch) =>
            onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r))),
          )}
          <IconButton
            aria-label={t('sensor_remove_row', { n: i + 1 })}
            onClick={() => onChange(rows.filter((_, j) => j !== i))}
          >
            <DeleteOutline />
          </IconButton>
        </Stack>
      ))}
      <Box>
        <Button size="small" startIcon={<Add />} onClick={() => onChange([...rows, props.blank])}>
          {props.addLabel}
        </Button>
      </Box>
    </>
  );
}
