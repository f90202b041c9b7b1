import { trimLanguage } from '@footfall/domain';

/** The password-recovery mail in the user's language; the link is built from PUBLIC_URL only. */
const TEXT = {
  en: {
    subject: 'Reset your password',
    body: (name: string, link: string) =>
      `Hello ${name},\n\nSomeone asked to reset the password of your account. To choose a new password, open this link within one hour:\n\n${link}\n\nIf you did not ask for this, ignore this mail; your password stays unchanged.\n`,
  },
  fr: {
    subject: 'Réinitialisez votre mot de passe',
    body: (name: string, link: string) =>
      `Bonjour ${name},\n\nUne réinitialisation du mot de passe de votre compte a été demandée. Pour choisir un nouveau mot de passe, ouvrez ce lien dans l'heure :\n\n${link}\n\nSi vous n'êtes pas à l'origine de cette demande, ignorez ce courriel ; votre mot de passe reste inchangé.\n`,
  },
  es: {
    subject: 'Restablezca su contraseña',
    body: (name: string, link: string) =>
      `Hola ${name}:\n\nAlguien pidió restablecer la contraseña de su cuenta. Para elegir una nueva contraseña, abra este enlace antes de una hora:\n\n${link}\n\nSi no lo pidió usted, ignore este correo; su contraseña no cambia.\n`,
  },
} as const;

export function recoveryMail(
  publicUrl: string,
  token: string,
  user: { firstName: string; language: string },
) {
  const link = `${publicUrl.replace(/\/+$/, '')}/recover-password?token=${encodeURIComponent(token)}`;
  const t = TEXT[trimLanguage(user.language)];
  return { subject: t.subject, text: t.body(user.firstName, link), link };
}
