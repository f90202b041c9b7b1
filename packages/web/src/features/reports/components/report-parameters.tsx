import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tune from '@mui/icons-material/Tune';
import { REPORT_DEFINITIONS, reportText, type Aggregation, type ReportName } from '@footfall/domain';
import { useLang } from '../../../lib/use-lang';
import { PeriodSelector } from '../../../components/period/period-selector';
import { REPORT_AGGREGATIONS, type ReportChoice } from '../lib/report-request';
import { NodePicker } from './node-picker';

const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;

interface ParametersProps {
  reportName: ReportName;
  choice: ReportChoice;
  onChange(patch: Partial<ReportChoice>): void;
}

/**
 * The report's parameters: the shared tree selector and period picker, a second selection and
 * period for comparative reports, the aggregation and the weekdays. In a row on wide screens, in a
 * column inside the phone's parameters dialog (`column`).
 */
export function ReportParameterFields(props: ParametersProps & { column?: boolean }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { choice, onChange } = props;
  const def = REPORT_DEFINITIONS[props.reportName];
  return (
    <Stack
      direction={props.column ? 'column' : 'row'}
      sx={{ flexWrap: 'wrap', gap: 1.5, alignItems: props.column ? 'stretch' : 'flex-start' }}
    >
      <NodePicker
        label={def.comparative ? t('reports_selection_a') : t('reports_selection')}
        selection={choice.nodeIds}
        onApply={(nodeIds) => onChange({ nodeIds })}
        zones={def.zones}
        testId="report-nodes"
        fullWidth={props.column}
      />
      {def.comparative && (
        <NodePicker
          label={t('reports_selection_b')}
          selection={choice.nodeIds2}
          onApply={(nodeIds2) => onChange({ nodeIds2 })}
          zones={def.zones}
          testId="report-nodes-b"
          fullWidth={props.column}
        />
      )}
      <PeriodSelector value={choice.period} onApply={(period) => onChange({ period })} />
      {def.comparative && (
        <FormControlLabel
          control={
            <Switch
              checked={choice.period2 !== null}
              onChange={(e) =>
                onChange({
                  period2: e.target.checked
                    ? { ...choice.period, selectedTimePeriod: { value: 'last14d' } }
                    : null,
                })
              }
            />
          }
          label={t('reports_second_period')}
        />
      )}
      {def.comparative && choice.period2 && (
        <PeriodSelector value={choice.period2} onApply={(period2) => onChange({ period2 })} />
      )}
      <TextField
        select
        size="small"
        label={t('reports_aggregation')}
        value={choice.aggregation ?? 'auto'}
        onChange={(e) =>
          onChange({ aggregation: e.target.value === 'auto' ? null : (e.target.value as Aggregation) })
        }
        sx={{ minWidth: 160 }}
      >
        <MenuItem value="auto">{t('reports_aggregation_auto')}</MenuItem>
        {REPORT_AGGREGATIONS.map((a) => (
          <MenuItem key={a} value={a}>
            {reportText(lang, `agg_${a}`)}
          </MenuItem>
        ))}
      </TextField>
      <ToggleButtonGroup
        size="small"
        value={choice.includeDays}
        onChange={(_, days: number[]) => onChange({ includeDays: days.length === 7 ? [] : days })}
        aria-label={t('reports_weekdays')}
        sx={props.column ? { alignSelf: 'flex-start', flexWrap: 'wrap' } : undefined}
      >
        {WEEKDAYS.map((d) => (
          <ToggleButton key={d} value={d} sx={{ px: 1 }}>
            {t(`weekday_short_${d}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </Stack>
  );
}

/**
 * On a phone the parameters fold into a full-screen dialog behind one button: the report keeps the
 * screen, and each change applies at once as on the desktop (the dialog stays open until Done).
 */
export function ReportParametersDialogButton(props: ParametersProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="contained"
        startIcon={<Tune />}
        onClick={() => setOpen(true)}
        data-testid="report-parameters-open"
      >
        {t('reports_parameters_button')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullScreen aria-labelledby="report-parameters-title">
        <DialogTitle id="report-parameters-title">{t('reports_parameters')}</DialogTitle>
        <DialogContent dividers data-testid="report-parameters-dialog">
          <ReportParameterFields {...props} column />
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={() => setOpen(false)} data-testid="report-parameters-done">
            {t('reports_parameters_done')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
