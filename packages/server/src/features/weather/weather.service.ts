import {
  fromLocalMinute,
  toLocalMinute,
  type Principal,
  type WeatherQuery,
  type WeatherResponse,
} from '@footfall/domain';
import type { Clock } from '../../platform/clock.js';
import type { Logger } from '../../platform/logger.js';
import type { TreeService } from '../tree/tree.service.js';
import type { WeatherProvider, ProviderWeather } from './weather.provider.js';

/** Past days never change: kept until evicted; today and later are asked again after this long. */
const FRESH_MS = 60 * 60_000;
/** Entries kept in memory (a day of one place is one entry, ~200 bytes). */
const MAX_ENTRIES = 50_000;
const DAY_MS = 86_400_000;

/**
 * Weather of a location's local days for the widgets' `includeWeatherIcons`: the provider is asked
 * for each local day at local noon, and the answers are cached in memory by place (coordinates to
 * 2 decimals, about 1 km) and date. No provider (no API key): `enabled: false`, never an error; a
 * provider failure leaves that day empty (logged) and is not cached.
 */
export function createWeatherService(deps: {
  provider: WeatherProvider | null;
  tree: Pick<TreeService, 'attributes'>;
  clock: Clock;
  log: Logger;
}) {
  const { provider, tree, clock, log } = deps;
  const cache = new Map<string, { value: ProviderWeather; at: number; final: boolean }>();

  function remember(key: string, value: ProviderWeather, final: boolean) {
    cache.delete(key);
    cache.set(key, { value, at: clock.now().getTime(), final });
    // Map keeps insertion order: the oldest entries go first
    while (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  }

  return {
    status: () => ({ enabled: provider !== null }),

    /** How many provider calls the cache has saved is visible to tests through the provider itself. */
    cacheSize: () => cache.size,

    async days(principal: Principal, q: WeatherQuery): Promise<WeatherResponse> {
      const attrs = (await tree.attributes(principal, q.nodeId)) as {
        latitude?: number;
        longitude?: number;
        timezone?: string;
      };
      if (!provider) return { enabled: false, reason: 'disabled', days: [] };
      if (typeof attrs.latitude !== 'number' || typeof attrs.longitude !== 'number' || !attrs.timezone)
        return { enabled: true, reason: 'no_coordinates', days: [] };
      const tz = attrs.timezone;
      const point = { latitude: attrs.latitude, longitude: attrs.longitude };
      const place = `${point.latitude.toFixed(2)},${point.longitude.toFixed(2)}`;
      const nowMs = clock.now().getTime();
      const todayMinute = toLocalMinute(tz, nowMs);
      const today = new Date(Math.floor(todayMinute / 1440) * DAY_MS).toISOString().slice(0, 10);
      const out: WeatherResponse['days'] = [];
      for (let d = Date.parse(`${q.from}T00:00:00Z`); d <= Date.parse(`${q.to}T00:00:00Z`); d += DAY_MS) {
        const date = new Date(d).toISOString().slice(0, 10);
        const key = `${place}:${date}:${q.lang}`;
        const hit = cache.get(key);
        let value: ProviderWeather | null = null;
        if (hit && (hit.final || nowMs - hit.at < FRESH_MS)) value = hit.value;
        else {
          const noon = fromLocalMinute(tz, (d + 12 * 3_600_000) / 60_000).utcMs;
          try {
            value = await provider.at(point, noon, q.lang);
            remember(key, value, date < today);
          } catch (e) {
            log.warn({ err: e, place, date }, 'weather provider failed');
          }
        }
        out.push({
          date,
          icon: value?.icon ?? null,
          main: value?.main ?? null,
          description: value?.description ?? null,
          temperature: value?.temperature ?? null,
        });
      }
      return { enabled: true, reason: null, days: out };
    },
  };
}

export type WeatherService = ReturnType<typeof createWeatherService>;
