/**
 * OpenWeatherMap One Call API 3.0, "weather data for timestamp" (`/data/3.0/onecall/timemachine`,
 * https://openweathermap.org/api/one-call-3#history): one call answers the weather at one instant
 * of the archive or the 4-day forecast, `data[0].weather[0]` holding `{id, main, description, icon}`.
 * The adapter is the only place that speaks HTTP to the provider, so tests point it at a local server.
 */
export interface ProviderWeather {
  icon: string | null;
  main: string | null;
  description: string | null;
  temperature: number | null;
}

export interface WeatherProvider {
  at(point: { latitude: number; longitude: number }, utcMs: number, lang: string): Promise<ProviderWeather>;
}

const TIMEOUT_MS = 5000;

interface TimemachineBody {
  data?: { dt?: number; temp?: number; weather?: { main?: string; description?: string; icon?: string }[] }[];
}

const str = (v: unknown) => (typeof v === 'string' && v.length > 0 && v.length <= 200 ? v : null);

export function createOpenWeatherMapProvider(opts: { baseUrl: string; apiKey: string }): WeatherProvider {
  return {
    async at(point, utcMs, lang) {
      const url = new URL(
        'data/3.0/onecall/timemachine',
        opts.baseUrl.endsWith('/') ? opts.baseUrl : `${opts.baseUrl}/`,
      );
      url.searchParams.set('lat', point.latitude.toFixed(4));
      url.searchParams.set('lon', point.longitude.toFixed(4));
      url.searchParams.set('dt', String(Math.floor(utcMs / 1000)));
      url.searchParams.set('units', 'metric');
      url.searchParams.set('lang', lang);
      url.searchParams.set('appid', opts.apiKey);
      const res = await fetch(url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (!res.ok) throw new Error(`OpenWeatherMap answered ${res.status}`);
      const body = (await res.json()) as TimemachineBody;
      const first = Array.isArray(body.data) ? body.data[0] : undefined;
      const w = Array.isArray(first?.weather) ? first.weather[0] : undefined;
      const icon = str(w?.icon);
      return {
        icon: icon && /^\d\d[dn]$/.test(icon) ? icon : null,
        main: str(w?.main),
        description: str(w?.description),
        temperature: typeof first?.temp === 'number' && Number.isFinite(first.temp) ? first.temp : null,
      };
    },
  };
}
