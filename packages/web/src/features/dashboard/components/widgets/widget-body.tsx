import { memo, useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import LinearProgress from '@mui/material/LinearProgress';
import {
  bucketLabel,
  findSeries,
  cardNamesKpi,
  formatDelta,
  formatKpiValue,
  kpiCardFigures,
  occupancyRows,
  orderKpis,
  rankingRows,
  widgetChartOption,
  type AggregatedSeries,
  type DashboardJson,
  type ResolvedPeriod,
  type Widget,
} from '@footfall/domain';
import { Chart } from '../../../../components/charts/chart';
import type { FlatNode } from '../../../../lib/tree-api';
import { useWidgetSeries } from '../use-widget-series';
import { CompletenessMark } from './completeness-mark';
import { WeatherStrip } from './weather-strip';

export interface WidgetContext {
  json: DashboardJson;
  period: ResolvedPeriod;
  nodes: ReadonlyMap<string, FlatNode>;
  locationIds: readonly string[];
}

/**
 * The content of one widget: asks for its series and draws them. Memoised, and the series are drawn
 * from a deferred copy: a widget re-renders when its own inputs change, and the drawing of new series
 * is a background (time-sliced) render instead of one long task when the series of several widgets
 * arrive together.
 */
export const WidgetBody = memo(function WidgetBody({ widget, ctx }: { widget: Widget; ctx: WidgetContext }) {
  const { t } = useTranslation();
  const { series: latest, loading: fetching } = useWidgetSeries(
    widget,
    ctx.json,
    ctx.period,
    ctx.locationIds,
  );
  const series = useDeferredValue(latest);
  const loading = fetching || series !== latest;
  const empty = ctx.json.fullTreeViewSelection.length === 0;
  const body = (() => {
    switch (widget.type.name) {
      case 'text':
        // the title sits inside the text (no header row), so a one-line banner fits
        return widget.extras.text ? (
          <Box
            // scrolls when the text is long: focusable so a keyboard can scroll it, named for the focus
            tabIndex={0}
            role="region"
            aria-label={widget.title ?? t('widget_type_text')}
            sx={{ px: 0.5, pt: 0.25, overflow: 'auto', lineHeight: 1.3 }}
          >
            {widget.title && (
              <Typography variant="subtitle2" sx={{ fontWeight: 650, lineHeight: 1.3 }}>
                {widget.title}
              </Typography>
            )}
            <Typography
              variant="body2"
              color="text.secondary"
              sx={{ whiteSpace: 'pre-wrap', lineHeight: 1.3 }}
            >
              {widget.extras.text}
            </Typography>
          </Box>
        ) : (
          <Hint text={t('widget_no_text')} />
        );
      case 'image':
        return widget.extras.imageUrl ? (
          <Box
            component="img"
            src={widget.extras.imageUrl}
            alt={widget.title ?? ''}
            sx={{ width: '100%', height: '100%', objectFit: 'contain' }}
          />
        ) : (
          <Hint text={t('widget_no_image')} />
        );
      default:
        if (empty) return <Hint text={t('widget_no_selection')} />;
        if (!series)
          // KPI cards keep their loaded height while they load, so the cards below them do not jump
          return loading ? (
            widget.type.name === 'kpiCard' ? (
              <KpiCards widget={widget} series={null} />
            ) : null
          ) : (
            <Hint text={t('widget_no_data')} />
          );
        return <SeriesWidget widget={widget} series={series} ctx={ctx} />;
    }
  })();
  return (
    <Box sx={{ position: 'relative', height: '100%', display: 'flex', flexDirection: 'column' }}>
      {loading && (
        <LinearProgress
          aria-label={t('loading')}
          sx={{ position: 'absolute', top: 0, left: 0, right: 0, height: 2 }}
        />
      )}
      {widget.includeWeatherIcons &&
        !empty &&
        (widget.type.name === 'lineChart' || widget.type.name === 'barChart') && (
          <WeatherStrip period={ctx.period} nodeId={ctx.locationIds[0]} />
        )}
      {body}
      {!empty && (
        // the mark's slot: the mobile column reserves its line (mobile-widget-column.tsx), so a card whose
        // series arrive incomplete does not grow and push the cards below it (layout shift)
        <Box data-completeness-slot sx={{ flexShrink: 0, display: 'flex', justifyContent: 'flex-end' }}>
          <CompletenessMark series={series} nodes={ctx.nodes} />
        </Box>
      )}
    </Box>
  );
});

function Hint({ text }: { text: string }) {
  return (
    <Box sx={{ flex: 1, display: 'grid', placeItems: 'center', p: 2 }}>
      <Typography variant="body2" color="text.secondary" align="center">
        {text}
      </Typography>
    </Box>
  );
}

const SeriesWidget = memo(function SeriesWidget({
  widget,
  series,
  ctx,
}: {
  widget: Widget;
  series: AggregatedSeries[];
  ctx: WidgetContext;
}) {
  const { t } = useTranslation();
  const option = useMemo(() => widgetChartOption(widget, series, t), [widget, series, t]);
  if (option) return <Chart option={option} label={widget.title ?? t(`widget_type_${widget.type.name}`)} />;
  switch (widget.type.name) {
    case 'kpiCard':
      return <KpiCards widget={widget} series={series} />;
    case 'table':
      return <SeriesTable widget={widget} series={series} />;
    case 'ranking':
      return <Ranking widget={widget} series={series} ctx={ctx} />;
    case 'occupancyIndicator':
      return <OccupancyIndicator widget={widget} series={series} ctx={ctx} />;
    default:
      return null;
  }
});

/** The KPI figures of a card; without series (loading) the same layout, invisible, holding its place. */
function KpiCards({ widget, series }: { widget: Widget; series: AggregatedSeries[] | null }) {
  const { t } = useTranslation();
  const figures = kpiCardFigures(widget, series);
  return (
    <Box
      aria-hidden={series === null || undefined}
      sx={{
        visibility: series === null ? 'hidden' : undefined,
        flex: 1,
        display: 'grid',
        gridTemplateColumns: `repeat(auto-fit, minmax(150px, 1fr))`,
        gap: 1.5,
        alignContent: 'start',
        px: 1,
        overflow: 'hidden',
      }}
    >
      {figures.map(({ kpi, current: cur, n1, y1, forecast }) => {
        return (
          <Box key={kpi} data-testid={series ? `kpi-card-${kpi}` : undefined}>
            {cardNamesKpi(widget.title, t(`kpi_${kpi}`), figures.length) && (
              <Typography
                variant="overline"
                color="text.secondary"
                noWrap
                sx={{ lineHeight: 1.3, display: 'block' }}
              >
                {t(`kpi_${kpi}`)}
              </Typography>
            )}
            <Typography
              data-testid={series ? 'kpi-value' : undefined}
              sx={{ fontSize: 28, fontWeight: 700, letterSpacing: -0.5, lineHeight: 1.1 }}
            >
              {formatKpiValue(kpi, cur)}
            </Typography>
            <Box sx={{ display: 'flex', gap: 0.5, mt: 0.5, flexWrap: 'wrap' }}>
              <DeltaChip label={t('mode_n1')} value={n1} />
              <DeltaChip label={t('mode_y1')} value={y1} />
            </Box>
            {forecast != null && (
              <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
                {t('forecast_value', { value: formatKpiValue(kpi, forecast) })}
              </Typography>
            )}
          </Box>
        );
      })}
    </Box>
  );
}

function DeltaChip({ label, value }: { label: string; value: number | null }) {
  const color = value == null ? 'default' : value >= 0 ? 'success' : 'error';
  return <Chip size="small" variant="outlined" color={color} label={`${label} ${formatDelta(value)}`} />;
}

function SeriesTable({ widget, series }: { widget: Widget; series: AggregatedSeries[] }) {
  const { t } = useTranslation();
  const kpis = orderKpis(widget.kpis);
  const first = findSeries(series, kpis[0] ?? '');
  const keys = first?.data.map((d) => d.key) ?? [];
  const multiDay = new Set(keys.map((k) => k.slice(0, 10))).size > 1;
  const perPage = widget.extras.pagination;
  const [page, setPage] = useState(0);
  const rows = keys.slice(page * perPage, page * perPage + perPage);
  const valueAt = (kpi: string, key: string) =>
    findSeries(series, kpi)?.data.find((d) => d.key === key)?.value ?? null;
  return (
    <Box sx={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}>
      <Box
        tabIndex={0}
        role="region"
        aria-label={widget.title ?? t('widget_type_table')}
        sx={{ flex: 1, overflow: 'auto' }}
      >
        <Table size="small" stickyHeader>
          <TableHead>
            <TableRow>
              <TableCell>{t('table_period')}</TableCell>
              {kpis.map((k) => (
                <TableCell key={k} align="right">
                  {t(`kpi_${k}`)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((key) => (
              <TableRow key={key} hover>
                <TableCell>{bucketLabel(key, first?.aggregation ?? 'PT1H', multiDay)}</TableCell>
                {kpis.map((k) => (
                  <TableCell key={k} align="right">
                    {formatKpiValue(k, valueAt(k, key))}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      <TablePagination
        component="div"
        count={keys.length}
        page={Math.min(page, Math.max(0, Math.ceil(keys.length / perPage) - 1))}
        rowsPerPage={perPage}
        rowsPerPageOptions={[perPage]}
        onPageChange={(_e, p) => setPage(p)}
      />
    </Box>
  );
}

function Ranking({
  widget,
  series,
  ctx,
}: {
  widget: Widget;
  series: AggregatedSeries[];
  ctx: WidgetContext;
}) {
  const { t } = useTranslation();
  const { kpi, rows, max } = rankingRows(widget, series);
  return (
    <Box
      component="ol"
      tabIndex={0}
      aria-label={widget.title ?? t('widget_type_ranking')}
      sx={{ flex: 1, overflow: 'auto', px: 1 }}
    >
      {rows.map((r, i) => (
        <Box component="li" key={r.nodeId} sx={{ listStyle: 'none', py: 0.75 }}>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
            <Typography variant="body2" noWrap>
              {i + 1}. {ctx.nodes.get(r.nodeId)?.name ?? r.nodeId}
            </Typography>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {formatKpiValue(kpi, r.summary)}
            </Typography>
          </Box>
          <LinearProgress
            variant="determinate"
            // the bar is the location's share of the first one's figure
            aria-label={t('ranking_bar_label', { name: ctx.nodes.get(r.nodeId)?.name ?? r.nodeId })}
            value={((r.summary ?? 0) / max) * 100}
            sx={{ mt: 0.5, height: 6, borderRadius: 3 }}
          />
        </Box>
      ))}
    </Box>
  );
}

const STATUS_COLOR = { critical: 'error.main', warning: 'warning.main', ok: 'success.main' } as const;

function OccupancyIndicator({
  widget,
  series,
  ctx,
}: {
  widget: Widget;
  series: AggregatedSeries[];
  ctx: WidgetContext;
}) {
  const { t } = useTranslation();
  const rows = occupancyRows(widget, series);
  const grid = widget.occupancyIndicatorGridMode;
  return (
    <Box
      tabIndex={0}
      role="region"
      aria-label={widget.title ?? t('widget_type_occupancyIndicator')}
      sx={{
        flex: 1,
        overflow: 'auto',
        p: 1,
        display: grid ? 'grid' : 'flex',
        flexDirection: 'column',
        gridTemplateColumns: 'repeat(auto-fill, minmax(120px, 1fr))',
        gap: 1,
      }}
    >
      {rows.map((r) => (
        <Box
          key={r.nodeId}
          data-status={r.status}
          sx={{
            border: 1,
            borderColor: 'divider',
            borderLeft: 4,
            borderLeftColor: STATUS_COLOR[r.status],
            borderRadius: 1.5,
            px: 1.25,
            py: 0.75,
            display: 'flex',
            flexDirection: grid ? 'column' : 'row',
            justifyContent: 'space-between',
            gap: 0.5,
          }}
        >
          <Typography variant="body2" noWrap>
            {ctx.nodes.get(r.nodeId)?.name ?? r.nodeId}
          </Typography>
          <Typography variant="body2" sx={{ fontWeight: 700 }}>
            {formatKpiValue('Occupancy', r.summary)} · {t(`occupancy_${r.status}`)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
