import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Dayjs } from 'dayjs';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DateCalendar } from '@mui/x-date-pickers/DateCalendar';
import { MultiSectionDigitalClock } from '@mui/x-date-pickers/MultiSectionDigitalClock';
import { dayjsLocaleOf } from '../../../../i18n/i18n';
import { useLang } from '../../../../lib/use-lang';

/**
 * The mobile filter's date or time dialog: Select stays disabled until a value is chosen in it. Its own
 * module, loaded when a dialog opens, so the date pickers stay out of the mobile dashboard's first load.
 */
export default function PickDialog(props: {
  kind: 'date' | 'time';
  title: string;
  initial: Dayjs | null;
  ampm: boolean;
  onClose(): void;
  onSelect(d: Dayjs): void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const [chosen, setChosen] = useState<Dayjs | null>(null);
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale={dayjsLocaleOf(lang)}>
      <Dialog
        open
        onClose={props.onClose}
        fullWidth
        maxWidth="xs"
        data-testid={`mobile-${props.kind}-dialog`}
      >
        <DialogTitle>{props.title}</DialogTitle>
        <DialogContent sx={{ px: 1 }}>
          {props.kind === 'date' ? (
            <DateCalendar
              value={chosen ?? props.initial}
              onChange={(d: Dayjs | null) => setChosen(d && d.isValid() ? d : null)}
              sx={{ width: '100%' }}
            />
          ) : (
            <Box sx={{ display: 'grid', placeItems: 'center' }}>
              <MultiSectionDigitalClock
                value={chosen ?? props.initial}
                ampm={props.ampm}
                timeSteps={{ minutes: 15 }}
                onChange={(d: Dayjs | null) => setChosen(d && d.isValid() ? d : null)}
              />
            </Box>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onClose}>{t('cancel')}</Button>
          <Button
            variant="contained"
            disabled={chosen === null}
            onClick={() => chosen && props.onSelect(chosen)}
          >
            {t('mobile_filter_select')}
          </Button>
        </DialogActions>
      </Dialog>
    </LocalizationProvider>
  );
}
