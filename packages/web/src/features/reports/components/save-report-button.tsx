import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import BookmarkAdd from '@mui/icons-material/BookmarkAddOutlined';
import { REPORT_DEFINITIONS, reportText, type ReportName } from '@footfall/domain';
import { paths } from '../../../config/paths';
import { useLang } from '../../../lib/use-lang';
import { useSaveReport } from '../api/reports-api';
import type { ReportChoice } from '../lib/report-request';

/**
 * Saves the report with its parameters under a custom title (spec View "customTitle"), through the
 * dashboard save: a view of kind "report" that the side pane's Views list and /report/dashboard/{id}
 * opens again.
 */
export function SaveReportButton({ reportName, choice }: { reportName: ReportName; choice: ReportChoice }) {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const save = useSaveReport();
  const json = () =>
    JSON.stringify({
      fullTreeViewSelection: choice.nodeIds,
      selectedTimePeriod: choice.period.selectedTimePeriod,
      isBusinessHoursOnlyMode: choice.period.isBusinessHoursOnlyMode,
      applyTimePeriodToEachDay: choice.period.applyTimePeriodToEachDay,
      report: {
        name: reportName,
        nodeIds2: choice.nodeIds2,
        period2: choice.period2,
        aggregation: choice.aggregation,
        includeDays: choice.includeDays,
      },
    });
  return (
    <>
      <Button
        variant="outlined"
        size="small"
        startIcon={<BookmarkAdd />}
        onClick={() => {
          setName(reportText(lang, REPORT_DEFINITIONS[reportName].title));
          save.reset();
          setOpen(true);
        }}
        data-testid="report-save"
      >
        {t('reports_save')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="xs">
        <DialogTitle>{t('reports_save_title')}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label={t('reports_save_name')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
          {save.isError && <Alert severity="error">{t('dashboard_save_failure')}</Alert>}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('cancel')}</Button>
          <Button
            variant="contained"
            disabled={name.trim() === '' || save.isPending}
            onClick={() =>
              save.mutate(
                { name: name.trim(), json: json() },
                {
                  onSuccess: (d) => {
                    setOpen(false);
                    void navigate(paths.reportDashboard(lang, d.id));
                  },
                },
              )
            }
          >
            {t('save')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
