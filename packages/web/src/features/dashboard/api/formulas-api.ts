import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The KPIs of the formula catalogue (GET /api/Formula/expanded), for the widget dialog's KPI list. */
export const formulasQuery = () =>
  queryOptions({
    queryKey: ['formulas', 'expanded'] as const,
    // spec section 8: KPI list failures are replaced by an empty list
    queryFn: ({ signal }) =>
      api<{ kpi: string }[]>('/api/Formula/expanded', { signal }).catch((e: unknown) => {
        console.error('formulas', e);
        return [] as { kpi: string }[];
      }),
    staleTime: Infinity,
  });
