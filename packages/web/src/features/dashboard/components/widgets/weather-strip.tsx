import type { ReactElement } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AcUnit from '@mui/icons-material/AcUnit';
import Cloud from '@mui/icons-material/CloudOutlined';
import FilterDrama from '@mui/icons-material/FilterDramaOutlined';
import Grain from '@mui/icons-material/Grain';
import Thunderstorm from '@mui/icons-material/ThunderstormOutlined';
import Umbrella from '@mui/icons-material/BeachAccessOutlined';
import WbSunny from '@mui/icons-material/WbSunnyOutlined';
import Dehaze from '@mui/icons-material/Dehaze';
import { WEATHER_MAX_DAYS, type ResolvedPeriod, type WeatherDay } from '@footfall/domain';
import { useLang } from '../../../../lib/use-lang';
import { weatherQuery, weatherStatusQuery } from '../../api/weather-api';

/** OpenWeatherMap icon codes (https://openweathermap.org/weather-conditions) as Material icons. */
const ICONS: Record<string, ReactElement> = {
  '01': <WbSunny fontSize="small" sx={{ color: '#c77700' }} />,
  '02': <FilterDrama fontSize="small" />,
  '03': <Cloud fontSize="small" />,
  '04': <Cloud fontSize="small" />,
  '09': <Grain fontSize="small" />,
  '10': <Umbrella fontSize="small" />,
  '11': <Thunderstorm fontSize="small" />,
  '13': <AcUnit fontSize="small" />,
  '50': <Dehaze fontSize="small" />,
};

const dateOf = (localMinute: number) => new Date(localMinute * 60_000).toISOString().slice(0, 10);

/**
 * The weather of each day of the period above a chart widget with `includeWeatherIcons`, for the
 * first selected location; nothing when the server has no provider, the location no coordinates, or
 * the period is longer than the provider is asked for.
 */
export function WeatherStrip({ period, nodeId }: { period: ResolvedPeriod; nodeId: string | undefined }) {
  const { t } = useTranslation();
  const lang = useLang();
  const status = useQuery(weatherStatusQuery());
  const from = dateOf(period.from);
  const to = dateOf(period.to - 1);
  const days = (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;
  const enabled = status.data?.enabled === true && !!nodeId && days <= WEATHER_MAX_DAYS;
  const weather = useQuery({ ...weatherQuery(nodeId ?? '', from, to, lang), enabled });
  const shown = (weather.data?.days ?? []).filter((d): d is WeatherDay & { icon: string } => !!d.icon);
  if (!enabled || shown.length === 0) return null;
  const fmt = new Intl.DateTimeFormat(lang, { weekday: 'short', day: 'numeric', timeZone: 'UTC' });
  return (
    <Box
      role="list"
      aria-label={t('widget_weather')}
      data-testid="widget-weather"
      sx={{ display: 'flex', gap: 0.5, px: 0.5, overflowX: 'auto', flexShrink: 0, color: 'text.secondary' }}
    >
      {shown.map((d) => {
        const label = `${fmt.format(new Date(`${d.date}T00:00:00Z`))}: ${d.description ?? d.main ?? ''}${
          d.temperature === null ? '' : `, ${Math.round(d.temperature)} °C`
        }`;
        return (
          <Tooltip key={d.date} title={label}>
            <Box
              role="listitem"
              aria-label={label}
              tabIndex={0}
              sx={{ display: 'flex', alignItems: 'center', gap: 0.25, flexShrink: 0 }}
            >
              {ICONS[d.icon.slice(0, 2)] ?? <Cloud fontSize="small" />}
              {days <= 14 && d.temperature !== null && (
                <Typography variant="caption">{Math.round(d.temperature)}°</Typography>
              )}
            </Box>
          </Tooltip>
        );
      })}
    </Box>
  );
}
