import { Link as RouterLink } from 'react-router';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Edit from '@mui/icons-material/EditOutlined';
import SupervisorAccount from '@mui/icons-material/SupervisorAccountOutlined';
import { useTranslation } from 'react-i18next';
import { canImpersonate, outranksOrEquals, type UserDto } from '@footfall/domain';
import { paths } from '../../../config/paths';
import { useImpersonation } from '../../../lib/session/impersonation';
import { useUser } from '../../../lib/session/current-user';
import { useLang } from '../../../lib/use-lang';
import { fullName } from '../lib/user-labels';

/** Edit, impersonate (superAdmin, admin, Impersonator; never oneself nor someone above) and delete. */
export function UserRowActions({ user, onDelete }: { user: UserDto; onDelete(user: UserDto): void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const me = useUser();
  const { start } = useImpersonation();
  const manageable = user.id !== me.id && outranksOrEquals(me, user.roles);
  const name = fullName(user);
  return (
    <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
      <Tooltip title={t('settings_users_edit')}>
        <IconButton
          component={RouterLink}
          to={paths.settingsUser(lang, user.id)}
          aria-label={t('settings_users_edit_named', { name })}
          size="small"
        >
          <Edit fontSize="small" />
        </IconButton>
      </Tooltip>
      {canImpersonate(me) && manageable && !user.disabled && (
        <Tooltip title={t('settings_users_impersonate')}>
          <IconButton
            aria-label={t('settings_users_impersonate_named', { name })}
            size="small"
            onClick={() => void start(user.username)}
          >
            <SupervisorAccount fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {manageable && (
        <Tooltip title={t('settings_users_delete')}>
          <IconButton
            aria-label={t('settings_users_delete_named', { name })}
            size="small"
            onClick={() => onDelete(user)}
          >
            <DeleteOutline fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </Stack>
  );
}
