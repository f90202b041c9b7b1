import type { OutboxList } from '@footfall/domain';
import type { AppContext } from '../../platform/context.js';

/** Mails kept in DATA_DIR/outbox when there is no SMTP server (embedded mode). */
export function createOutboxService({ mailer, config }: Pick<AppContext, 'mailer' | 'config'>) {
  return {
    async list(): Promise<OutboxList> {
      if (config.SMTP_URL) return { transport: 'smtp', items: [] };
      return { transport: 'outbox', items: await mailer.outbox() };
    },
  };
}
export type OutboxService = ReturnType<typeof createOutboxService>;
