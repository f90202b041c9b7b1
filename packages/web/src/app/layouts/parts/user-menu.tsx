import { lazy, Suspense, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import Check from '@mui/icons-material/Check';
import Logout from '@mui/icons-material/Logout';
import MenuBook from '@mui/icons-material/MenuBookOutlined';
import PersonOutline from '@mui/icons-material/PersonOutlined';
import RateReview from '@mui/icons-material/RateReviewOutlined';
import SupervisorAccount from '@mui/icons-material/SupervisorAccountOutlined';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language, type UserCurrent } from '@footfall/domain';
import { appInfo } from '../../../config/app';
import { helpCenterPath, paths } from '../../../config/paths';
import { useNotify } from '../../../components/notifications';
import { switchLanguage, writeLanguageCookie } from '../../../lib/language';
import { useImpersonation } from '../../../lib/session/impersonation';
import { useLang } from '../../../lib/use-lang';
import { useUpdateProfile } from '../../../features/profile/api/update-profile';

/* the profile form (text fields, selects, password rules) loads when it opens, not with every page */
const ProfileDialog = lazy(() =>
  import('../../../features/profile/components/profile-dialog').then((m) => ({ default: m.ProfileDialog })),
);

export const initialsOf = (u: Pick<UserCurrent, 'firstName' | 'lastName' | 'username'>) =>
  ((u.firstName[0] ?? '') + (u.lastName[0] ?? '')).toUpperCase() || u.username.slice(0, 2).toUpperCase();

/**
 * User menu: language (changes the UI and saves the user's language), profile (not for single
 * sign-on users), user guide, feedback, logout or stop impersonating, version and build.
 */
export function UserMenu({ user, compact = false }: { user: UserCurrent; compact?: boolean }) {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const location = useLocation();
  const notify = useNotify();
  const impersonation = useImpersonation();
  const saveProfile = useUpdateProfile();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [profileOpen, setProfileOpen] = useState(false);
  const close = () => setAnchor(null);
  const fullName = `${user.firstName} ${user.lastName}`.trim() || user.username;
  const detail = user.userGroupName ?? user.username;
  // the button's accessible name starts with the text it shows, so speech commands can name it
  const shown = [initialsOf(user), ...(compact ? [] : [fullName, detail])];

  const chooseLanguage = (next: Language) => {
    close();
    if (next === lang) return;
    writeLanguageCookie(next);
    void navigate(switchLanguage(location.pathname, next) + location.search + location.hash);
    // single sign-on users cannot edit their profile: only the UI language changes for them
    if (next !== user.language && !user.isSsoUser) {
      saveProfile.mutate(
        {
          id: user.id,
          firstName: user.firstName,
          lastName: user.lastName,
          email: user.email,
          language: next,
        },
        { onError: () => notify(t('user_profile_updated_failure'), 'error') },
      );
    }
  };

  return (
    <>
      <Tooltip title={t('user_menu')}>
        <ButtonBase
          onClick={(e) => setAnchor(e.currentTarget)}
          aria-label={t('user_menu_label', { who: shown.join(' ') })}
          aria-haspopup="menu"
          aria-expanded={anchor ? 'true' : undefined}
          data-testid="user-menu-button"
          sx={{ borderRadius: 6, p: 0.5, pr: compact ? 0.5 : 1.25, gap: 1 }}
        >
          <Avatar
            sx={{
              width: 34,
              height: 34,
              fontSize: 14,
              fontWeight: 700,
              bgcolor: user.impersonator ? 'warning.main' : 'primary.main',
            }}
          >
            {initialsOf(user)}
          </Avatar>
          {/* spaces between the pieces, so the text read from the button is words, not "AAAda" */}{' '}
          {!compact && (
            <Box sx={{ textAlign: 'left', display: { xs: 'none', md: 'block' } }}>
              <Typography variant="body2" sx={{ fontWeight: 600, lineHeight: 1.2 }}>
                {fullName}
              </Typography>{' '}
              <Typography variant="caption" color="text.secondary" sx={{ lineHeight: 1.2 }}>
                {detail}
              </Typography>
            </Box>
          )}
        </ButtonBase>
      </Tooltip>
      <Menu
        anchorEl={anchor}
        open={!!anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { width: 290, mt: 1 } }, list: { dense: true } }}
      >
        <Box sx={{ px: 2, pt: 1, pb: 1.5 }}>
          <Typography sx={{ fontWeight: 650 }}>{fullName}</Typography>
          <Typography variant="body2" color="text.secondary">
            {user.username}
          </Typography>
          {user.impersonator && (
            <Typography variant="caption" color="warning.dark" sx={{ display: 'block', mt: 0.5 }}>
              {t('impersonated_by', { name: user.impersonator })}
            </Typography>
          )}
        </Box>
        <Divider />
        {/* role none: a menu holds menu items only; the heading stays as text before them */}
        <ListSubheader role="none" sx={{ lineHeight: '32px', bgcolor: 'transparent' }}>
          {t('language')}
        </ListSubheader>
        {LANGUAGES.map((l) => (
          <MenuItem key={l} onClick={() => chooseLanguage(l)} selected={l === lang} lang={l}>
            <ListItemIcon>{l === lang ? <Check fontSize="small" /> : null}</ListItemIcon>
            <ListItemText>{t(`language_name_${l}`)}</ListItemText>
          </MenuItem>
        ))}
        <Divider />
        {!user.isSsoUser && (
          <MenuItem
            onClick={() => {
              close();
              setProfileOpen(true);
            }}
          >
            <ListItemIcon>
              <PersonOutline fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('profile')}</ListItemText>
          </MenuItem>
        )}
        <MenuItem component="a" href={helpCenterPath(lang)} target="_blank" rel="noopener" onClick={close}>
          <ListItemIcon>
            <MenuBook fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('user_guide')}</ListItemText>
        </MenuItem>
        <MenuItem
          component="a"
          href={`mailto:${appInfo.feedbackEmail}?subject=${encodeURIComponent(t('feedback_subject', { app: appInfo.name }))}`}
          onClick={close}
        >
          <ListItemIcon>
            <RateReview fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('feedback')}</ListItemText>
        </MenuItem>
        <Divider />
        {user.impersonator ? (
          <MenuItem
            onClick={() => {
              close();
              void impersonation.stop();
            }}
          >
            <ListItemIcon>
              <SupervisorAccount fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('stop_impersonating')}</ListItemText>
          </MenuItem>
        ) : (
          <MenuItem
            onClick={() => {
              close();
              void navigate(paths.logout(lang));
            }}
          >
            <ListItemIcon>
              <Logout fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('logout')}</ListItemText>
          </MenuItem>
        )}
        <Box sx={{ px: 2, pt: 1, pb: 0.5 }}>
          <Typography variant="caption" color="text.secondary" data-testid="app-version">
            {t('version_build', { version: appInfo.version, build: appInfo.build })}
          </Typography>
        </Box>
      </Menu>
      {profileOpen && (
        <Suspense fallback={null}>
          <ProfileDialog user={user} open onClose={() => setProfileOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
