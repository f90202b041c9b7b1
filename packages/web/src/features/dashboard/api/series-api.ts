import type { AggregatedQueryInput, AggregatedSeries } from '@footfall/domain';
import { api } from '../../../lib/api-client';

/** POST /api/TimeSeries/AggregatedTimeSeries (spec section 7 "Time series"). */
export const fetchAggregated = (body: AggregatedQueryInput, signal?: AbortSignal) =>
  api<AggregatedSeries[]>('/api/TimeSeries/AggregatedTimeSeries', { body, signal });
