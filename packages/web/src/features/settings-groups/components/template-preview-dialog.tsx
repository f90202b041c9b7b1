import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MAX_DASHBOARD_COLUMNS, readStoredDashboardJson, type TemplateDto } from '@footfall/domain';

/** The preview's height, in px, whatever the dashboard's: its rows are scaled to fit (4 to 12 px each). */
const PREVIEW_PX = 460;

/**
 * A read-only picture of a template's dashboard: each widget drawn where the dashboard places it on
 * its 500-column grid, with its type, title and indicators, plus the period and refresh rate. Nothing
 * is queried: a template is a layout, its data come from each user's selection.
 */
export function TemplatePreviewDialog(props: { template: TemplateDto; onClose(): void }) {
  const { t } = useTranslation();
  const json = useMemo(() => readStoredDashboardJson(props.template.dashboard), [props.template.dashboard]);
  const widgets = json?.widgets ?? [];
  const height = Math.max(...widgets.map((w) => w.layout.y + w.layout.h), 1);
  const period = json?.selectedTimePeriod;
  const rowPx = Math.min(12, Math.max(4, PREVIEW_PX / height));
  return (
    <Dialog open onClose={props.onClose} maxWidth="lg" fullWidth aria-labelledby="template-preview-title">
      <DialogTitle id="template-preview-title">
        {t('groups_preview_title', { name: props.template.name })}
      </DialogTitle>
      <DialogContent dividers>
        {json && (
          <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap', rowGap: 1 }}>
            <Chip label={t('groups_preview_widgets', { count: widgets.length })} />
            {period && (
              <Chip
                label={`${t('period_title')}: ${
                  period.value === 'custom' && period.dateFrom && period.dateTo
                    ? `${period.dateFrom} → ${period.dateTo}`
                    : t(`period_${period.value}`)
                }`}
              />
            )}
            <Chip label={t('groups_preview_refresh', { minutes: json.refreshRate })} />
            {json.isBusinessHoursOnlyMode && <Chip label={t('business_hours_only')} />}
          </Stack>
        )}
        {!json || widgets.length === 0 ? (
          <Typography color="text.secondary">{t('groups_preview_empty')}</Typography>
        ) : (
          <Box
            data-testid="template-preview"
            role="list"
            aria-label={t('groups_preview_widgets', { count: widgets.length })}
            sx={{
              position: 'relative',
              height: `calc(${height} * ${rowPx}px)`,
              minHeight: 200,
              bgcolor: 'action.hover',
              borderRadius: 1,
              overflow: 'hidden',
            }}
          >
            {widgets.map((w) => (
              <Box
                key={w.layout.i}
                role="listitem"
                sx={{
                  position: 'absolute',
                  left: `${(w.layout.x / MAX_DASHBOARD_COLUMNS) * 100}%`,
                  width: `${(w.layout.w / MAX_DASHBOARD_COLUMNS) * 100}%`,
                  top: `calc(${w.layout.y} * ${rowPx}px)`,
                  height: `calc(${w.layout.h} * ${rowPx}px)`,
                  p: 0.5,
                }}
              >
                <Box
                  sx={{
                    height: '100%',
                    bgcolor: 'background.paper',
                    border: 1,
                    borderColor: 'divider',
                    borderRadius: 1,
                    p: 1,
                    overflow: 'hidden',
                  }}
                >
                  <Typography variant="subtitle2" noWrap>
                    {w.title || t(`widget_type_${w.type.name}`)}
                  </Typography>
                  {w.title && (
                    <Typography variant="caption" color="text.secondary" noWrap component="p">
                      {t(`widget_type_${w.type.name}`)}
                    </Typography>
                  )}
                  {w.kpis.length > 0 && (
                    <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
                      {w.kpis.map((k) => t(`kpi_${k}`)).join(', ')}
                    </Typography>
                  )}
                </Box>
              </Box>
            ))}
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{t('close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
