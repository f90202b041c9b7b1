import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { checkPassword } from '@footfall/domain';
import { PasswordField } from '../../../components/password-field';
import { passwordRuleMessage } from '../../../lib/password-message';

export interface NewPasswordValue {
  newPassword: string;
  confirmation: string;
}

/** Errors of the new password pair: the rule's missing parts, then the confirmation. */
export function newPasswordErrors(
  t: ReturnType<typeof useTranslation>['t'],
  lang: string,
  v: NewPasswordValue,
) {
  return {
    newPassword: v.newPassword ? passwordRuleMessage(t, lang, checkPassword(v.newPassword)) : t('required'),
    confirmation: v.confirmation !== v.newPassword ? t('new_password_confirmation_not_match') : null,
  };
}

/** New password and its confirmation, with the rule's message under the first one. */
export function NewPasswordFields(props: {
  value: NewPasswordValue;
  onChange(v: NewPasswordValue): void;
  showErrors: boolean;
}) {
  const { t, i18n } = useTranslation();
  const errors = newPasswordErrors(t, i18n.language, props.value);
  const newPasswordError = props.value.newPassword || props.showErrors ? errors.newPassword : null;
  const confirmationError = props.value.confirmation || props.showErrors ? errors.confirmation : null;
  return (
    <Box sx={{ display: 'grid', gap: 2.5 }}>
      <PasswordField
        label={t('new_password')}
        name="newPassword"
        autoComplete="new-password"
        value={props.value.newPassword}
        onChange={(e) => props.onChange({ ...props.value, newPassword: e.target.value })}
        error={!!newPasswordError}
        helperText={newPasswordError ?? t('password_rule_hint')}
        fullWidth
        required
      />
      <PasswordField
        label={t('confirm_new_password')}
        name="confirmation"
        autoComplete="new-password"
        value={props.value.confirmation}
        onChange={(e) => props.onChange({ ...props.value, confirmation: e.target.value })}
        error={!!confirmationError}
        helperText={confirmationError ?? ' '}
        fullWidth
        required
      />
    </Box>
  );
}
