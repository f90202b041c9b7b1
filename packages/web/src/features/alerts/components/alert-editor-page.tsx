import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import InputLabel from '@mui/material/InputLabel';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import {
  ALERT_SEVERITIES,
  ALERT_WINDOW_KPI_NAMES,
  alertNameIn,
  EMPTY_GUID,
  type AlertConditionKind,
  type AlertSeverity,
  type AlertWindowKpi,
} from '@footfall/domain';
import { usePageTitle } from '../../../components/page-title';
import { useNotify } from '../../../components/notifications';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ApiError } from '../../../lib/api-client';
import { paths } from '../../../config/paths';
import { useLang } from '../../../lib/use-lang';
import {
  alertHistoryQuery,
  alertQuery,
  alertsQuery,
  alertUsersQuery,
  useDeleteAlert,
  useSaveAlert,
  useTestAlert,
} from '../api/alerts-api';
import { AlertHistoryTable } from './alert-history-table';
import { AlertScopePicker } from './alert-scope-picker';
import { bodyOf, draftOf, EMPTY, type Draft } from './alert-draft';
import { LocalTimeField } from '../../../components/local-date-fields';

const KINDS: AlertConditionKind[] = ['occupancy', 'window', 'deviceIncident', 'showtimeOverCapacity'];
const DAYS = [1, 2, 3, 4, 5, 6, 0];

/**
 * `/settings/alerts/{id}` (`new` creates): the rule's name, scope, condition, active hours, severity,
 * recipients, channels, reminder and follow-up; save, send a test, delete; its history below.
 * Refusals name the field (400), shown beside it.
 */
export function AlertEditorPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const notify = useNotify();
  const navigate = useNavigate();
  const { id: rawId } = useParams();
  const id = rawId && rawId !== 'new' ? rawId : null;
  usePageTitle(`${t('nav_settings')} · ${t('settings_alerts')}`);
  const existing = useQuery({ ...alertQuery(id ?? EMPTY_GUID), enabled: !!id });
  const all = useQuery(alertsQuery());
  const users = useQuery(alertUsersQuery());
  const history = useQuery({ ...alertHistoryQuery(id), enabled: !!id });
  const save = useSaveAlert();
  const remove = useDeleteAlert();
  const test = useTestAlert();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [field, setField] = useState<string | null>(null);
  // why the server refused the webhook address (webhook_address_*), shown under it
  const [urlRefusal, setUrlRefusal] = useState<string | null>(null);
  const [confirm, setConfirm] = useState(false);

  useEffect(() => {
    setDraft(existing.data ? draftOf(existing.data, lang) : EMPTY);
    setField(null);
  }, [existing.data, id, lang]);

  const shownName = existing.data ? alertNameIn(existing.data.name, existing.data.nameKey, lang) : '';
  const set = <K extends keyof Draft>(k: K, v: Draft[K]) => setDraft((d) => ({ ...d, [k]: v }));
  const err = (prefix: string) => !!field && (field === prefix || field.startsWith(`${prefix}.`));

  if (id && existing.isError)
    return (
      <Stack spacing={2} sx={{ p: 2 }}>
        <Alert severity="warning">{t('alerts_not_found')}</Alert>
        <Button component={RouterLink} to={paths.settingsAlerts(lang)} startIcon={<ArrowBack />}>
          {t('alerts_back')}
        </Button>
      </Stack>
    );

  const onSave = async () => {
    setField(null);
    setUrlRefusal(null);
    try {
      const saved = await save.mutateAsync({ id, body: bodyOf(draft, lang) });
      notify(t('alerts_saved'), 'success');
      if (!id) void navigate(paths.settingsAlert(lang, saved.id), { replace: true });
      else setDraft(draftOf(saved, lang));
    } catch (e) {
      const f = e instanceof ApiError ? (e.field ?? null) : null;
      setField(f ?? 'form');
      const code = e instanceof ApiError ? e.body?.error : undefined;
      if (f === 'channels.webhook.url' && code?.startsWith('webhook_address_')) setUrlRefusal(code);
      notify(t('alerts_save_failure'), 'error');
    }
  };
  const onTest = async () => {
    if (!id) return;
    try {
      const r = await test.mutateAsync(id);
      notify(
        t('alerts_test_sent', {
          sent: r.deliveries.filter((d) => d.status === 'sent').length,
          count: r.deliveries.length,
        }),
        'success',
      );
    } catch {
      notify(t('alerts_test_failure'), 'error');
    }
  };
  const onDelete = async () => {
    setConfirm(false);
    if (!id) return;
    await remove.mutateAsync(id);
    notify(t('alerts_deleted'), 'success');
    void navigate(paths.settingsAlerts(lang));
  };

  const userOptions = users.data ?? [];
  const others = (all.data ?? []).filter((a) => a.id !== id);
  return (
    <Stack spacing={2} sx={{ p: { xs: 1, sm: 2 }, minWidth: 0, maxWidth: 960 }}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
        <Button component={RouterLink} to={paths.settingsAlerts(lang)} startIcon={<ArrowBack />}>
          {t('alerts_back')}
        </Button>
      </Stack>
      <Typography variant="h5" component="h1">
        {id ? `${t('alerts_edit_title')} · ${shownName}` : t('alerts_new_title')}
      </Typography>
      {id && existing.isPending && <LinearProgress aria-label={t('alerts_loading')} />}
      {field && (
        <Alert severity="error" data-testid="alert-field-error">
          {t('alerts_field_error', { field })}
        </Alert>
      )}
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack spacing={2}>
          <TextField
            label={t('alerts_name')}
            value={draft.name}
            onChange={(e) => set('name', e.target.value)}
            error={err('name')}
            required
            slotProps={{ htmlInput: { 'data-testid': 'alert-name', maxLength: 200 } }}
          />
          <FormControl component="fieldset">
            <FormLabel component="legend">{t('alerts_scope')}</FormLabel>
            <Stack spacing={1} sx={{ mt: 1 }}>
              <AlertScopePicker
                value={draft.nodeIds}
                onChange={(v) => set('nodeIds', v)}
                error={err('nodeIds')}
              />
            </Stack>
          </FormControl>
        </Stack>
      </Paper>

      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="subtitle1" component="h2" sx={{ mb: 2 }}>
          {t('alerts_condition')}
        </Typography>
        <Stack direction="row" useFlexGap spacing={2} sx={{ flexWrap: 'wrap' }}>
          <FormControl size="small" sx={{ minWidth: 260 }}>
            <InputLabel id="alert-kind">{t('alerts_condition_kind')}</InputLabel>
            <Select
              labelId="alert-kind"
              label={t('alerts_condition_kind')}
              value={draft.kind}
              onChange={(e) => set('kind', e.target.value as AlertConditionKind)}
              data-testid="alert-kind"
            >
              {KINDS.map((k) => (
                <MenuItem key={k} value={k}>
                  {t(`alerts_kind_${k}`)}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          {draft.kind === 'occupancy' && (
            <FormControl size="small" sx={{ minWidth: 160 }}>
              <InputLabel id="alert-unit">{t('alerts_unit')}</InputLabel>
              <Select
                labelId="alert-unit"
                label={t('alerts_unit')}
                value={draft.unit}
                onChange={(e) => set('unit', e.target.value as Draft['unit'])}
              >
                <MenuItem value="people">{t('alerts_unit_people')}</MenuItem>
                <MenuItem value="capacityPercent">{t('alerts_unit_capacityPercent')}</MenuItem>
              </Select>
            </FormControl>
          )}
          {draft.kind === 'window' && (
            <>
              <FormControl size="small" sx={{ minWidth: 180 }}>
                <InputLabel id="alert-kpi">{t('alerts_kpi')}</InputLabel>
                <Select
                  labelId="alert-kpi"
                  label={t('alerts_kpi')}
                  value={draft.kpi}
                  onChange={(e) => set('kpi', e.target.value as AlertWindowKpi)}
                >
                  {ALERT_WINDOW_KPI_NAMES.map((k) => (
                    <MenuItem key={k} value={k}>
                      {t(`kpi_${k}`, { defaultValue: k })}
                    </MenuItem>
                  ))}
                </Select>
              </FormControl>
              <FormControl size="small" sx={{ minWidth: 140 }} error={err('condition.comparison')}>
                <InputLabel id="alert-comparison">{t('alerts_comparison')}</InputLabel>
                <Select
                  labelId="alert-comparison"
                  label={t('alerts_comparison')}
                  value={draft.comparison}
                  onChange={(e) => set('comparison', e.target.value as Draft['comparison'])}
                >
                  <MenuItem value="above">{t('alerts_above')}</MenuItem>
                  <MenuItem value="below">{t('alerts_below')}</MenuItem>
                </Select>
              </FormControl>
              <FormControl size="small" sx={{ minWidth: 180 }} error={err('condition.target')}>
                <InputLabel id="alert-target">{t('alerts_target')}</InputLabel>
                <Select
                  labelId="alert-target"
                  label={t('alerts_target')}
                  value={draft.target}
                  onChange={(e) => set('target', e.target.value as Draft['target'])}
                >
                  <MenuItem value="value">{t('alerts_target_value')}</MenuItem>
                  <MenuItem value="objective">{t('alerts_target_objective')}</MenuItem>
                </Select>
              </FormControl>
              <TextField
                size="small"
                type="number"
                label={t('alerts_window')}
                value={draft.windowMinutes}
                onChange={(e) => set('windowMinutes', e.target.value)}
                error={err('condition.windowMinutes')}
                sx={{ width: 160 }}
              />
            </>
          )}
          {(draft.kind === 'occupancy' || draft.kind === 'window') && (
            <TextField
              size="small"
              type="number"
              label={t('alerts_threshold')}
              value={draft.threshold}
              onChange={(e) => set('threshold', e.target.value)}
              error={err('condition.threshold')}
              sx={{ width: 140 }}
              slotProps={{ htmlInput: { 'data-testid': 'alert-threshold', min: 0 } }}
            />
          )}
        </Stack>
        <Stack direction="row" useFlexGap spacing={2} sx={{ flexWrap: 'wrap', mt: 2, alignItems: 'center' }}>
          <FormControl size="small" sx={{ minWidth: 180 }}>
            <InputLabel id="alert-hours">{t('alerts_active_hours')}</InputLabel>
            <Select
              labelId="alert-hours"
              label={t('alerts_active_hours')}
              value={draft.hours}
              onChange={(e) => set('hours', e.target.value as Draft['hours'])}
            >
              {(['always', 'businessHours', 'custom'] as const).map((h) => (
                <MenuItem key={h} value={h}>
                  {t(`alerts_hours_${h}`)}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          {draft.hours === 'custom' && (
            <>
              <LocalTimeField
                size="small"
                label={t('alerts_from')}
                value={draft.from}
                onChange={(time) => set('from', time)}
                error={err('activeHours.from')}
              />
              <LocalTimeField
                size="small"
                label={t('alerts_to')}
                value={draft.to}
                onChange={(time) => set('to', time)}
                error={err('activeHours.to')}
              />
              <FormControl component="fieldset" error={err('activeHours.days')}>
                <FormLabel component="legend" sx={{ fontSize: 12 }}>
                  {t('alerts_days')}
                </FormLabel>
                <FormGroup row>
                  {DAYS.map((d) => (
                    <FormControlLabel
                      key={d}
                      label={t(`weekday_short_${d}`)}
                      control={
                        <Checkbox
                          size="small"
                          checked={draft.days.includes(d)}
                          onChange={(e) =>
                            set(
                              'days',
                              e.target.checked ? [...draft.days, d] : draft.days.filter((x) => x !== d),
                            )
                          }
                        />
                      }
                    />
                  ))}
                </FormGroup>
              </FormControl>
            </>
          )}
          <FormControl size="small" sx={{ minWidth: 150 }}>
            <InputLabel id="alert-severity">{t('alerts_severity')}</InputLabel>
            <Select
              labelId="alert-severity"
              label={t('alerts_severity')}
              value={draft.severity}
              onChange={(e) => set('severity', e.target.value as AlertSeverity)}
            >
              {ALERT_SEVERITIES.map((s) => (
                <MenuItem key={s} value={s}>
                  {t(`alerts_severity_${s}`)}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          <TextField
            size="small"
            type="number"
            label={t('alerts_reminder')}
            value={draft.reminderMinutes}
            onChange={(e) => set('reminderMinutes', e.target.value)}
            error={err('reminderMinutes')}
            sx={{ width: 280 }}
          />
        </Stack>
      </Paper>

      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="subtitle1" component="h2" sx={{ mb: 2 }}>
          {t('alerts_recipients')}
        </Typography>
        <Stack spacing={2}>
          <Autocomplete
            multiple
            options={userOptions.map((u) => u.id)}
            value={draft.userIds}
            onChange={(_e, v) => set('userIds', v)}
            getOptionLabel={(uid) => {
              const u = userOptions.find((x) => x.id === uid);
              return u ? `${u.firstName} ${u.lastName} (${u.email})` : uid;
            }}
            renderInput={(params) => (
              <TextField {...params} label={t('alerts_users')} error={err('recipients')} />
            )}
          />
          <TextField
            label={t('alerts_addresses')}
            value={draft.addresses}
            onChange={(e) => set('addresses', e.target.value)}
            error={err('recipients')}
            slotProps={{ htmlInput: { 'data-testid': 'alert-addresses' } }}
          />
          <FormControl component="fieldset" error={err('channels')}>
            <FormLabel component="legend">{t('alerts_channels')}</FormLabel>
            <FormGroup row>
              <FormControlLabel
                label={t('alerts_channel_email')}
                control={<Checkbox checked={draft.email} onChange={(e) => set('email', e.target.checked)} />}
              />
              <FormControlLabel
                label={t('alerts_channel_webhook')}
                control={
                  <Checkbox checked={draft.webhook} onChange={(e) => set('webhook', e.target.checked)} />
                }
              />
            </FormGroup>
          </FormControl>
          {draft.webhook && (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                sx={{ flex: 2 }}
                label={t('alerts_webhook_url')}
                value={draft.webhookUrl}
                onChange={(e) => set('webhookUrl', e.target.value)}
                error={err('channels.webhook.url')}
                helperText={t(urlRefusal ? `alerts_${urlRefusal}` : 'alerts_webhook_help')}
              />
              <TextField
                sx={{ flex: 1 }}
                type="password"
                autoComplete="new-password"
                label={t(
                  existing.data?.channels.webhook?.hasSecret
                    ? 'alerts_webhook_secret_kept'
                    : 'alerts_webhook_secret',
                )}
                value={draft.webhookSecret}
                onChange={(e) => set('webhookSecret', e.target.value)}
                error={err('channels.webhook.secret')}
              />
            </Stack>
          )}
          <Stack direction="row" useFlexGap spacing={2} sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
            <FormControl size="small" sx={{ minWidth: 240 }} error={err('linkedAlertId')}>
              <InputLabel id="alert-linked">{t('alerts_linked')}</InputLabel>
              <Select
                labelId="alert-linked"
                label={t('alerts_linked')}
                value={draft.linkedAlertId}
                onChange={(e) => set('linkedAlertId', e.target.value)}
              >
                <MenuItem value={EMPTY_GUID}>{t('alerts_linked_none')}</MenuItem>
                {others.map((a) => (
                  <MenuItem key={a.id} value={a.id}>
                    {alertNameIn(a.name, a.nameKey, lang)}
                  </MenuItem>
                ))}
              </Select>
            </FormControl>
            <FormControlLabel
              label={t('alerts_enabled_switch')}
              control={<Switch checked={draft.enabled} onChange={(e) => set('enabled', e.target.checked)} />}
            />
          </Stack>
        </Stack>
      </Paper>

      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button
          variant="contained"
          onClick={() => void onSave()}
          disabled={save.isPending}
          data-testid="alert-save"
        >
          {t('alerts_save')}
        </Button>
        {id && (
          <Button onClick={() => void onTest()} disabled={test.isPending} data-testid="alert-test">
            {t('alerts_test')}
          </Button>
        )}
        {id && (
          <Button color="error" onClick={() => setConfirm(true)} data-testid="alert-delete">
            {t('alerts_delete')}
          </Button>
        )}
      </Stack>
      {id && (
        <>
          <Typography variant="h6" component="h2">
            {t('alerts_history')}
          </Typography>
          {history.data && (
            <AlertHistoryTable rows={history.data} showAlert={false} label={t('alerts_history')} />
          )}
        </>
      )}
      <ConfirmDialog
        open={confirm}
        message={t('alerts_delete_confirm', { name: shownName })}
        onYes={() => void onDelete()}
        onNo={() => setConfirm(false)}
      />
    </Stack>
  );
}
