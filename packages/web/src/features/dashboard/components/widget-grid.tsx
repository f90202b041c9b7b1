import { useEffect } from 'react';
import { GridLayout, type Layout } from 'react-grid-layout';
import { useObservedWidth } from '../../../lib/use-observed-width';
import 'react-grid-layout/css/styles.css';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import DragIndicator from '@mui/icons-material/DragIndicator';
import Settings from '@mui/icons-material/SettingsOutlined';
import { MAX_DASHBOARD_COLUMNS, type Widget } from '@footfall/domain';
import { CHART_WIDGET_TYPES, preloadCharts } from '../../../components/charts/chart';
import { WidgetBody, type WidgetContext } from './widgets/widget-body';

/** Rows are 10 px high; 500 columns share the width (spec section 9: max 500 columns). */
export const ROW_HEIGHT = 10;

/** Applies a grid layout back onto the widgets, keeping each widget's own minimums. */
export function withLayout(widgets: readonly Widget[], layout: Layout): Widget[] {
  const byId = new Map(layout.map((l) => [l.i, l]));
  return widgets.map((w) => {
    const l = byId.get(w.layout.i);
    if (!l) return w;
    const width = Math.min(Math.max(l.w, w.layout.minW), MAX_DASHBOARD_COLUMNS);
    return {
      ...w,
      layout: {
        ...w.layout,
        x: Math.min(l.x, MAX_DASHBOARD_COLUMNS - width),
        y: l.y,
        w: width,
        h: Math.max(l.h, w.layout.minH),
      },
    };
  });
}

export function WidgetGrid(props: {
  widgets: Widget[];
  ctx: WidgetContext;
  editMode: boolean;
  onLayout(widgets: Widget[]): void;
  onRemove(id: string): void;
  onConfigure(id: string): void;
}) {
  const { t } = useTranslation();
  const { width, containerRef, mounted } = useObservedWidth<HTMLDivElement>();
  const layout: Layout = props.widgets.map((w) => ({ ...w.layout }));
  const hasCharts = props.widgets.some((w) => CHART_WIDGET_TYPES.has(w.type.name));
  useEffect(() => {
    if (hasCharts) preloadCharts();
  }, [hasCharts]);
  const commit = (next: Layout) => props.onLayout(withLayout(props.widgets, next));
  return (
    <Box ref={containerRef} data-testid="widget-grid" data-edit={props.editMode || undefined}>
      {mounted && (
        <GridLayout
          width={width}
          layout={layout}
          gridConfig={{
            cols: MAX_DASHBOARD_COLUMNS,
            rowHeight: ROW_HEIGHT,
            margin: [0, 0],
            containerPadding: [0, 0],
          }}
          dragConfig={{ enabled: props.editMode, handle: '.widget-drag-handle' }}
          resizeConfig={{ enabled: props.editMode, handles: ['se'] }}
          onDragStop={(l) => commit(l)}
          onResizeStop={(l) => commit(l)}
        >
          {props.widgets.map((w) => (
            <div
              key={w.layout.i}
              data-testid="widget"
              data-widget-id={w.layout.i}
              data-widget-type={w.type.name}
            >
              <Paper
                variant="outlined"
                sx={{
                  position: 'absolute',
                  inset: 6,
                  display: 'flex',
                  flexDirection: 'column',
                  overflow: 'hidden',
                  borderRadius: 2.5,
                  outline: props.editMode ? '2px dashed' : 'none',
                  outlineColor: 'primary.light',
                }}
              >
                {(props.editMode || w.type.name !== 'text') && (
                  <Box
                    sx={{ display: 'flex', alignItems: 'center', gap: 0.5, px: 1.5, pt: 0.75, minHeight: 32 }}
                  >
                    {props.editMode && (
                      <DragIndicator
                        className="widget-drag-handle"
                        fontSize="small"
                        sx={{ cursor: 'move', color: 'text.secondary' }}
                        aria-label={t('widget_move')}
                      />
                    )}
                    <Typography variant="subtitle2" noWrap sx={{ flex: 1, fontWeight: 650 }}>
                      {w.title || t(`widget_type_${w.type.name}`)}
                    </Typography>
                    {props.editMode && (
                      <>
                        <Tooltip title={t('widget_configure')}>
                          <IconButton
                            size="small"
                            aria-label={t('widget_configure')}
                            onClick={() => props.onConfigure(w.layout.i)}
                          >
                            <Settings fontSize="small" />
                          </IconButton>
                        </Tooltip>
                        <Tooltip title={t('widget_remove')}>
                          <IconButton
                            size="small"
                            aria-label={t('widget_remove')}
                            onClick={() => props.onRemove(w.layout.i)}
                          >
                            <DeleteOutline fontSize="small" />
                          </IconButton>
                        </Tooltip>
                      </>
                    )}
                  </Box>
                )}
                <Box sx={{ flex: 1, minHeight: 0, px: 1, pb: 0.75 }}>
                  <WidgetBody widget={w} ctx={props.ctx} />
                </Box>
              </Paper>
            </div>
          ))}
        </GridLayout>
      )}
    </Box>
  );
}
