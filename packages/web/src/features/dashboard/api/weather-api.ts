import type { WeatherResponse, WeatherStatus } from '@footfall/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Whether the server has a weather provider (an OpenWeatherMap key): the option is hidden without. */
export const weatherStatusQuery = () =>
  queryOptions({
    queryKey: ['weather', 'status'] as const,
    queryFn: ({ signal }) =>
      api<WeatherStatus>('/api/OpenWeatherMap/status', { signal }).catch(() => ({ enabled: false })),
    staleTime: Infinity,
  });

/** Weather of a location's local days (icon and noon temperature); failures show no weather. */
export const weatherQuery = (nodeId: string, from: string, to: string, lang: string) =>
  queryOptions({
    queryKey: ['weather', nodeId, from, to, lang] as const,
    queryFn: ({ signal }) =>
      api<WeatherResponse>(
        `/api/OpenWeatherMap?nodeId=${encodeURIComponent(nodeId)}&from=${from}&to=${to}&lang=${lang}`,
        { signal },
      ).catch((): WeatherResponse => ({ enabled: false, reason: null, days: [] })),
    staleTime: 10 * 60_000,
  });
