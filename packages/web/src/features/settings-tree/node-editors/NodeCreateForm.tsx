import { useMemo, useState, type FormEvent } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NODE_TYPE_NAMES, nodeKindOf, type NodeTypeName } from '@footfall/domain';
import { useNotify } from '../../../components/notifications';
import { ApiError } from '../../../lib/api-client';
import { flattenTree, treeQuery, type FlatNode } from '../../../lib/tree-api';
import { useCreateNode } from './api/node-editors-api';
import { TimeZonePicker } from './components/time-zone-picker';
import {
  FIELDS_OF,
  attributesOf,
  formFieldOf,
  formOf,
  validateAttributes,
  type FieldErrors,
} from './lib/attributes-form';

/** Attributes asked at creation; the rest is edited afterwards in the attribute editor. */
const CREATE_FIELDS = { device: ['macAddress', 'serialNumber'], location: ['timezone'], group: [] } as const;

/**
 * Creates a node of `type` under `parentId`: name, reference id, the main attributes of its kind and,
 * optionally, another node of the same type whose measurements it shares (`shareMeasurementsFrom`:
 * a device replacing another, a store taking over another's doors).
 */
export function NodeCreateForm({
  parentId,
  type,
  onCreated,
}: {
  parentId: string | null;
  type: NodeTypeName;
  onCreated?: (nodeId: string) => void;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const kind = nodeKindOf(type);
  const create = useCreateNode();
  const tree = useQuery(treeQuery());
  const [name, setName] = useState('');
  const [form, setForm] = useState(() => formOf({ referenceId: null, attributes: {} }));
  const [shareFrom, setShareFrom] = useState<FlatNode | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<
    FieldErrors & { name?: string; shareMeasurementsFrom?: string }
  >({});
  const candidates = useMemo(
    () => flattenTree(tree.data ?? []).filter((n) => n.kind === kind),
    [tree.data, kind],
  );
  const errors: FieldErrors & { name?: string } = validateAttributes(form, {
    type: NODE_TYPE_NAMES[kind],
    attributes: {},
  });
  if (name.trim() === '') errors.name = 'node_editor_error_required';
  const errorOf = (f: keyof typeof serverErrors) => {
    const key = serverErrors[f] ?? (submitted ? errors[f as keyof typeof errors] : undefined);
    return key ? t(key) : undefined;
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    const shown = CREATE_FIELDS[kind] as readonly string[];
    if (Object.keys(errors).some((f) => f === 'name' || f === 'referenceId' || shown.includes(f))) return;
    const attributes = Object.fromEntries(
      Object.entries(attributesOf(form, kind, {})).filter(([k]) => shown.includes(k)),
    );
    create.mutate(
      {
        parentId,
        name: name.trim(),
        type,
        referenceId: form.referenceId.trim() === '' ? null : form.referenceId.trim(),
        attributes: JSON.stringify(attributes),
        shareMeasurementsFrom: shareFrom?.id ?? null,
      },
      {
        onSuccess: (node) => {
          notify(t('node_editor_created', { name: node.name }), 'success');
          onCreated?.(node.id);
        },
        onError: (err) => {
          const field = err instanceof ApiError ? err.field : undefined;
          if (field === 'name' || field === 'shareMeasurementsFrom')
            setServerErrors({ [field]: 'node_editor_error_invalid' });
          else {
            const f = formFieldOf(field);
            if (f) setServerErrors({ [f]: 'node_editor_error_invalid' });
          }
          notify(t('node_editor_save_failed'), 'error');
        },
      },
    );
  };

  const fields = CREATE_FIELDS[kind] as readonly string[];
  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={t('node_editor_create')}>
      <Stack spacing={1}>
        <TextField
          id="node-create-name"
          size="small"
          label={t('node_editor_name')}
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            setServerErrors((s) => ({ ...s, name: undefined }));
          }}
          error={Boolean(errorOf('name'))}
          helperText={errorOf('name') ?? ' '}
          required
          autoFocus
          fullWidth
        />
        <TextField
          id="node-create-referenceId"
          size="small"
          label={t('node_editor_reference_id')}
          value={form.referenceId}
          onChange={(e) => setForm((f) => ({ ...f, referenceId: e.target.value }))}
          error={Boolean(errorOf('referenceId'))}
          helperText={errorOf('referenceId') ?? ' '}
          fullWidth
        />
        {FIELDS_OF[kind]
          .filter((f) => fields.includes(f) && f !== 'timezone')
          .map((f) => (
            <TextField
              key={f}
              id={`node-create-${f}`}
              size="small"
              label={t(f === 'macAddress' ? 'node_editor_mac_address' : 'node_editor_serial_number')}
              value={form.text[f]}
              onChange={(e) => {
                const value = e.target.value;
                setForm((s) => ({ ...s, text: { ...s.text, [f]: value } }));
                setServerErrors((s) => ({ ...s, [f]: undefined }));
              }}
              error={Boolean(errorOf(f))}
              helperText={errorOf(f) ?? ' '}
              fullWidth
            />
          ))}
        {fields.includes('timezone') && (
          <TimeZonePicker
            id="node-create-timezone"
            label={t('node_editor_timezone')}
            value={form.text.timezone}
            onChange={(v) => setForm((s) => ({ ...s, text: { ...s.text, timezone: v } }))}
            error={errorOf('timezone')}
          />
        )}
        <Autocomplete
          id="node-create-share"
          size="small"
          options={candidates}
          value={shareFrom}
          onChange={(_, v) => setShareFrom(v)}
          getOptionLabel={(n) => n.name}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          renderOption={(props, n) => (
            <li {...props} key={n.id}>
              {n.name}
              {n.referenceId ? ` (${n.referenceId})` : ''}
            </li>
          )}
          renderInput={(params) => (
            <TextField
              {...params}
              label={t('node_editor_share_measurements_from')}
              error={Boolean(errorOf('shareMeasurementsFrom'))}
              helperText={errorOf('shareMeasurementsFrom') ?? t('node_editor_share_measurements_hint')}
            />
          )}
        />
        <Box>
          <Button type="submit" variant="contained" disabled={create.isPending}>
            {t('node_editor_create')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
