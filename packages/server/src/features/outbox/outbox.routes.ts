import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { OutboxList } from '@footfall/domain';
import type { Feature } from '../feature.js';
import { ACCESS } from '../../platform/http/access-groups.js';

export const outboxRoutes: Feature = (services) => async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/outbox',
    {
      config: { access: ACCESS.superAdmin },
      schema: {
        tags: ['mail'],
        summary: 'Mails written to the outbox (no SMTP server configured), newest first',
        response: { 200: OutboxList },
      },
    },
    async () => services.outbox.list(),
  );
};
