import { z } from 'zod';

/**
 * Weather on dashboard widgets (`includeWeatherIcons`, spec section 7 "OpenWeatherMap"): the server
 * asks OpenWeatherMap for each local day of a location (at local noon) and answers the icon and the
 * temperature. Without an API key the feature is off: `enabled: false` and no days, never an error.
 */
const localDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected YYYY-MM-DD');

export const WeatherStatus = z.object({ enabled: z.boolean() });
export type WeatherStatus = z.infer<typeof WeatherStatus>;

/** At most this many days a call (a widget's period beyond it shows no weather). */
export const WEATHER_MAX_DAYS = 62;

export const WeatherQuery = z
  .object({
    nodeId: z.uuid(),
    from: localDate,
    to: localDate,
    lang: z.enum(['en', 'fr', 'es']).default('en'),
  })
  .refine((q) => q.from <= q.to, { message: 'from is after to', path: ['to'] })
  .refine(
    (q) =>
      (Date.parse(`${q.to}T00:00:00Z`) - Date.parse(`${q.from}T00:00:00Z`)) / 86_400_000 < WEATHER_MAX_DAYS,
    { message: `at most ${WEATHER_MAX_DAYS} days`, path: ['to'] },
  );
export type WeatherQuery = z.infer<typeof WeatherQuery>;

export const WeatherDay = z.object({
  /** the location's local date */
  date: localDate,
  /** OpenWeatherMap icon code (`01d`, `10n`...); null when the provider had nothing */
  icon: z.string().nullable(),
  /** condition group (`Clear`, `Rain`...) */
  main: z.string().nullable(),
  /** the provider's description in the asked language */
  description: z.string().nullable(),
  /** °C at local noon */
  temperature: z.number().nullable(),
});
export type WeatherDay = z.infer<typeof WeatherDay>;

export const WeatherResponse = z.object({
  enabled: z.boolean(),
  /** why there are no days: the feature is off, or the node has no coordinates */
  reason: z.enum(['disabled', 'no_coordinates']).nullable(),
  days: z.array(WeatherDay),
});
export type WeatherResponse = z.infer<typeof WeatherResponse>;
