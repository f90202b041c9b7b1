import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** The i18n key of a command's label: `logs_cmd_User_Create` for `User.Create`. */
export const commandKey = (command: string) => `logs_cmd_${command.replace(/\./g, '_')}`;

/** A command's label in the UI language; a command without one (newer server) shows as written. */
export function useCommandLabel() {
  const { t, i18n } = useTranslation();
  return useCallback(
    (command: string) => (i18n.exists(commandKey(command)) ? t(commandKey(command)) : command),
    [t, i18n],
  );
}
