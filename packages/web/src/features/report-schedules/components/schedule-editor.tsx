import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import {
  LANGUAGES,
  nextRuns,
  RELATIVE_PERIODS,
  REPORT_FORMATS,
  SCHEDULE_FREQUENCIES,
  USER_REPORTS,
  type Language,
  type RelativePeriod,
  type ReportFormat,
  type ScheduleDto,
  type ScheduleFrequency,
  type ScheduleInput,
  type ScheduleKind,
  type UserReport,
} from '@footfall/domain';
import { ApiError } from '../../../lib/api-client';
import { flattenTree, treeQuery, type FlatNode } from '../../../lib/tree-api';
import { useLang } from '../../../lib/use-lang';
import { dashboardsQuery, recipientsQuery, useSaveSchedule } from '../api/report-schedules-api';
import { browserZone, instantText, looksLikeEmail, weekdayNames } from '../lib/schedule-text';
import { LocalTimeField } from '../../../components/local-date-fields';

interface Draft {
  kind: ScheduleKind;
  title: string;
  reportName: UserReport;
  dashboardId: string;
  nodes1: string[];
  nodes2: string[];
  frequency: ScheduleFrequency;
  time: string;
  weekdays: number[];
  dayOfMonth: number;
  timeZone: string;
  relativePeriod: RelativePeriod;
  formats: ReportFormat[];
  userIds: string[];
  emails: string[];
  language: Language;
}

const draftOf = (s: ScheduleDto | null, lang: Language): Draft => ({
  kind: s?.kind ?? 'dashboard',
  title: s?.title ?? '',
  reportName: (s?.reportName as UserReport | null) ?? 'trafficReport',
  dashboardId: s?.dashboardId ?? '',
  nodes1: [],
  nodes2: [],
  frequency: s?.frequency ?? 'weekly',
  time: s?.time ?? '07:00',
  weekdays: s?.weekdays.length ? s.weekdays : [1],
  dayOfMonth: s?.dayOfMonth ?? 1,
  timeZone: s?.timeZone ?? browserZone(),
  relativePeriod: s?.relativePeriod ?? 'lastweek',
  formats: s?.formats ?? ['pdf'],
  userIds: s?.recipients.flatMap((r) => ('userId' in r ? [r.userId] : [])) ?? [],
  emails: s?.recipients.flatMap((r) => ('userId' in r ? [] : [r.email])) ?? [],
  language: s?.language ?? lang,
});

const ZONES: string[] = (() => {
  const intl = Intl as unknown as { supportedValuesOf?: (k: string) => string[] };
  return intl.supportedValuesOf?.('timeZone') ?? ['UTC'];
})();

/**
 * The schedule editor: report or dashboard snapshot, frequency and time in a time zone (the
 * browser's by default: the owner's), weekdays or day of the month, relative period, formats,
 * recipients (users of the caller's scope and free addresses) and language. The server's 400 names
 * the field, shown under it.
 */
export function ScheduleEditor(props: {
  open: boolean;
  schedule: ScheduleDto | null;
  /** the schedule's node and group sets (GET /api/Schedule/nodes), for an edit */
  nodes?: { nodes1: string[]; nodes2: string[]; groups1: string[]; groups2: string[] };
  onClose(saved?: ScheduleDto): void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [draft, setDraft] = useState<Draft>(() => ({
    ...draftOf(props.schedule, lang),
    ...(props.nodes ? { nodes1: props.nodes.nodes1, nodes2: props.nodes.nodes2 } : {}),
  }));
  const [emailText, setEmailText] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState<string | null>(null);
  const tree = useQuery(treeQuery());
  const dashboards = useQuery(dashboardsQuery());
  const people = useQuery(recipientsQuery());
  const save = useSaveSchedule();
  const locations = useMemo(
    () => flattenTree(tree.data ?? []).filter((n) => n.kind !== 'device'),
    [tree.data],
  );
  const byId = useMemo(() => new Map(locations.map((n) => [n.id, n])), [locations]);
  const days = weekdayNames(lang, 'long');
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setErrors((e) => {
      const { [key]: _, ...rest } = e;
      return rest;
    });
  };
  const isDashboard = draft.kind === 'dashboard';
  const comparative = draft.reportName.toLowerCase().includes('comparative');

  const preview = useMemo(() => {
    try {
      return nextRuns(
        {
          frequency: draft.frequency,
          time: draft.time,
          weekdays: draft.weekdays,
          dayOfMonth: draft.dayOfMonth,
          timeZone: draft.timeZone,
        },
        Date.now(),
        3,
      ).map((ms) => instantText(new Date(ms).toISOString(), draft.timeZone, lang));
    } catch {
      return [];
    }
  }, [draft.frequency, draft.time, draft.weekdays, draft.dayOfMonth, draft.timeZone, lang]);

  const addEmail = (text: string) => {
    const address = text.trim().replace(/[,;]$/, '');
    if (!address) return;
    if (!looksLikeEmail(address)) {
      setErrors((e) => ({ ...e, emails: t('sched_bad_address', { address }) }));
      return;
    }
    set('emails', [...new Set([...draft.emails, address.toLowerCase()])]);
    setEmailText('');
  };

  const submit = async () => {
    const missing: Record<string, string> = {};
    if (!draft.title.trim()) missing.title = t('sched_error_required');
    if (isDashboard && !draft.dashboardId) missing.dashboardId = t('sched_error_required');
    if (!isDashboard && draft.nodes1.length === 0 && !props.nodes?.groups1.length)
      missing.nodes1 = t('sched_error_required');
    if (draft.userIds.length + draft.emails.length === 0) missing.recipients = t('sched_error_required');
    if (draft.frequency === 'weekly' && draft.weekdays.length === 0)
      missing.weekdays = t('sched_error_required');
    if (draft.formats.length === 0) missing.formats = t('sched_error_required');
    if (emailText.trim() && !looksLikeEmail(emailText))
      missing.emails = t('sched_bad_address', { address: emailText.trim() });
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    const emails = emailText.trim() ? [...draft.emails, emailText.trim()] : draft.emails;
    const body: ScheduleInput = {
      kind: draft.kind,
      title: draft.title.trim(),
      reportName: isDashboard ? null : draft.reportName,
      dashboardId: isDashboard ? draft.dashboardId : null,
      frequency: draft.frequency,
      time: draft.time,
      weekdays: draft.frequency === 'weekly' ? draft.weekdays : [],
      dayOfMonth: draft.frequency === 'monthly' ? draft.dayOfMonth : null,
      timeZone: draft.timeZone,
      relativePeriod: draft.relativePeriod,
      formats: isDashboard ? ['pdf'] : draft.formats,
      recipients: [...draft.userIds.map((userId) => ({ userId })), ...emails.map((email) => ({ email }))],
      language: draft.language,
      nodes1: isDashboard ? [] : draft.nodes1,
      nodes2: isDashboard || !comparative ? [] : draft.nodes2,
      // kept as they were: the editor does not show location groups and report options
      groups1: isDashboard ? [] : (props.nodes?.groups1 ?? []),
      groups2: isDashboard || !comparative ? [] : (props.nodes?.groups2 ?? []),
      ...(props.schedule && !isDashboard ? { options: props.schedule.options } : {}),
    };
    try {
      const saved = await save.mutateAsync({ id: props.schedule?.id ?? null, body });
      props.onClose(saved);
    } catch (err) {
      if (err instanceof ApiError && err.status === 400 && err.field) {
        const field = err.field.startsWith('recipients') ? 'recipients' : err.field.split('.')[0]!;
        setErrors({ [field]: t('sched_error_field') });
      } else if (err instanceof ApiError && err.status === 404) setGeneral(t('sched_error_not_found'));
      else setGeneral(err instanceof Error ? err.message : String(err));
    }
  };

  const nodePicker = (key: 'nodes1' | 'nodes2', label: string) => (
    <Autocomplete<FlatNode, true>
      multiple
      options={locations}
      value={draft[key].map((id) => byId.get(id)).filter((n): n is FlatNode => !!n)}
      onChange={(_e, v) =>
        set(
          key,
          v.map((n) => n.id),
        )
      }
      getOptionLabel={(n) => n.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={tree.isLoading}
      renderOption={(p, n) => (
        <li {...p} key={n.id} style={{ paddingLeft: 16 + n.depth * 12 }}>
          {n.name}
        </li>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          error={!!errors[key]}
          helperText={errors[key]}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': `sched-${key}` },
          }}
        />
      )}
    />
  );

  return (
    <Dialog
      open={props.open}
      onClose={() => props.onClose()}
      fullWidth
      maxWidth="md"
      fullScreen={fullScreen}
      aria-labelledby="sched-editor-title"
    >
      <DialogTitle id="sched-editor-title">
        {props.schedule ? t('sched_editor_edit') : t('sched_editor_new')}
      </DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2.5}>
          {general && <Alert severity="error">{general}</Alert>}
          <FormControl>
            <FormLabel id="sched-kind">{t('sched_field_kind')}</FormLabel>
            <RadioGroup
              row
              aria-labelledby="sched-kind"
              value={draft.kind}
              onChange={(e) => set('kind', e.target.value as ScheduleKind)}
            >
              <FormControlLabel value="dashboard" control={<Radio />} label={t('sched_kind_dashboard')} />
              <FormControlLabel value="report" control={<Radio />} label={t('sched_kind_report')} />
            </RadioGroup>
          </FormControl>
          <TextField
            label={t('sched_field_title')}
            value={draft.title}
            onChange={(e) => set('title', e.target.value)}
            error={!!errors.title}
            helperText={errors.title}
            required
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
          {isDashboard ? (
            <TextField
              select
              label={t('sched_field_dashboard')}
              value={draft.dashboardId}
              onChange={(e) => {
                set('dashboardId', e.target.value);
                const name = dashboards.data?.find((d) => d.id === e.target.value)?.name;
                if (name && !draft.title.trim()) set('title', name);
              }}
              error={!!errors.dashboardId}
              helperText={errors.dashboardId ?? t('sched_snapshot_pdf_only')}
              required
            >
              {(dashboards.data ?? []).map((d) => (
                <MenuItem key={d.id} value={d.id}>
                  {d.name}
                </MenuItem>
              ))}
            </TextField>
          ) : (
            <>
              <TextField
                select
                label={t('sched_field_report')}
                value={draft.reportName}
                onChange={(e) => set('reportName', e.target.value as UserReport)}
                error={!!errors.reportName}
                helperText={errors.reportName}
              >
                {USER_REPORTS.map((r) => (
                  <MenuItem key={r} value={r}>
                    {t(`sched_report_${r}`)}
                  </MenuItem>
                ))}
              </TextField>
              {nodePicker('nodes1', t('sched_field_locations'))}
              {comparative && nodePicker('nodes2', t('sched_field_locations2'))}
            </>
          )}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              select
              label={t('sched_field_frequency')}
              value={draft.frequency}
              onChange={(e) => set('frequency', e.target.value as ScheduleFrequency)}
              sx={{ minWidth: 180 }}
            >
              {SCHEDULE_FREQUENCIES.map((f) => (
                <MenuItem key={f} value={f}>
                  {t(`sched_freq_${f}`)}
                </MenuItem>
              ))}
            </TextField>
            <LocalTimeField
              label={t('sched_field_time')}
              value={draft.time}
              onChange={(time) => time && set('time', time)}
              error={!!errors.time}
              helperText={errors.time}
              sx={{ minWidth: 160 }}
            />
            <Autocomplete
              options={ZONES}
              value={draft.timeZone}
              onChange={(_e, v) => v && set('timeZone', v)}
              disableClearable
              sx={{ flex: 1, minWidth: 220 }}
              renderInput={(params) => (
                <TextField
                  {...params}
                  label={t('sched_field_time_zone')}
                  error={!!errors.timeZone}
                  helperText={errors.timeZone}
                />
              )}
            />
          </Stack>
          {draft.frequency === 'weekly' && (
            <FormControl error={!!errors.weekdays}>
              <FormLabel id="sched-weekdays">{t('sched_field_weekdays')}</FormLabel>
              <ToggleButtonGroup
                aria-labelledby="sched-weekdays"
                value={draft.weekdays}
                onChange={(_e, v: number[]) => set('weekdays', [...v].sort())}
                size="small"
                sx={{ flexWrap: 'wrap', mt: 0.5 }}
              >
                {[1, 2, 3, 4, 5, 6, 0].map((d) => (
                  <ToggleButton key={d} value={d} aria-label={days[d]}>
                    {days[d]!.slice(0, 3)}
                  </ToggleButton>
                ))}
              </ToggleButtonGroup>
              {errors.weekdays && <FormHelperText>{errors.weekdays}</FormHelperText>}
            </FormControl>
          )}
          {draft.frequency === 'monthly' && (
            <TextField
              select
              label={t('sched_field_day_of_month')}
              value={draft.dayOfMonth}
              onChange={(e) => set('dayOfMonth', Number(e.target.value))}
              helperText={errors.dayOfMonth ?? t('sched_day_of_month_hint')}
              error={!!errors.dayOfMonth}
              sx={{ maxWidth: 240 }}
            >
              {Array.from({ length: 31 }, (_, i) => i + 1).map((d) => (
                <MenuItem key={d} value={d}>
                  {d}
                </MenuItem>
              ))}
            </TextField>
          )}
          {preview.length > 0 && (
            <Typography variant="body2" color="text.secondary" data-testid="sched-preview">
              {t('sched_next_runs', { runs: preview.join(' · ') })}
            </Typography>
          )}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              select
              label={t('sched_field_period')}
              value={draft.relativePeriod}
              onChange={(e) => set('relativePeriod', e.target.value as RelativePeriod)}
              sx={{ flex: 1 }}
            >
              {RELATIVE_PERIODS.map((p) => (
                <MenuItem key={p} value={p}>
                  {t(`sched_period_${p}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              label={t('sched_field_language')}
              value={draft.language}
              onChange={(e) => set('language', e.target.value as Language)}
              sx={{ flex: 1 }}
            >
              {LANGUAGES.map((l) => (
                <MenuItem key={l} value={l}>
                  {t(`sched_language_${l}`)}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          {!isDashboard && (
            <FormControl error={!!errors.formats} component="fieldset">
              <FormLabel component="legend">{t('sched_field_formats')}</FormLabel>
              <FormGroup row>
                {REPORT_FORMATS.map((f) => (
                  <FormControlLabel
                    key={f}
                    control={
                      <Checkbox
                        checked={draft.formats.includes(f)}
                        onChange={(e) =>
                          set(
                            'formats',
                            e.target.checked ? [...draft.formats, f] : draft.formats.filter((x) => x !== f),
                          )
                        }
                      />
                    }
                    label={t(`sched_format_${f}`)}
                  />
                ))}
              </FormGroup>
              {errors.formats && <FormHelperText>{errors.formats}</FormHelperText>}
            </FormControl>
          )}
          <Autocomplete
            multiple
            options={people.data ?? []}
            value={(people.data ?? []).filter((p) => draft.userIds.includes(p.userId))}
            onChange={(_e, v) =>
              set(
                'userIds',
                v.map((p) => p.userId),
              )
            }
            getOptionLabel={(p) => `${p.name} <${p.email}>`}
            isOptionEqualToValue={(a, b) => a.userId === b.userId}
            renderInput={(params) => (
              <TextField
                {...params}
                label={t('sched_field_users')}
                error={!!errors.recipients}
                helperText={errors.recipients}
              />
            )}
          />
          <Autocomplete<string, true, false, true>
            multiple
            freeSolo
            options={[]}
            value={draft.emails}
            inputValue={emailText}
            onInputChange={(_e, v, reason) => {
              // a separator typed after an address turns it into a chip
              if (reason === 'input' && /[,;\s]$/.test(v)) addEmail(v);
              else setEmailText(v);
            }}
            onChange={(_e, v) => {
              const last = v[v.length - 1];
              if (v.length > draft.emails.length && last) addEmail(last);
              else set('emails', v);
            }}
            renderValue={(value, getItemProps) =>
              value.map((option, index) => {
                const { key, ...rest } = getItemProps({ index });
                return <Chip key={key} label={option} size="small" {...rest} />;
              })
            }
            renderInput={(params) => (
              <TextField
                {...params}
                label={t('sched_field_addresses')}
                error={!!errors.emails || !!errors.recipients}
                helperText={errors.emails ?? t('sched_addresses_hint')}
                slotProps={{
                  ...params.slotProps,
                  htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'sched-emails' },
                }}
              />
            )}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button onClick={() => props.onClose()} color="inherit">
          {t('sched_cancel')}
        </Button>
        <Button onClick={() => void submit()} variant="contained" disabled={save.isPending}>
          {t('sched_save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
