import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Widget } from '@footfall/domain';
import { CHART_WIDGET_TYPES, preloadCharts } from '../../../../components/charts/chart';
import { COMPLETENESS_MARK_HEIGHT } from '../widgets/completeness-mark';
import { WidgetBody, type WidgetContext } from '../widgets/widget-body';

/** Height of a chart on the phone (the grid's own height would squeeze or stretch it). */
const MOBILE_CHART_HEIGHT = 280;
/** The least height of another card (its title and the content's placeholder) and the gap between cards. */
const LEAST_CARD_HEIGHT = 96;
const CARD_GAP = 12;

/** The widgets in reading order: top to bottom, then left to right, as they sit on the desktop grid. */
export function mobileOrder(widgets: readonly Widget[]): Widget[] {
  return [...widgets].sort((a, b) => a.layout.y - b.layout.y || a.layout.x - b.layout.x);
}

/**
 * The mobile dashboard's widgets in one column, each the full width of the phone: the same widget
 * bodies (and so the same queries and figures) as the desktop grid, with their natural height.
 */
export function MobileWidgetColumn({ widgets, ctx }: { widgets: readonly Widget[]; ctx: WidgetContext }) {
  const { t } = useTranslation();
  const hasCharts = widgets.some((w) => CHART_WIDGET_TYPES.has(w.type.name));
  useEffect(() => {
    if (hasCharts) preloadCharts();
  }, [hasCharts]);
  // the cards that surely start on the first screen (their least heights added up) render their content
  // in the column's own render, which React slices, instead of after a measure in a layout effect, which
  // renders them all again in one uninterrupted task
  const [eagerBelow] = useState(() => (typeof window === 'undefined' ? 0 : window.innerHeight));
  let top = 0;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }} data-testid="mobile-widget-column">
      {mobileOrder(widgets).map((w) => {
        const chart = CHART_WIDGET_TYPES.has(w.type.name);
        const eager = top < eagerBelow;
        top += (chart ? MOBILE_CHART_HEIGHT : LEAST_CARD_HEIGHT) + CARD_GAP;
        return (
          <Paper
            key={w.layout.i}
            variant="outlined"
            data-testid="widget"
            data-widget-id={w.layout.i}
            data-widget-type={w.type.name}
            sx={{
              borderRadius: 2.5,
              display: 'flex',
              flexDirection: 'column',
              overflow: 'hidden',
              height: chart ? MOBILE_CHART_HEIGHT : 'auto',
              // the table and the rankings scroll inside the card rather than making the page endless
              maxHeight: chart ? undefined : 480,
              // occupancy: one location a row (the grid mode's narrow cells cut names and statuses), the
              // status on a line of its own when the name is long, and long names wrapped, not cut
              '& :has(> [data-status])': { gridTemplateColumns: '1fr' },
              '& [data-status]': { flexWrap: 'wrap' },
              '& [data-status] > .MuiTypography-noWrap': { minWidth: 0, whiteSpace: 'normal' },
              // ranking rows: names wrap instead of being cut
              '& li .MuiTypography-noWrap': { whiteSpace: 'normal' },
              // the completeness mark's line is kept from the first paint: a card (height auto) whose
              // series arrive incomplete does not grow then and push the cards below it (layout shift)
              '& [data-completeness-slot]': { minHeight: COMPLETENESS_MARK_HEIGHT },
            }}
          >
            {w.type.name !== 'text' && (
              <Typography variant="subtitle2" component="h2" sx={{ fontWeight: 650, px: 1.5, pt: 1 }}>
                {w.title || t(`widget_type_${w.type.name}`)}
              </Typography>
            )}
            <Box sx={{ flex: chart ? 1 : '0 1 auto', minHeight: 0, px: 1, pb: 1, display: 'flex' }}>
              <WhenNear minHeight={chart ? 0 : LEAST_CARD_HEIGHT} eager={eager}>
                <WidgetBody widget={w} ctx={ctx} />
              </WhenNear>
            </Box>
          </Paper>
        );
      })}
    </Box>
  );
}

/**
 * Renders its content once the card comes within a screen of the viewport, and keeps it: on a phone
 * the cards below the fold (charts mostly) neither query nor draw while the first screen loads.
 */
function WhenNear({
  children,
  minHeight,
  eager,
}: {
  children: ReactNode;
  minHeight: number;
  eager: boolean;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => eager || typeof IntersectionObserver === 'undefined');
  // the cards of the first screen show their content (or its loading placeholder) in the first paint,
  // not one frame later when the observer reports: their height would change under the reader's eyes
  // and push the cards below (layout shift). Those below the first screen come after the first paint
  // (the observer's margin: a screen), so that paint, the largest contentful one, waits for fewer
  // cards; they grow out of sight, which moves nothing the reader sees.
  useLayoutEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    const rect = el.getBoundingClientRect();
    if (rect.top < window.innerHeight && rect.bottom > 0) setNear(true);
  }, [near]);
  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: '100% 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [near]);
  return (
    <Box ref={ref} sx={{ flex: 1, minWidth: 0, minHeight: near ? undefined : minHeight }}>
      {near ? children : null}
    </Box>
  );
}
