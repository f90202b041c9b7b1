import { localMinute, type LocalMinute } from '@footfall/domain';

/** The browser's wall clock as a LocalMinute (presets resolve against each location's own clock). */
export function nowLocal(date = new Date()): LocalMinute {
  return localMinute(
    date.getFullYear(),
    date.getMonth() + 1,
    date.getDate(),
    date.getHours(),
    date.getMinutes(),
  );
}
