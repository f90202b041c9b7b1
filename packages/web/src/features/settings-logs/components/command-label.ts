import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** The i18n key of a command's label: `logs_cmd_User_Create` for `User.Create`. */
export const commandKey = (command: string) => `logs_cmd_${command.replace(/\./g, '_')}`;

/** The area of a command (`User` for `User.Create`) and the i18n key of its label. */
export const commandArea = (command: string) => command.slice(0, command.indexOf('.'));
export const areaKey = (area: string) => `logs_area_${area}`;

/** A command's label in the UI language; a command without one (newer server) shows as written. */
export function useCommandLabel() {
  const { t, i18n } = useTranslation();
  return useCallback(
    (command: string) => (i18n.exists(commandKey(command)) ? t(commandKey(command)) : command),
    [t, i18n],
  );
}

/** An area's label (the group heading of the command filter); an unknown one shows as written. */
export function useAreaLabel() {
  const { t, i18n } = useTranslation();
  return useCallback((area: string) => (i18n.exists(areaKey(area)) ? t(areaKey(area)) : area), [t, i18n]);
}
