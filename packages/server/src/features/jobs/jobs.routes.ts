import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { JobRunsPage, JobRunsQuery } from '@footfall/domain';
import type { Feature } from '../feature.js';

export const jobsRoutes: Feature = (services) => async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/Jobs/runs',
    {
      config: { access: { roles: ['superAdmin'] } },
      schema: {
        tags: ['jobs'],
        summary: "Runs of the scheduler's jobs (claimed, running, succeeded, failed), newest first",
        querystring: JobRunsQuery,
        response: { 200: JobRunsPage },
      },
    },
    async (req) => services.jobs.runs(req.query),
  );
};
