import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { LIVE_VIEW_DEFAULT_THRESHOLDS, LiveViewSettingsBody, type LiveViewInfo } from '@footfall/domain';
import { useNotify } from '../../../../components/notifications';
import { useSaveLiveView } from '../api/node-editors-api';

type NumberField = 'warningThreshold' | 'alertThreshold' | 'thresholdDelta';
interface Form {
  name: string;
  warningThreshold: string;
  alertThreshold: string;
  thresholdDelta: string;
  blackScreenOutsideBusinessHours: boolean;
  isDeltaPercentage: boolean;
}
const formOf = (view: LiveViewInfo | null): Form => ({
  name: view?.name ?? '',
  warningThreshold: String(view?.warningThreshold ?? LIVE_VIEW_DEFAULT_THRESHOLDS.warning),
  alertThreshold: String(view?.alertThreshold ?? LIVE_VIEW_DEFAULT_THRESHOLDS.alert),
  thresholdDelta: String(view?.thresholdDelta ?? 0),
  blackScreenOutsideBusinessHours: view?.blackScreenOutsideBusinessHours ?? false,
  isDeltaPercentage: view?.isDeltaPercentage ?? false,
});
const num = (v: string) => (v.trim() === '' ? Number.NaN : Number(v.replace(',', '.')));

/** i18n key of a live view settings problem, by field (from the domain schema's issues). */
function errorKeys(form: Form, nodeId: string, occupancyId: string | null) {
  const parsed = LiveViewSettingsBody.safeParse({
    name: form.name,
    nodeId,
    occupancyId,
    warningThreshold: num(form.warningThreshold),
    alertThreshold: num(form.alertThreshold),
    thresholdDelta: num(form.thresholdDelta),
    blackScreenOutsideBusinessHours: form.blackScreenOutsideBusinessHours,
    isDeltaPercentage: form.isDeltaPercentage,
  });
  const errors: Partial<Record<keyof Form, string>> = {};
  if (parsed.success) return { errors, body: parsed.data };
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0]) as keyof Form;
    if (errors[field]) continue;
    if (field === 'name') errors.name = 'node_editor_error_required';
    else if (issue.code === 'custom')
      errors[field] =
        field === 'warningThreshold'
          ? 'node_editor_error_warning_above_alert'
          : 'node_editor_error_percentage';
    else errors[field] = 'node_editor_error_number';
  }
  return { errors, body: null };
}

/** Create or edit one live view of a node: name, thresholds, delta, black screen outside business hours. */
export function LiveViewFormDialog({
  nodeId,
  view,
  onClose,
}: {
  nodeId: string;
  view: LiveViewInfo | null;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const save = useSaveLiveView();
  const [form, setForm] = useState<Form>(() => formOf(view));
  const [submitted, setSubmitted] = useState(false);
  const { errors, body } = errorKeys(form, nodeId, view?.occupancyId ?? null);
  const errorOf = (f: keyof Form) => (submitted && errors[f] ? t(errors[f]) : undefined);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (!body) return;
    save.mutate(
      { id: view?.id ?? null, body },
      {
        onSuccess: () => {
          notify(t(view ? 'node_editor_saved' : 'node_editor_live_view_created'), 'success');
          onClose();
        },
        onError: () => notify(t('node_editor_save_failed'), 'error'),
      },
    );
  };
  const numberField = (f: NumberField, label: string) => (
    <TextField
      id={`live-view-${f}`}
      size="small"
      label={label}
      value={form[f]}
      onChange={(e) => setForm((s) => ({ ...s, [f]: e.target.value }))}
      error={Boolean(errorOf(f))}
      helperText={errorOf(f) ?? ' '}
      slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      fullWidth
    />
  );

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="live-view-form-title">
      <form noValidate onSubmit={submit}>
        <DialogTitle id="live-view-form-title">
          {view ? t('node_editor_edit_live_view') : t('node_editor_new_live_view')}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={1} sx={{ pt: 1 }}>
            <TextField
              id="live-view-name"
              size="small"
              label={t('node_editor_name')}
              value={form.name}
              onChange={(e) => setForm((s) => ({ ...s, name: e.target.value }))}
              error={Boolean(errorOf('name'))}
              helperText={errorOf('name') ?? ' '}
              fullWidth
              autoFocus
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1, sm: 2 }}>
              {numberField('warningThreshold', t('node_editor_warning_threshold'))}
              {numberField('alertThreshold', t('node_editor_alert_threshold'))}
            </Stack>
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={{ xs: 1, sm: 2 }}
              sx={{ alignItems: { sm: 'flex-start' } }}
            >
              {numberField('thresholdDelta', t('node_editor_threshold_delta'))}
              <FormControlLabel
                sx={{ flexShrink: 0 }}
                control={
                  <Switch
                    checked={form.isDeltaPercentage}
                    onChange={(e) => setForm((s) => ({ ...s, isDeltaPercentage: e.target.checked }))}
                  />
                }
                label={t('node_editor_delta_is_percentage')}
              />
            </Stack>
            <FormControlLabel
              control={
                <Switch
                  checked={form.blackScreenOutsideBusinessHours}
                  onChange={(e) =>
                    setForm((s) => ({ ...s, blackScreenOutsideBusinessHours: e.target.checked }))
                  }
                />
              }
              label={t('node_editor_black_screen')}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} color="inherit">
            {t('node_editor_cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {t('node_editor_save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
