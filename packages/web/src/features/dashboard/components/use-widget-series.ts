import { useMemo, useRef } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  widgetQueryBody,
  type AggregatedSeries,
  type DashboardJson,
  type ResolvedPeriod,
  type Widget,
} from '@footfall/domain';
import { fetchAggregated } from '../api/series-api';
import { dashboardStore, useDashboardState } from '../state/dashboard-store';
import { createTaskQueue } from '../../../lib/task-queue';

/** the widgets' requests leave one per task (each fetch costs the page a few milliseconds) */
const requests = createTaskQueue();

/**
 * The series of one widget for the dashboard's applied selection and period. An empty selection
 * clears the series without a request; a failed call is logged and the widget keeps what it showed
 * (spec section 8 "Series call failure"). Each call moves the loading counter up and back down.
 */
export function useWidgetSeries(
  widget: Widget,
  json: DashboardJson,
  period: ResolvedPeriod,
  locationIds: readonly string[],
) {
  const tick = useDashboardState((s) => s.refreshTick);
  // the body asks for completeness: the answer says which locations had incomplete data (the mark)
  const body = useMemo(
    () => widgetQueryBody(widget, json, period, locationIds),
    [widget, json, period, locationIds],
  );
  const lastGood = useRef<AggregatedSeries[] | null>(null);
  const query = useQuery({
    queryKey: ['series', body, tick],
    enabled: body !== null,
    placeholderData: keepPreviousData,
    retry: false,
    queryFn: async ({ signal }) => {
      dashboardStore.loadingDelta(1);
      try {
        await requests.next();
        const data = await fetchAggregated(body!, signal);
        lastGood.current = data;
        return data;
      } catch (e) {
        console.error('series call failed', e);
        throw e;
      } finally {
        dashboardStore.loadingDelta(-1);
      }
    },
  });
  if (body === null) {
    lastGood.current = null;
    return { series: null, loading: false };
  }
  return { series: query.data ?? lastGood.current, loading: query.isFetching };
}
