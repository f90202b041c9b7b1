import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';

/** A yes/no question titled "warning" (spec: link confirmations, unsaved changes). */
export function ConfirmDialog(props: {
  open: boolean;
  message: string;
  onYes(): void;
  onNo(): void;
  title?: string;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={props.open} onClose={props.onNo} maxWidth="xs" fullWidth aria-labelledby="confirm-title">
      <DialogTitle id="confirm-title">{props.title ?? t('warning')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{props.message}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={props.onNo} color="inherit">
          {t('no')}
        </Button>
        <Button onClick={props.onYes} variant="contained" autoFocus>
          {t('yes')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
