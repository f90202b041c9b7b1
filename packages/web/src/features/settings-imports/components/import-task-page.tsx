import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  IMPORT_DATE_FORMATS,
  IMPORT_DELIMITERS,
  IMPORT_ENCODINGS,
  IMPORT_GRANULARITIES,
  IMPORT_KPIS,
  IMPORT_LOCATION_BY,
  IMPORT_TIME_FORMATS,
  ImportTaskBody,
  type ImportTask,
} from '@footfall/domain';
import { usePageTitle } from '../../../components/page-title';
import { useNotify } from '../../../components/notifications';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { flattenTree, treeQuery } from '../../../lib/tree-api';
import { useLang } from '../../../lib/use-lang';
import {
  importTaskQuery,
  useDeleteImportTask,
  useSaveImportTask,
  useSetImportTaskDisabled,
} from '../api/imports-api';
import { ImportRunPanel } from './import-run-panel';
import { LocalTimeField } from '../../../components/local-date-fields';

/** A pulled source with a stored password (the password itself never comes back). */
const hasPassword = (source: ImportTask['source']) => source.kind !== 'upload' && source.hasPassword;

interface Draft {
  name: string;
  sourceKind: ImportTask['source']['kind'];
  url: string;
  username: string;
  password: string;
  pullAt: string;
  /** SFTP: the server's host key fingerprint (SHA256:...), empty = none */
  hostKey: string;
  format: ImportTaskBody['format'];
  delimiter: ImportTaskBody['delimiter'];
  encoding: ImportTaskBody['encoding'];
  granularity: ImportTaskBody['granularity'];
  timeZone: string | null;
  skipInvalidRows: boolean;
  mapping: ImportTaskBody['mapping'];
}

const EMPTY: Draft = {
  name: '',
  sourceKind: 'upload',
  url: '',
  username: '',
  password: '',
  pullAt: '06:00',
  hostKey: '',
  format: 'csv',
  delimiter: 'comma',
  encoding: 'utf-8',
  granularity: '60',
  timeZone: null,
  skipInvalidRows: false,
  mapping: {
    location: 'store',
    locationBy: 'referenceId',
    date: 'date',
    dateFormat: 'YYYY-MM-DD',
    time: 'time',
    timeFormat: 'HH:mm',
    values: { Sales: 'sales', Transactions: 'transactions' },
    decimalComma: false,
  },
};

const draftOf = (task: ImportTask): Draft => ({
  name: task.name,
  sourceKind: task.source.kind,
  url: task.source.kind !== 'upload' ? task.source.url : '',
  username: task.source.kind !== 'upload' ? (task.source.username ?? '') : '',
  password: '',
  pullAt: task.source.kind !== 'upload' ? task.source.pullAt : '06:00',
  hostKey: task.source.kind === 'sftp' ? (task.source.hostKeyFingerprint ?? '') : '',
  format: task.format,
  delimiter: task.delimiter,
  encoding: task.encoding,
  granularity: task.granularity,
  timeZone: task.timeZone,
  skipInvalidRows: task.skipInvalidRows,
  mapping: task.mapping,
});

function bodyOf(d: Draft, groupId: string, hadPassword: boolean): unknown {
  const mapping = {
    ...d.mapping,
    time: d.granularity === 'day' ? null : (d.mapping.time ?? ''),
    values: Object.fromEntries(Object.entries(d.mapping.values).filter(([, v]) => v && v.trim() !== '')),
  };
  return {
    organizationalTreeId: groupId,
    name: d.name,
    source:
      d.sourceKind !== 'upload'
        ? {
            kind: d.sourceKind,
            url: d.url,
            username: d.username.trim() === '' ? null : d.username,
            // empty: keep the stored password (when there is one)
            ...(d.password !== '' ? { password: d.password } : hadPassword ? {} : { password: null }),
            pullAt: d.pullAt,
            ...(d.sourceKind === 'sftp'
              ? { hostKeyFingerprint: d.hostKey.trim() === '' ? null : d.hostKey.trim() }
              : {}),
          }
        : { kind: 'upload' },
    format: d.format,
    delimiter: d.delimiter,
    encoding: d.encoding,
    mapping,
    timeZone: d.timeZone,
    granularity: d.granularity,
    skipInvalidRows: d.skipInvalidRows,
  };
}

const TIME_ZONES: string[] = (() => {
  try {
    return (Intl as unknown as { supportedValuesOf(k: string): string[] }).supportedValuesOf('timeZone');
  } catch {
    return ['UTC'];
  }
})();

/**
 * `/settings/imports/{clientGroupId}/{taskId?}` (superAdmin, issue 16): the task's editor (source,
 * format, column mapping, time zone, granularity) checked with the domain's contract before sending,
 * then, once saved, its runs (upload, preview, import, progress, history).
 */
export function ImportTaskPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const notify = useNotify();
  const navigate = useNavigate();
  const { organizationalTreeId = '', id } = useParams();
  const tree = useQuery(treeQuery());
  const group = useMemo(
    () => flattenTree(tree.data ?? []).find((n) => n.id === organizationalTreeId) ?? null,
    [tree.data, organizationalTreeId],
  );
  const task = useQuery({ ...importTaskQuery(id ?? ''), enabled: !!id });
  const save = useSaveImportTask();
  const remove = useDeleteImportTask();
  const setDisabled = useSetImportTaskDisabled();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirmDelete, setConfirmDelete] = useState(false);
  usePageTitle(`${t('nav_settings')} · ${t('imp_title')}`);

  useEffect(() => {
    if (task.data) setDraft(draftOf(task.data));
    else if (!id) setDraft(EMPTY);
    setErrors({});
  }, [task.data, id]);

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const setMap = <K extends keyof Draft['mapping']>(key: K, value: Draft['mapping'][K]) =>
    setDraft((d) => ({ ...d, mapping: { ...d.mapping, [key]: value } }));
  const err = (field: string) => (errors[field] ? { error: true, helperText: errors[field] } : {});

  const onSave = () => {
    const hadPassword = task.data?.source.kind === draft.sourceKind && hasPassword(task.data.source);
    const parsed = ImportTaskBody.safeParse(bodyOf(draft, organizationalTreeId, hadPassword));
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[issue.path.join('.')] ??= t('imp_invalid_field');
      setErrors(next);
      notify(t('imp_fix_fields'), 'error');
      return;
    }
    setErrors({});
    save.mutate(
      { id: id ?? null, body: parsed.data },
      {
        onSuccess: (saved) => {
          notify(t('imp_saved'), 'success');
          if (!id)
            void navigate(paths.settingsImport(lang, organizationalTreeId, saved.id), { replace: true });
        },
        onError: (e) => {
          if (e instanceof ApiError && e.field) setErrors({ [e.field]: t('imp_invalid_field') });
          notify(t('imp_failure'), 'error');
        },
      },
    );
  };

  if (id && task.isError)
    return (
      <Box sx={{ p: 3 }}>
        <Alert severity="error">{t('imp_not_found')}</Alert>
        <Link component={RouterLink} to={paths.settingsImports(lang)}>
          {t('imp_back')}
        </Link>
      </Box>
    );

  const section = (titleKey: string, children: ReactNode) => (
    <Paper variant="outlined" component="section" aria-label={t(titleKey)} sx={{ p: 2 }}>
      <Typography variant="subtitle1" component="h2" sx={{ mb: 2, fontWeight: 600 }}>
        {t(titleKey)}
      </Typography>
      <Grid container spacing={2}>
        {children}
      </Grid>
    </Paper>
  );
  const cell = (node: ReactNode, md = 4) => <Grid size={{ xs: 12, sm: 6, md }}>{node}</Grid>;
  const select = <V extends string>(
    label: string,
    value: V,
    options: readonly V[],
    onChange: (v: V) => void,
    optionLabel: (v: V) => string,
    field: string,
    disabled = false,
  ) => (
    <TextField
      select
      fullWidth
      size="small"
      label={label}
      value={value}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value as V)}
      {...err(field)}
    >
      {options.map((o) => (
        <MenuItem key={o} value={o}>
          {optionLabel(o)}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <Box sx={{ p: { xs: 2, md: 3 }, maxWidth: 1200 }}>
      <Link component={RouterLink} to={paths.settingsImports(lang)} variant="body2">
        {t('imp_back')}
      </Link>
      <Typography variant="h5" component="h1" sx={{ mt: 1 }}>
        {id ? (task.data?.name ?? t('imp_title')) : t('imp_new_task')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {group ? t('imp_for_group', { group: group.name }) : null}
      </Typography>
      {id && task.isPending && <LinearProgress aria-label={t('imp_loading')} />}
      <Stack spacing={2}>
        {section(
          'imp_section_task',
          <>
            {cell(
              <TextField
                fullWidth
                size="small"
                label={t('imp_name')}
                value={draft.name}
                onChange={(e) => set('name', e.target.value)}
                required
                {...err('name')}
              />,
              6,
            )}
            {cell(
              select(
                t('imp_source'),
                draft.sourceKind,
                ['upload', 'https', 'sftp'] as const,
                (v) => set('sourceKind', v),
                (v) => t(`imp_source_${v}`),
                'source.kind',
              ),
              6,
            )}
            {draft.sourceKind !== 'upload' && (
              <>
                {cell(
                  <TextField
                    fullWidth
                    size="small"
                    label={t('imp_url')}
                    value={draft.url}
                    placeholder={draft.sourceKind === 'sftp' ? 'sftp://host/path/file.csv' : 'https://'}
                    onChange={(e) => set('url', e.target.value)}
                    {...err('source.url')}
                  />,
                  6,
                )}
                {cell(
                  <LocalTimeField
                    fullWidth
                    size="small"
                    label={t('imp_pull_at')}
                    value={draft.pullAt}
                    onChange={(time) => set('pullAt', time)}
                    {...err('source.pullAt')}
                  />,
                  6,
                )}
                {cell(
                  <TextField
                    fullWidth
                    size="small"
                    label={t('imp_username')}
                    value={draft.username}
                    autoComplete="off"
                    onChange={(e) => set('username', e.target.value)}
                  />,
                  6,
                )}
                {cell(
                  <TextField
                    fullWidth
                    size="small"
                    type="password"
                    autoComplete="new-password"
                    label={t('imp_password')}
                    value={draft.password}
                    helperText={
                      task.data?.source.kind === draft.sourceKind && hasPassword(task.data.source)
                        ? t('imp_password_kept')
                        : t('imp_password_sealed')
                    }
                    onChange={(e) => set('password', e.target.value)}
                  />,
                  6,
                )}
                {draft.sourceKind === 'sftp' &&
                  cell(
                    <TextField
                      fullWidth
                      size="small"
                      label={t('imp_host_key')}
                      value={draft.hostKey}
                      placeholder="SHA256:…"
                      autoComplete="off"
                      helperText={t('imp_host_key_help')}
                      onChange={(e) => set('hostKey', e.target.value)}
                      {...err('source.hostKeyFingerprint')}
                    />,
                    12,
                  )}
              </>
            )}
          </>,
        )}
        {section(
          'imp_section_file',
          <>
            {cell(
              select(
                t('imp_format'),
                draft.format,
                ['csv', 'xlsx'] as const,
                (v) => set('format', v),
                (v) => v.toUpperCase(),
                'format',
              ),
              3,
            )}
            {cell(
              select(
                t('imp_delimiter'),
                draft.delimiter,
                IMPORT_DELIMITERS,
                (v) => set('delimiter', v),
                (v) => t(`imp_delimiter_${v}`),
                'delimiter',
                draft.format === 'xlsx',
              ),
              3,
            )}
            {cell(
              select(
                t('imp_encoding'),
                draft.encoding,
                IMPORT_ENCODINGS,
                (v) => set('encoding', v),
                (v) => v.toUpperCase(),
                'encoding',
                draft.format === 'xlsx',
              ),
              3,
            )}
            {cell(
              select(
                t('imp_granularity'),
                draft.granularity,
                IMPORT_GRANULARITIES,
                (v) => set('granularity', v),
                (v) => t(`imp_granularity_${v}`),
                'granularity',
              ),
              3,
            )}
            {cell(
              <Autocomplete
                size="small"
                options={['', ...TIME_ZONES]}
                value={draft.timeZone ?? ''}
                onChange={(_e, v) => set('timeZone', v ? v : null)}
                getOptionLabel={(o) => (o === '' ? t('imp_zone_own') : o)}
                disableClearable
                renderInput={(params) => (
                  <TextField {...params} label={t('imp_time_zone')} {...err('timeZone')} />
                )}
              />,
              6,
            )}
            {cell(
              <FormControlLabel
                control={
                  <Switch
                    checked={draft.skipInvalidRows}
                    onChange={(e) => set('skipInvalidRows', e.target.checked)}
                  />
                }
                label={t('imp_skip_invalid')}
              />,
              6,
            )}
          </>,
        )}
        {section(
          'imp_section_mapping',
          <>
            {cell(
              <TextField
                fullWidth
                size="small"
                label={t('imp_col_location')}
                value={draft.mapping.location}
                onChange={(e) => setMap('location', e.target.value)}
                {...err('mapping.location')}
              />,
            )}
            {cell(
              select(
                t('imp_location_by'),
                draft.mapping.locationBy,
                IMPORT_LOCATION_BY,
                (v) => setMap('locationBy', v),
                (v) => t(`imp_location_by_${v}`),
                'mapping.locationBy',
              ),
            )}
            {cell(
              <FormControlLabel
                control={
                  <Switch
                    checked={draft.mapping.decimalComma}
                    onChange={(e) => setMap('decimalComma', e.target.checked)}
                  />
                }
                label={t('imp_decimal_comma')}
              />,
            )}
            {cell(
              <TextField
                fullWidth
                size="small"
                label={t('imp_col_date')}
                value={draft.mapping.date}
                onChange={(e) => setMap('date', e.target.value)}
                {...err('mapping.date')}
              />,
            )}
            {cell(
              select(
                t('imp_date_format'),
                draft.mapping.dateFormat,
                IMPORT_DATE_FORMATS,
                (v) => setMap('dateFormat', v),
                (v) => v,
                'mapping.dateFormat',
              ),
            )}
            <Grid size={{ xs: 12, md: 4 }} />
            {cell(
              <TextField
                fullWidth
                size="small"
                label={t('imp_col_time')}
                value={draft.granularity === 'day' ? '' : (draft.mapping.time ?? '')}
                disabled={draft.granularity === 'day'}
                helperText={draft.granularity === 'day' ? t('imp_daily_figure') : errors['mapping.time']}
                error={!!errors['mapping.time']}
                onChange={(e) => setMap('time', e.target.value)}
              />,
            )}
            {cell(
              select(
                t('imp_time_format'),
                draft.mapping.timeFormat,
                IMPORT_TIME_FORMATS,
                (v) => setMap('timeFormat', v),
                (v) => t(`imp_time_format_${v === 'HH:mm' ? 'clock' : 'hour'}`),
                'mapping.timeFormat',
                draft.granularity === 'day',
              ),
            )}
            <Grid size={{ xs: 12, md: 4 }} />
            {IMPORT_KPIS.map((kpi) =>
              cell(
                <TextField
                  key={kpi}
                  fullWidth
                  size="small"
                  label={t('imp_col_kpi', { kpi: t(`imp_kpi_${kpi}`) })}
                  value={draft.mapping.values[kpi] ?? ''}
                  onChange={(e) => setMap('values', { ...draft.mapping.values, [kpi]: e.target.value })}
                  {...err('mapping.values')}
                />,
                3,
              ),
            )}
          </>,
        )}
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button variant="contained" onClick={onSave} disabled={save.isPending}>
            {t('imp_save')}
          </Button>
          {id && task.data && (
            <>
              <Button
                variant="outlined"
                onClick={() =>
                  setDisabled.mutate(
                    { id, disabled: !task.data!.disabledOn },
                    { onError: () => notify(t('imp_failure'), 'error') },
                  )
                }
              >
                {task.data.disabledOn ? t('imp_enable') : t('imp_disable')}
              </Button>
              <Button color="error" variant="outlined" onClick={() => setConfirmDelete(true)}>
                {t('imp_delete')}
              </Button>
            </>
          )}
        </Stack>
        {id && task.data && <ImportRunPanel task={task.data} />}
      </Stack>
      <ConfirmDialog
        open={confirmDelete}
        message={t('imp_delete_confirm', { name: task.data?.name ?? '' })}
        onNo={() => setConfirmDelete(false)}
        onYes={() => {
          setConfirmDelete(false);
          if (id)
            remove.mutate(id, {
              onSuccess: () => void navigate(paths.settingsImports(lang)),
              onError: () => notify(t('imp_failure'), 'error'),
            });
        }}
      />
    </Box>
  );
}
