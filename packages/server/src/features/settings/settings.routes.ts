import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { WarningMessage, WarningMessageBody } from '@footfall/domain';
import type { Feature } from '../feature.js';
import { principalOf } from '../../platform/http/principal.js';
import { ACCESS } from '../../platform/http/access-groups.js';

export const settingsRoutes: Feature = (services) => async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/Setting/WarningMessage',
    {
      // shown on the sign-in page too, so it needs no token
      config: { access: 'public' },
      schema: {
        tags: ['settings'],
        summary: 'The maintenance message, or null',
        response: { 200: WarningMessage },
      },
    },
    async () => services.settings.warningMessage(),
  );

  r.put(
    '/api/Setting/WarningMessage',
    {
      config: { access: ACCESS.superAdmin },
      schema: {
        tags: ['settings'],
        summary: 'Set or clear (null, empty) the maintenance message',
        body: WarningMessageBody,
        response: { 200: WarningMessage },
      },
    },
    async (req) => services.settings.setWarningMessage(principalOf(req), req.body.message),
  );
};
