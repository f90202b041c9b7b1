import type { Principal, WarningMessage } from '@footfall/domain';
import type { AppContext } from '../../platform/context.js';
import type { EventLogService } from '../event-log/event-log.service.js';
import { readSetting, writeSetting } from './settings.repository.js';

const WARNING_KEY = 'warningMessage';

/**
 * The maintenance warning: the value a superAdmin set (a stored null means "cleared") wins over
 * WARNING_MESSAGE from the configuration.
 */
export function createSettingsService(
  { db, clock, config }: Pick<AppContext, 'db' | 'clock' | 'config'>,
  eventLog: EventLogService,
) {
  return {
    async warningMessage(): Promise<WarningMessage> {
      const row = await readSetting(db, WARNING_KEY);
      if (row) {
        const stored = (row.value as { message?: unknown } | null)?.message;
        return { message: typeof stored === 'string' ? stored : null };
      }
      return { message: config.WARNING_MESSAGE ?? null };
    },

    async setWarningMessage(principal: Principal, message: string | null): Promise<WarningMessage> {
      await eventLog.withAudit(async (tx) => {
        await writeSetting(
          db,
          WARNING_KEY,
          { message },
          principal.actor?.username ?? principal.username,
          clock.now(),
        );
        await eventLog.record(tx, principal, 'Setting.WarningMessage', WARNING_KEY, { message });
      });
      return { message };
    },
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;
