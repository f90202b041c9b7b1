import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import AccountTree from '@mui/icons-material/AccountTreeOutlined';
import Leaderboard from '@mui/icons-material/Leaderboard';
import { DEFAULT_PERIOD_PRESET, type RankingOrder } from '@footfall/domain';
import { PeriodSelector, type PeriodChoice } from '../../../components/period/period-selector';
import { LocationPicker, NO_TAGS } from '../../../components/tree-selector/location-picker';
import { useIsDesktop } from '../../../lib/use-is-desktop';
import { rankingQuery } from '../api/ranking-api';
import { nowLocal, RANKING_KPIS, rankingRequest, type RankingChoice } from '../lib/ranking-request';
import { RankingChart } from './ranking-chart';
import { OWN_CHIP_SX, RankingList, RankingTable } from './ranking-rows';

const FIRST_PERIOD: PeriodChoice = {
  selectedTimePeriod: { value: DEFAULT_PERIOD_PRESET },
  // spec section 9: business hours only is on by default
  isBusinessHoursOnlyMode: true,
  applyTimePeriodToEachDay: false,
};

/** The choice survives a visit to another page within the session (not a reload of another tab). */
const STORE_KEY = 'footfall.ranking';
function loadChoice(): RankingChoice {
  const fallback: RankingChoice = {
    kpi: 'TrafficIn',
    period: FIRST_PERIOD,
    nodeIds: [],
    tags: NO_TAGS,
    order: 'desc',
  };
  try {
    const raw = sessionStorage.getItem(STORE_KEY);
    return raw ? { ...fallback, ...(JSON.parse(raw) as Partial<RankingChoice>) } : fallback;
  } catch {
    return fallback;
  }
}

/**
 * Ranking (/ranking): the locations of the selection ranked by a KPI over a period, with their
 * previous-period (N-1) and last-year (Y-1) figures and how their rank moved; the user's own location
 * highlighted. A bar chart of the KPI per location above a table (desktop) or a list (mobile).
 */
export function RankingPage() {
  const { t } = useTranslation();
  const desktop = useIsDesktop();
  const [choice, setChoiceState] = useState<RankingChoice>(loadChoice);
  const setChoice = (patch: Partial<RankingChoice>) =>
    setChoiceState((c) => {
      const next = { ...c, ...patch };
      try {
        sessionStorage.setItem(STORE_KEY, JSON.stringify(next));
      } catch {
        // private mode: the choice lasts as long as the page
      }
      return next;
    });
  // resolved when the choice changes: "today" means today when the user asked
  const request = useMemo(() => rankingRequest(choice, nowLocal()), [choice]);
  const ranking = useQuery(rankingQuery(request));
  const data = ranking.data;
  const rows = data?.rows ?? [];
  const kpiLabel = t(`kpi_${choice.kpi}`);
  const chart = (d: NonNullable<typeof data>) => (
    <Paper variant="outlined" sx={{ p: { xs: 1, sm: 2 } }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        {t('ranking_chart_title', { kpi: kpiLabel })}
      </Typography>
      <RankingChart data={d} label={t('ranking_chart_title', { kpi: kpiLabel })} />
    </Paper>
  );

  return (
    <Box sx={{ p: { xs: 1.5, lg: 3 }, maxWidth: 1400, mx: 'auto' }} data-testid="ranking">
      <Stack direction="row" sx={{ mb: 1, flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        {desktop && (
          <Typography variant="h2" component="h1" sx={{ flex: '1 1 auto', mr: 2 }}>
            {t('ranking_title')}
          </Typography>
        )}
        <TextField
          select
          size="small"
          label={t('ranking_kpi')}
          value={choice.kpi}
          onChange={(e) => setChoice({ kpi: e.target.value })}
          sx={{ minWidth: 200, flex: { xs: '1 1 100%', sm: '0 0 auto' } }}
          slotProps={{ select: { inputProps: { 'data-testid': 'ranking-kpi' } } }}
        >
          {RANKING_KPIS.map((k) => (
            <MenuItem key={k} value={k}>
              {t(`kpi_${k}`)}
            </MenuItem>
          ))}
        </TextField>
        <PeriodSelector value={choice.period} onApply={(period) => setChoice({ period })} />
        <LocationPicker
          selection={choice.nodeIds}
          tags={choice.tags}
          onApply={(nodeIds, tags) => setChoice({ nodeIds, tags })}
          texts={{
            all: t('ranking_all_locations'),
            count: (count) => t('ranking_locations_count', { count }),
            title: t('ranking_locations_title'),
          }}
          testId="ranking-locations"
        />
        <ToggleButtonGroup
          size="small"
          exclusive
          value={choice.order}
          onChange={(_, order: RankingOrder | null) => order && setChoice({ order })}
          aria-label={t('ranking_order')}
        >
          <ToggleButton value="desc">{t('ranking_order_desc')}</ToggleButton>
          <ToggleButton value="asc">{t('ranking_order_asc')}</ToggleButton>
        </ToggleButtonGroup>
      </Stack>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }} data-testid="ranking-period">
        {t('ranking_period', { from: request.from, to: request.to })}
        {request.businessHoursOnly ? ` · ${t('ranking_business_hours')}` : ''}
      </Typography>

      {/* the bar keeps its place so the page does not jump while a new ranking loads */}
      <Box sx={{ height: 4, mb: 1 }}>
        {ranking.isFetching && <LinearProgress aria-label={t('loading')} />}
      </Box>

      {ranking.isError ? (
        <Alert severity="error" data-testid="ranking-error">
          {t('ranking_error')}
        </Alert>
      ) : !data ? (
        <Stack spacing={1} data-testid="ranking-loading" aria-busy="true" aria-label={t('loading')}>
          <Skeleton variant="rounded" height={220} />
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} variant="rounded" height={44} />
          ))}
        </Stack>
      ) : rows.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }} data-testid="ranking-empty">
          <Leaderboard sx={{ fontSize: 40, color: 'text.secondary' }} />
          <Typography variant="h6" component="p">
            {t('ranking_empty_title')}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
            {t('ranking_empty_text')}
          </Typography>
          {(choice.nodeIds.length > 0 || choice.tags.locationGroup.length > 0) && (
            <Button startIcon={<AccountTree />} onClick={() => setChoice({ nodeIds: [], tags: NO_TAGS })}>
              {t('ranking_show_all')}
            </Button>
          )}
        </Paper>
      ) : (
        <Stack spacing={2}>
          {rows.some((r) => r.own) && (
            <Box>
              <Chip
                sx={{ ...OWN_CHIP_SX, ml: 0 }}
                size="small"
                label={t('ranking_own_hint')}
                data-testid="ranking-own-hint"
              />
            </Box>
          )}
          {/* on a phone the list comes first: the chart is the second look */}
          {desktop ? (
            <>
              {chart(data)}
              <RankingTable data={data} />
            </>
          ) : (
            <>
              <RankingList data={data} />
              {chart(data)}
            </>
          )}
        </Stack>
      )}
    </Box>
  );
}
