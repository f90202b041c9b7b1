import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { EXPANDED_FORMULAS, ExpandedFormulaResponse, ErrorBody } from '@footfall/domain';
import type { Feature } from '../feature.js';

/** The KPI catalogue with formula expressions (spec section 3 "Computed KPIs"). */
export const formulaRoutes: Feature = () => async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/Formula/expanded',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['time series'],
        summary: 'Every KPI: expression with [BaseKpi] names, derived flag, base KPIs, percentage, category',
        response: { 200: ExpandedFormulaResponse, 401: ErrorBody },
      },
    },
    async () => EXPANDED_FORMULAS.map((f) => ({ ...f })),
  );
};
