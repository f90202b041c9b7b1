import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/api-client';

/**
 * A server error in the UI language: the `error` code (never the English `message`) picks the
 * text, with the field it names; unknown codes fall back to a generic text with the status.
 */
export function serverErrorText(t: TFunction, e: unknown): string {
  if (!(e instanceof ApiError)) return t('settings_users_error_generic', { status: 0 });
  const code = e.body?.error;
  const field = e.field ? t(`settings_users_field_${e.field}`, { defaultValue: e.field }) : '';
  if (code)
    return t(`settings_users_error_${code}`, {
      field,
      defaultValue: t('settings_users_error_generic', { status: e.status }),
    });
  return t('settings_users_error_generic', { status: e.status });
}
