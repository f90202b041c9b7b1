import { useEffect, useMemo, useState, type FormEvent } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import TravelExplore from '@mui/icons-material/TravelExplore';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { nodeKindOf } from '@footfall/domain';
import { useNotify } from '../../../components/notifications';
import { ApiError } from '../../../lib/api-client';
import { flattenTree, treeQuery } from '../../../lib/tree-api';
import { geocoderQuery, useLocate, useUpdateNode } from './api/node-editors-api';
import { BusinessHoursEditor } from './components/business-hours-editor';
import { TimeZonePicker } from './components/time-zone-picker';
import {
  FIELDS_OF,
  attributesOf,
  formFieldOf,
  formOf,
  validateAttributes,
  type AttributesForm,
  type FieldErrors,
  type FormField,
  type TextField as AttrField,
} from './lib/attributes-form';
import type { EditableNode } from './types';

const LABEL: Record<AttrField, string> = {
  macAddress: 'node_editor_mac_address',
  serialNumber: 'node_editor_serial_number',
  locationGroup: 'node_editor_location_group',
  capacity: 'node_editor_capacity',
  averageWage: 'node_editor_average_wage',
  address: 'node_editor_address',
  latitude: 'node_editor_latitude',
  longitude: 'node_editor_longitude',
  timezone: 'node_editor_timezone',
};

/** Server error codes the editor translates; others fall back to a generic message. */
const SERVER_CODES = [
  'geocoder_disabled',
  'geocoder_unavailable',
  'address_not_found',
  'time_zone_not_found',
];

/**
 * The attributes of one node (issue 12), by kind: a device's MAC address, serial number and connector;
 * a location's group, capacity, average wage, address and coordinates, time zone (searchable, or found
 * from the coordinates / the address) and business hours; a group's time zone. Validated with the
 * domain schema before sending; the server's answer naming a field shows under that field.
 */
export function NodeAttributesEditor({ node }: { node: EditableNode }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const kind = nodeKindOf(node.type);
  const [form, setForm] = useState<AttributesForm>(() => formOf(node));
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const save = useUpdateNode(node.id);
  const locate = useLocate();
  const geocoder = useQuery({ ...geocoderQuery(), enabled: kind === 'location' });
  const tree = useQuery({ ...treeQuery(), enabled: kind === 'location' });

  // another node selected, or its stored values changed (saved, refetched): start from them. Compared
  // by value, since hosts build the node object on every render.
  const stored = JSON.stringify([node.id, node.referenceId, node.attributes ?? {}]);
  useEffect(() => {
    setForm(formOf(node));
    setSubmitted(false);
    setServerErrors({});
    // `stored` stands for `node`
  }, [stored]);

  const errors = useMemo(() => validateAttributes(form, node), [form, node]);
  const errorOf = (field: FormField): string | undefined => {
    const key = serverErrors[field] ?? (submitted ? errors[field] : undefined);
    return key ? t(key) : undefined;
  };
  const setText = (field: AttrField, value: string) => {
    setForm((f) => ({ ...f, text: { ...f.text, [field]: value } }));
    setServerErrors((e) => ({ ...e, [field]: undefined }));
  };
  const locationGroups = useMemo(
    () =>
      [
        ...new Set(flattenTree(tree.data ?? []).flatMap((n) => (n.locationGroup ? [n.locationGroup] : []))),
      ].sort(),
    [tree.data],
  );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (Object.keys(errors).length > 0) return;
    save.mutate(
      {
        referenceId: form.referenceId.trim() === '' ? null : form.referenceId.trim(),
        attributes: JSON.stringify(attributesOf(form, kind, node.attributes)),
      },
      {
        onSuccess: () => notify(t('node_editor_saved'), 'success'),
        onError: (err) => {
          const field = err instanceof ApiError ? formFieldOf(err.field) : null;
          if (field) setServerErrors({ [field]: 'node_editor_error_invalid' });
          notify(t('node_editor_save_failed'), 'error');
        },
      },
    );
  };

  const hasCoordinates = form.text.latitude.trim() !== '' && form.text.longitude.trim() !== '';
  const canGeocode = Boolean(geocoder.data?.enabled) && form.text.address.trim() !== '';
  const findTimeZone = () => {
    const coordinateErrors = errors.latitude ?? errors.longitude;
    if (hasCoordinates && coordinateErrors) {
      setSubmitted(true);
      return;
    }
    locate.mutate(
      hasCoordinates
        ? { latitude: Number(form.text.latitude), longitude: Number(form.text.longitude) }
        : { address: form.text.address.trim() },
      {
        onSuccess: (found) => {
          setForm((f) => ({
            ...f,
            text: {
              ...f.text,
              latitude: String(found.latitude),
              longitude: String(found.longitude),
              timezone: found.timeZone,
            },
          }));
          notify(t('node_editor_timezone_found', { zone: found.timeZone }), 'success');
        },
        onError: (err) => {
          const code = err instanceof ApiError ? err.body?.error : undefined;
          notify(
            t(code && SERVER_CODES.includes(code) ? `node_editor_${code}` : 'node_editor_locate_failed'),
            'error',
          );
        },
      },
    );
  };

  const fields = FIELDS_OF[kind];
  const text = (field: AttrField, extra: { type?: string; inputMode?: 'decimal' | 'numeric' } = {}) => (
    <TextField
      key={field}
      id={`node-attr-${field}`}
      label={t(LABEL[field])}
      value={form.text[field]}
      onChange={(e) => setText(field, e.target.value)}
      error={Boolean(errorOf(field))}
      helperText={errorOf(field) ?? ' '}
      size="small"
      fullWidth
      slotProps={{ htmlInput: extra.inputMode ? { inputMode: extra.inputMode } : {} }}
    />
  );

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={t('node_editor_attributes')}>
      <Stack spacing={1}>
        <TextField
          id="node-attr-referenceId"
          label={t('node_editor_reference_id')}
          value={form.referenceId}
          onChange={(e) => {
            setForm((f) => ({ ...f, referenceId: e.target.value }));
            setServerErrors((s) => ({ ...s, referenceId: undefined }));
          }}
          error={Boolean(errorOf('referenceId'))}
          helperText={errorOf('referenceId') ?? ' '}
          size="small"
          fullWidth
        />
        {fields.includes('macAddress') && text('macAddress')}
        {fields.includes('serialNumber') && text('serialNumber')}
        {kind === 'device' && (
          <FormControlLabel
            control={
              <Switch
                checked={form.deviceConnectorAvailable}
                onChange={(e) => setForm((f) => ({ ...f, deviceConnectorAvailable: e.target.checked }))}
              />
            }
            label={t('node_editor_device_connector')}
          />
        )}
        {fields.includes('locationGroup') && (
          <Autocomplete
            freeSolo
            options={locationGroups}
            inputValue={form.text.locationGroup}
            onInputChange={(_, v) => setText('locationGroup', v)}
            size="small"
            renderInput={(params) => (
              <TextField
                {...params}
                id="node-attr-locationGroup"
                label={t(LABEL.locationGroup)}
                error={Boolean(errorOf('locationGroup'))}
                helperText={errorOf('locationGroup') ?? ' '}
              />
            )}
          />
        )}
        {fields.includes('capacity') && (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1, sm: 2 }}>
            {text('capacity', { inputMode: 'numeric' })}
            {text('averageWage', { inputMode: 'decimal' })}
          </Stack>
        )}
        {fields.includes('address') && text('address')}
        {fields.includes('latitude') && (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1, sm: 2 }}>
            {text('latitude', { inputMode: 'decimal' })}
            {text('longitude', { inputMode: 'decimal' })}
          </Stack>
        )}
        {fields.includes('timezone') && (
          <TimeZonePicker
            id="node-attr-timezone"
            label={t(LABEL.timezone)}
            value={form.text.timezone}
            onChange={(v) => setText('timezone', v)}
            error={errorOf('timezone')}
          />
        )}
        {kind === 'location' && (
          <Box>
            <Button
              startIcon={<TravelExplore />}
              onClick={findTimeZone}
              disabled={locate.isPending || (!hasCoordinates && !canGeocode)}
            >
              {hasCoordinates || !canGeocode
                ? t('node_editor_timezone_from_coordinates')
                : t('node_editor_timezone_from_address')}
            </Button>
            {!hasCoordinates && !geocoder.data?.enabled && (
              <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                {t('node_editor_geocoder_off_hint')}
              </Typography>
            )}
          </Box>
        )}
        {kind === 'location' && (
          <Box>
            <FormControlLabel
              control={
                <Switch
                  checked={form.hasBusinessHours}
                  onChange={(e) => setForm((f) => ({ ...f, hasBusinessHours: e.target.checked }))}
                />
              }
              label={t('node_editor_business_hours')}
            />
            {!form.hasBusinessHours && (
              <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                {t('node_editor_open_all_day_hint')}
              </Typography>
            )}
            {form.hasBusinessHours && (
              <BusinessHoursEditor
                week={form.week}
                onChange={(week) => setForm((f) => ({ ...f, week }))}
                showErrors={submitted || Boolean(serverErrors.businessHours)}
              />
            )}
          </Box>
        )}
        <Box>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {t('node_editor_save')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
