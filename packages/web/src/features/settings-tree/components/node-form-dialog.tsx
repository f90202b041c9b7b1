import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { CreateNodeBody, NODE_TYPE_NAMES, type NodeKind } from '@footfall/domain';
import { NodeKindIcon } from './node-kind-icon';

export interface NodeFormValues {
  name: string;
  kind: NodeKind;
  referenceId: string | null;
}

/**
 * Create (name, type among those allowed under the parent, reference id) or rename a node. Checked
 * with the domain's create contract before sending; the server's field errors show on the field.
 */
export function NodeFormDialog(props: {
  mode: 'create' | 'rename';
  open: boolean;
  /** create: where the node goes (its path) */
  parentLabel?: string;
  kinds: readonly NodeKind[];
  initial: NodeFormValues;
  busy: boolean;
  serverError: { field?: string; message: string } | null;
  onSubmit(values: NodeFormValues): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState<NodeFormValues>(props.initial);
  const [touched, setTouched] = useState(false);
  const parsed = CreateNodeBody.pick({ name: true, referenceId: true }).safeParse({
    name: values.name,
    referenceId: values.referenceId,
  });
  const nameError = touched && !parsed.success && parsed.error.issues.some((i) => i.path[0] === 'name');
  const fieldError = (field: string) =>
    props.serverError?.field === field ? props.serverError.message : undefined;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (parsed.success) props.onSubmit({ ...values, referenceId: values.referenceId?.trim() || null });
  };
  const title = props.mode === 'create' ? 'settings_tree_create_title' : 'settings_tree_rename_title';
  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      maxWidth="xs"
      fullWidth
      aria-labelledby="node-form-title"
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id="node-form-title">{t(title)}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {props.parentLabel !== undefined && (
              <DialogContentText>
                {t('settings_tree_create_under', { path: props.parentLabel })}
              </DialogContentText>
            )}
            {props.mode === 'create' && (
              <div>
                <FormLabel id="node-form-kind">{t('settings_tree_field_type')}</FormLabel>
                <RadioGroup
                  row
                  aria-labelledby="node-form-kind"
                  value={values.kind}
                  onChange={(_e, v) => setValues({ ...values, kind: v as NodeKind })}
                >
                  {props.kinds.map((kind) => (
                    <FormControlLabel
                      key={kind}
                      value={kind}
                      control={<Radio size="small" />}
                      label={
                        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                          <NodeKindIcon kind={kind} />
                          <span>{t(`settings_tree_kind_${kind}`)}</span>
                        </Stack>
                      }
                      data-type={NODE_TYPE_NAMES[kind]}
                    />
                  ))}
                </RadioGroup>
              </div>
            )}
            <TextField
              label={t('settings_tree_field_name')}
              value={values.name}
              required
              autoFocus
              onChange={(e) => setValues({ ...values, name: e.target.value })}
              error={nameError || !!fieldError('name')}
              helperText={nameError ? t('settings_tree_name_required') : fieldError('name')}
              slotProps={{ htmlInput: { maxLength: 200 } }}
            />
            {props.mode === 'create' && (
              <TextField
                label={t('settings_tree_field_reference_id')}
                value={values.referenceId ?? ''}
                onChange={(e) => setValues({ ...values, referenceId: e.target.value })}
                error={!!fieldError('referenceId')}
                helperText={fieldError('referenceId')}
                slotProps={{ htmlInput: { maxLength: 200 } }}
              />
            )}
            {props.serverError && !['name', 'referenceId'].includes(props.serverError.field ?? '') && (
              <Alert severity="error" role="alert">
                {props.serverError.message}
              </Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={props.onClose} color="inherit">
            {t('cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={props.busy}>
            {t(props.mode === 'create' ? 'settings_tree_create' : 'save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
