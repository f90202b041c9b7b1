import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import ContentCopy from '@mui/icons-material/ContentCopy';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import { useTranslation } from 'react-i18next';
import {
  DISPLAY_ORDER,
  addInterval,
  copyMondayToAll,
  is24h,
  removeInterval,
  set24h,
  setClosed,
  setInterval,
  weekErrors,
  type DayKey,
  type WeekModel,
} from '../lib/business-hours';
import { LocalTimeField } from '../../../../components/local-date-fields';

/** The weekday's name in the UI language (7 January 2024 was a Sunday, day "0"). */
const dayName = (lang: string, day: DayKey) =>
  new Intl.DateTimeFormat(lang, { weekday: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2024, 0, 7 + Number(day))),
  );

/**
 * Opening hours per weekday: closed, 24 h, or several intervals; "Copy Monday to all days". Each day's
 * problem (by the domain schema) shows under it.
 */
export function BusinessHoursEditor({
  week,
  onChange,
  showErrors,
}: {
  week: WeekModel;
  onChange(week: WeekModel): void;
  showErrors: boolean;
}) {
  const { t, i18n } = useTranslation();
  const errors = weekErrors(week);
  return (
    <Stack spacing={1} data-testid="business-hours-editor">
      <Box>
        <Button size="small" startIcon={<ContentCopy />} onClick={() => onChange(copyMondayToAll(week))}>
          {t('node_editor_copy_monday')}
        </Button>
      </Box>
      {DISPLAY_ORDER.map((day) => {
        const d = week[day];
        const name = dayName(i18n.language, day);
        const allDay = is24h(d);
        const error = showErrors ? errors[day] : undefined;
        return (
          <Box
            key={day}
            role="group"
            aria-label={name}
            data-day={day}
            sx={{ borderTop: 1, borderColor: 'divider', pt: 1 }}
          >
            <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 1 }}>
              <Typography sx={{ width: 110, textTransform: 'capitalize' }}>{name}</Typography>
              <FormControlLabel
                control={
                  <Checkbox
                    size="small"
                    checked={d.closed}
                    onChange={(e) => onChange(setClosed(week, day, e.target.checked))}
                  />
                }
                label={t('node_editor_closed')}
              />
              <FormControlLabel
                control={
                  <Checkbox
                    size="small"
                    checked={allDay}
                    disabled={d.closed}
                    onChange={(e) => onChange(set24h(week, day, e.target.checked))}
                  />
                }
                label={t('node_editor_24h')}
              />
              {!d.closed && !allDay && (
                <Button size="small" startIcon={<Add />} onClick={() => onChange(addInterval(week, day))}>
                  {t('node_editor_add_interval')}
                </Button>
              )}
            </Stack>
            {!d.closed && !allDay && (
              <Stack spacing={1} sx={{ pl: { sm: '118px' }, py: 0.5 }}>
                {d.intervals.map(([from, to], i) => (
                  <Stack key={i} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <LocalTimeField
                      size="small"
                      label={t('node_editor_from')}
                      hiddenLabelPrefix={`${name} ${i + 1}`}
                      value={from}
                      onChange={(time) => onChange(setInterval(week, day, i, 0, time))}
                      sx={{ flex: '0 1 150px', minWidth: 0 }}
                    />
                    <LocalTimeField
                      size="small"
                      label={t('node_editor_to')}
                      hiddenLabelPrefix={`${name} ${i + 1}`}
                      value={to === '24:00' ? '00:00' : to}
                      onChange={(time) => onChange(setInterval(week, day, i, 1, time))}
                      sx={{ flex: '0 1 150px', minWidth: 0 }}
                    />
                    <IconButton
                      size="small"
                      aria-label={t('node_editor_remove_interval')}
                      onClick={() => onChange(removeInterval(week, day, i))}
                    >
                      <DeleteOutline fontSize="small" />
                    </IconButton>
                  </Stack>
                ))}
              </Stack>
            )}
            {error && (
              <Typography
                variant="caption"
                color="error"
                role="alert"
                sx={{ display: 'block', pl: { sm: '118px' } }}
              >
                {t(error)}
              </Typography>
            )}
          </Box>
        );
      })}
    </Stack>
  );
}
