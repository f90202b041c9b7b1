import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { isKnownKpi, orderKpis, Widget, type WidgetInput } from '@footfall/domain';
import { formulasQuery } from '../api/formulas-api';
import { weatherStatusQuery } from '../api/weather-api';

/** Title, KPIs (only known ones), right axis, pagination, occupancy toggles, text and image. */
export function WidgetConfigDialog(props: { widget: Widget; onClose(): void; onSave(w: Widget): void }) {
  const { t } = useTranslation();
  const { data } = useQuery(formulasQuery());
  const options = orderKpis((data ?? []).map((f) => f.kpi).filter(isKnownKpi));
  const [draft, setDraft] = useState<Widget>(props.widget);
  const type = draft.type.name;
  const set = (patch: Partial<WidgetInput>) => setDraft(Widget.parse({ ...draft, ...patch }));
  const usesKpis = !['text', 'image', 'stackedInOut', 'occupancyIndicator'].includes(type);
  const single = type === 'heatMap' || type === 'ranking';
  // the weather option only when the server has a provider (spec: hidden without a key, never an error)
  const weather = useQuery(weatherStatusQuery()).data?.enabled === true;
  return (
    <Dialog open onClose={props.onClose} maxWidth="sm" fullWidth aria-labelledby="widget-config-title">
      <DialogTitle id="widget-config-title">{t('widget_configure')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label={t('widget_title')}
            value={draft.title ?? ''}
            onChange={(e) => set({ title: e.target.value })}
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
          {usesKpis && (
            <Autocomplete
              multiple
              options={options}
              value={draft.kpis}
              getOptionLabel={(k) => t(`kpi_${k}`)}
              onChange={(_e, v) => set({ kpis: single ? v.slice(-1) : v })}
              renderInput={(p) => <TextField {...p} label={t('widget_kpis')} />}
            />
          )}
          {(type === 'lineChart' || type === 'barChart') && (
            <Autocomplete
              multiple
              options={draft.kpis}
              value={draft.rightAxisKpis.filter((k) => draft.kpis.includes(k))}
              getOptionLabel={(k) => t(`kpi_${k}`)}
              onChange={(_e, v) => set({ rightAxisKpis: v })}
              renderInput={(p) => <TextField {...p} label={t('widget_right_axis')} />}
            />
          )}
          {weather && (type === 'lineChart' || type === 'barChart') && (
            <FormControlLabel
              control={
                <Switch
                  checked={draft.includeWeatherIcons}
                  onChange={(_e, v) => set({ includeWeatherIcons: v })}
                />
              }
              label={t('widget_weather_icons')}
            />
          )}
          {type === 'table' && (
            <TextField
              select
              label={t('widget_rows_per_page')}
              value={draft.extras.pagination}
              onChange={(e) => set({ extras: { ...draft.extras, pagination: Number(e.target.value) } })}
            >
              {[5, 10, 25, 50].map((n) => (
                <MenuItem key={n} value={n}>
                  {n}
                </MenuItem>
              ))}
            </TextField>
          )}
          {type === 'occupancyIndicator' && (
            <>
              <FormControlLabel
                control={
                  <Switch
                    checked={draft.occupancyIndicatorGridMode}
                    onChange={(_e, v) => set({ occupancyIndicatorGridMode: v })}
                  />
                }
                label={t('occupancy_grid_mode')}
              />
              <FormControlLabel
                control={
                  <Switch
                    checked={draft.showCriticalOccupancy}
                    onChange={(_e, v) => set({ showCriticalOccupancy: v })}
                  />
                }
                label={t('occupancy_show_critical')}
              />
              <FormControlLabel
                control={
                  <Switch
                    checked={draft.showWarningOccupancy}
                    onChange={(_e, v) => set({ showWarningOccupancy: v })}
                  />
                }
                label={t('occupancy_show_warning')}
              />
              <FormControlLabel
                control={
                  <Switch checked={draft.showOkOccupancy} onChange={(_e, v) => set({ showOkOccupancy: v })} />
                }
                label={t('occupancy_show_ok')}
              />
            </>
          )}
          {type === 'text' && (
            <TextField
              label={t('widget_text')}
              multiline
              minRows={4}
              value={draft.extras.text ?? ''}
              onChange={(e) => set({ extras: { ...draft.extras, text: e.target.value } })}
            />
          )}
          {type === 'image' && (
            <TextField
              label={t('widget_image_url')}
              value={draft.extras.imageUrl ?? ''}
              onChange={(e) => set({ extras: { ...draft.extras, imageUrl: e.target.value } })}
            />
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button color="inherit" onClick={props.onClose}>
          {t('cancel')}
        </Button>
        <Button variant="contained" onClick={() => props.onSave(draft)}>
          {t('ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
