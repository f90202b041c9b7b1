import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { trackLocationsQuery } from '../api/tracks-api';

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
const pad = (n: number) => String(n).padStart(2, '0');
const dayOf = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** The default period: the last 7 days, today included (days of the browser's calendar). */
export function defaultDays(today = new Date()): { from: string; to: string } {
  const from = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 6);
  return { from: dayOf(from), to: dayOf(today) };
}

/** The next calendar day of "YYYY-MM-DD" (the exclusive end of a period ending that day). */
export function nextDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return dayOf(new Date(y, m - 1, d + 1));
}

export interface TrackSelection {
  locationId: string | null;
  /** first and last day shown, inclusive, "YYYY-MM-DD" */
  fromDay: string;
  toDay: string;
  /** the period as the API wants it: local wall-clock, `to` exclusive */
  period: { from: string; to: string } | null;
  set: (patch: Partial<{ location: string; from: string; to: string }>) => void;
  search: string;
}

/**
 * The location and days every track screen shows, kept in the URL (`?location&from&to`) so the tabs,
 * a reload and a shared link keep them. Without a location, the first of the caller's tracked ones.
 */
export function useTrackSelection(): TrackSelection {
  const [params, setParams] = useSearchParams();
  const locations = useQuery(trackLocationsQuery());
  const fallback = defaultDays();
  const fromParam = params.get('from');
  const toParam = params.get('to');
  const fromDay = fromParam && DAY_RE.test(fromParam) ? fromParam : fallback.from;
  const toDay = toParam && DAY_RE.test(toParam) ? toParam : fallback.to;
  const locationId = params.get('location') ?? locations.data?.[0]?.locationId ?? null;
  return useMemo(
    () => ({
      locationId,
      fromDay,
      toDay,
      period: fromDay <= toDay ? { from: `${fromDay} 00:00`, to: `${nextDay(toDay)} 00:00` } : null,
      search: new URLSearchParams({
        ...(locationId ? { location: locationId } : {}),
        from: fromDay,
        to: toDay,
      }).toString(),
      set: (patch) =>
        setParams(
          (prev) => {
            const next = new URLSearchParams(prev);
            if (locationId && !next.get('location')) next.set('location', locationId);
            for (const [k, v] of Object.entries(patch)) if (v !== undefined) next.set(k, v);
            return next;
          },
          { replace: true },
        ),
    }),
    [locationId, fromDay, toDay, setParams],
  );
}
