import { textsIn } from '../../platform/i18n/texts.js';

/** The password-recovery mail in the user's language; the link is built from PUBLIC_URL only. */
export function recoveryMail(
  publicUrl: string,
  token: string,
  user: { firstName: string; language: string },
) {
  const link = `${publicUrl.replace(/\/+$/, '')}/recover-password?token=${encodeURIComponent(token)}`;
  const t = textsIn(user.language);
  return {
    subject: t('recovery_mail_subject'),
    text: t('recovery_mail_body', { name: user.firstName, link }),
    link,
  };
}
