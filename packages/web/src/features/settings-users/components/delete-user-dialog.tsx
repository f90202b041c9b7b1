import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { DeleteUserResult, UserDto } from '@footfall/domain';
import { useNotify } from '../../../components/notifications';
import { ApiError } from '../../../lib/api-client';
import { deleteUser, useDeleteUser } from '../api/users-api';
import { fullName } from '../lib/user-labels';
import { serverErrorText } from '../lib/server-error';

/**
 * Deleting a user, in two steps: the validate-only call first (nothing changes) shows what the user
 * owns and how many users have a scope inside theirs; confirming deletes, with force when they own
 * something. A failure shows the server's nested error (spec section 8).
 */
export function DeleteUserDialog({
  user,
  onClose,
}: {
  user: UserDto | null;
  onClose(deleted: boolean): void;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const remove = useDeleteUser();
  const [report, setReport] = useState<DeleteUserResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setReport(null);
    setError(null);
    if (!user) return;
    let live = true;
    deleteUser(user.id, { validate: true }).then(
      (r) => live && setReport(r),
      (e: unknown) => live && setError(serverErrorText(t, e)),
    );
    return () => {
      live = false;
    };
  }, [user, t]);
  if (!user) return null;
  const owns = (report?.owned.length ?? 0) > 0;
  const confirm = () =>
    remove.mutate(
      { id: user.id, force: owns },
      {
        onSuccess: (r) => {
          if (!r.deleted) return setReport(r);
          notify(t('settings_users_deleted', { name: fullName(user) }), 'success');
          onClose(true);
        },
        onError: (e) => setError(serverErrorText(t, e instanceof ApiError ? e : e)),
      },
    );
  return (
    <Dialog open onClose={() => onClose(false)} maxWidth="sm" fullWidth aria-labelledby="delete-user-title">
      <DialogTitle id="delete-user-title">
        {t('settings_users_delete_title', { name: fullName(user) })}
      </DialogTitle>
      <DialogContent data-testid="delete-user-report">
        {!report && !error && <CircularProgress size={28} aria-label={t('settings_users_checking')} />}
        {error && <Alert severity="error">{error}</Alert>}
        {report && (
          <>
            <Typography sx={{ mb: 1 }}>
              {owns ? t('settings_users_delete_owns') : t('settings_users_delete_owns_nothing')}
            </Typography>
            {owns && (
              <List dense>
                {report.owned.map((o) => (
                  <ListItem key={o.resource} disableGutters>
                    <ListItemText
                      primary={t('settings_users_owned_line', {
                        count: o.count,
                        what: t(`settings_users_resource_${o.resource}`, { defaultValue: o.resource }),
                      })}
                      secondary={t(`settings_users_on_delete_${o.onDelete}`)}
                    />
                  </ListItem>
                ))}
              </List>
            )}
            <Typography color="text.secondary" variant="body2">
              {t('settings_users_affected', { count: report.affectedUsers })}
            </Typography>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(false)}>{t('cancel')}</Button>
        <Button color="error" variant="contained" disabled={!report || remove.isPending} onClick={confirm}>
          {owns ? t('settings_users_delete_force') : t('settings_users_delete_confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
