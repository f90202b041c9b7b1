import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { UpdateNodeBody } from '@footfall/domain';

/**
 * Renames a node. The name is checked with the domain's update contract before sending; a refusal
 * from the server shows on the field (400 naming `name`) or above the buttons.
 */
export function RenameDialog(props: {
  name: string;
  busy: boolean;
  serverError: { field?: string; message: string } | null;
  onSubmit(name: string): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(props.name);
  const [touched, setTouched] = useState(false);
  const valid = UpdateNodeBody.shape.name.safeParse(name).success && name.trim() !== '';
  const nameError = touched && !valid;
  const serverNameError = props.serverError?.field === 'name' ? props.serverError.message : undefined;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (valid) props.onSubmit(name.trim());
  };
  return (
    <Dialog open onClose={props.onClose} maxWidth="xs" fullWidth aria-labelledby="rename-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="rename-title">{t('settings_tree_rename_title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label={t('settings_tree_field_name')}
              value={name}
              required
              autoFocus
              onChange={(e) => setName(e.target.value)}
              error={nameError || !!serverNameError}
              helperText={nameError ? t('settings_tree_name_required') : serverNameError}
              slotProps={{ htmlInput: { maxLength: 200 } }}
            />
            {props.serverError && props.serverError.field !== 'name' && (
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
            {t('save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
