import { useEffect, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import IconButton from '@mui/material/IconButton';
import InputLabel from '@mui/material/InputLabel';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import Download from '@mui/icons-material/DownloadOutlined';
import FormatPaint from '@mui/icons-material/FormatColorFillOutlined';
import Upload from '@mui/icons-material/UploadFileOutlined';
import ContentCopy from '@mui/icons-material/ContentCopyOutlined';
import {
  LOCALES,
  OBJECTIVE_KPIS,
  OBJECTIVE_PERIOD_TYPES,
  type ObjectiveInputRaw,
  type ObjectivePeriodType,
} from '@footfall/domain';
import { usePageTitle } from '../../../components/page-title';
import { useNotify } from '../../../components/notifications';
import { ApiError } from '../../../lib/api-client';
import { flattenTree, treeQuery } from '../../../lib/tree-api';
import { useLang } from '../../../lib/use-lang';
import {
  downloadObjectives,
  objectivesQuery,
  useImportObjectives,
  useSetObjectives,
} from '../api/objectives-api';
import { gridColumns, otherPeriodTypes, savedCells, type GridColumn } from '../lib/grid-columns';

const MONTHS = Array.from({ length: 12 }, (_, i) => i);
const cellKey = (nodeId: string, column: number) => `${nodeId}|${column}`;
const utc = (date: string) => new Date(`${date}T00:00:00Z`);

/** A column's header (short) and its spoken name (cell labels), in the user's language. */
function columnNames(c: GridColumn, locale: string, year: number, t: TFunction) {
  const f = (o: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(locale, { ...o, timeZone: 'UTC' }).format(utc(c.startDate));
  switch (c.periodType) {
    case 'month':
      return { head: f({ month: 'short' }), spoken: `${f({ month: 'short' })} ${year}` };
    case 'year':
      return { head: String(year), spoken: String(year) };
    case 'day':
      return {
        head: `${f({ weekday: 'narrow' })} ${f({ day: 'numeric' })}`,
        spoken: f({ weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }),
      };
    case 'week':
      return {
        head: t('obj_week_head', { n: c.index + 1, date: f({ day: 'numeric', month: 'short' }) }),
        spoken: t('obj_week_spoken', { date: f({ day: 'numeric', month: 'short', year: 'numeric' }) }),
      };
    case 'weekday': {
      // 2023-01-01 was a Sunday: the weekday's name from a day of that week
      const d = new Date(Date.UTC(2023, 0, 1 + c.weekday!));
      const w = (o: Intl.DateTimeFormatOptions) =>
        new Intl.DateTimeFormat(locale, { ...o, timeZone: 'UTC' }).format(d);
      return { head: w({ weekday: 'short' }), spoken: `${w({ weekday: 'long' })} ${year}` };
    }
  }
}

/** The KPIs offered first in the editor; every other catalogue KPI follows. */
const MAIN_KPIS = ['TrafficIn', 'Sales', 'Transactions', 'ConversionRate', 'AvgSales', 'UPT', 'SPH'];

/**
 * `/settings/objectives` (the metric editor, issue 15): a year's monthly objectives of one KPI, one
 * row per location of the admin's scope, one column per month. Cells are edited in place; a row is
 * filled from its first value; the previous year can be copied in; the grid goes to and comes from
 * CSV or XLSX files. Nothing is written until Save, which sends the changed cells in one call (all or
 * nothing); an error names the cell.
 */
export function ObjectivesPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const notify = useNotify();
  usePageTitle(`${t('nav_settings')} · ${t('settings_objectives')}`);
  const thisYear = new Date().getFullYear();
  const [kpi, setKpi] = useState('TrafficIn');
  const [year, setYear] = useState(thisYear);
  const [periodType, setPeriodType] = useState<ObjectivePeriodType>('month');
  const [month, setMonth] = useState(new Date().getMonth());
  const columns = useMemo(() => gridColumns(periodType, year, month), [periodType, year, month]);
  const tree = useQuery(treeQuery());
  const locations = useMemo(
    () => flattenTree(tree.data ?? []).filter((n) => n.kind === 'location'),
    [tree.data],
  );
  const saved = useQuery(objectivesQuery(kpi, year));
  const previous = useQuery({ ...objectivesQuery(kpi, year - 1), enabled: false });
  const save = useSetObjectives();
  const importer = useImportObjectives();
  const [edits, setEdits] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    setEdits({});
    setErrors({});
    setFailure(null);
  }, [kpi, year, periodType, month]);

  const savedValue = useMemo(() => savedCells(saved.data ?? [], columns), [saved.data, columns]);
  const hiddenCount = otherPeriodTypes(saved.data ?? [], periodType);

  const shown = (nodeId: string, column: number) => {
    const key = cellKey(nodeId, column);
    if (key in edits) return edits[key]!;
    const v = savedValue.get(key);
    return v === undefined ? '' : String(v);
  };
  const names = (c: GridColumn) => columnNames(c, LOCALES[lang], year, t);
  const changed = Object.keys(edits).filter((k) => {
    const v = savedValue.get(k);
    return edits[k]!.trim() !== (v === undefined ? '' : String(v));
  });

  const edit = (nodeId: string, column: number, text: string) => {
    const key = cellKey(nodeId, column);
    setEdits((e) => ({ ...e, [key]: text }));
    setErrors((e) => {
      const { [key]: _drop, ...rest } = e;
      return rest;
    });
  };
  const fillRow = (nodeId: string) => {
    const first = columns.map((c) => shown(nodeId, c.index)).find((v) => v.trim() !== '');
    if (first === undefined) return;
    setEdits((e) => ({
      ...e,
      ...Object.fromEntries(columns.map((c) => [cellKey(nodeId, c.index), first])),
    }));
  };
  /** the previous year's objectives of the same period type, in the same positions (week n to week n) */
  const copyPreviousYear = async () => {
    const res = await previous.refetch();
    const before = savedCells(res.data ?? [], gridColumns(periodType, year - 1, month));
    const next: Record<string, string> = {};
    for (const [key, value] of before) {
      const index = Number(key.split('|')[1]);
      if (index < columns.length) next[key] = String(value);
    }
    if (Object.keys(next).length === 0) notify(t('obj_copy_none', { year: year - 1 }), 'info');
    setEdits((e) => ({ ...e, ...next }));
  };

  const numberOf = (text: string) => {
    const clean = text.trim().replace(/\s/g, '').replace(',', '.');
    const value = clean === '' ? null : Number(clean);
    return value !== null && (!Number.isFinite(value) || value < 0) ? undefined : value;
  };
  const onSave = async () => {
    const items: ObjectiveInputRaw[] = [];
    /** the cell a refused item points at, by item index */
    const keys: string[] = [];
    const bad: Record<string, string> = {};
    if (periodType === 'weekday') {
      // one objective per location holds its seven values: all seven, or none (deletes it)
      const nodes = new Set(changed.map((k) => k.split('|')[0]!));
      for (const nodeId of nodes) {
        const values = columns.map((c) => numberOf(shown(nodeId, c.index)));
        columns.forEach((c, i) => {
          if (values[i] === undefined) bad[cellKey(nodeId, c.index)] = t('obj_error_number');
        });
        const blank = values.filter((v) => v === null).length;
        if (blank > 0 && blank < 7)
          columns.forEach((c, i) => {
            if (values[i] === null) bad[cellKey(nodeId, c.index)] = t('obj_error_weekday_all');
          });
        if (columns.some((c) => bad[cellKey(nodeId, c.index)])) continue;
        keys.push(cellKey(nodeId, 0));
        items.push({
          nodeId,
          kpi,
          periodType,
          startDate: columns[0]!.startDate,
          endDate: columns[0]!.endDate,
          value: null,
          weekdayValues: blank === 7 ? null : (values as number[]),
        });
      }
    } else {
      for (const key of changed) {
        const [nodeId, c] = key.split('|') as [string, string];
        const column = columns[Number(c)]!;
        const value = numberOf(edits[key]!);
        if (value === undefined) {
          bad[key] = t('obj_error_number');
          continue;
        }
        keys.push(key);
        items.push({
          nodeId,
          kpi,
          periodType,
          startDate: column.startDate,
          endDate: column.endDate,
          value,
        });
      }
    }
    setErrors(bad);
    if (Object.keys(bad).length > 0 || items.length === 0) return;
    try {
      const r = await save.mutateAsync(items);
      setEdits({});
      setFailure(null);
      notify(t('obj_saved', { count: r.created + r.updated + r.deleted }), 'success');
    } catch (e) {
      const field = e instanceof ApiError ? e.field : undefined;
      const index = field ? Number(/^items\.(\d+)\./.exec(field)?.[1]) : NaN;
      const message = e instanceof Error ? e.message : String(e);
      if (Number.isInteger(index) && keys[index]) setErrors({ [keys[index]!]: message });
      setFailure(message);
    }
  };

  const onImport = async (file: File | undefined) => {
    if (!file) return;
    try {
      const r = await importer.mutateAsync({ kpi, year, file });
      setEdits({});
      setFailure(null);
      notify(t('obj_imported', { count: r.created + r.updated + r.deleted }), 'success');
    } catch (e) {
      setFailure(e instanceof Error ? e.message : String(e));
    } finally {
      if (fileInput.current) fileInput.current.value = '';
    }
  };
  const onExport = async (format: 'csv' | 'xlsx') => {
    try {
      await downloadObjectives(kpi, year, format);
    } catch {
      notify(t('obj_export_failure'), 'error');
    }
  };

  const kpis = [...MAIN_KPIS, ...OBJECTIVE_KPIS.filter((k) => !MAIN_KPIS.includes(k))];
  return (
    <Stack spacing={2} sx={{ p: { xs: 1, sm: 2 }, minWidth: 0 }}>
      <Typography variant="h5" component="h1">
        {t('settings_objectives')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('obj_intro')}
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <FormControl size="small" sx={{ minWidth: 200 }}>
          <InputLabel id="obj-kpi">{t('obj_kpi')}</InputLabel>
          <Select labelId="obj-kpi" label={t('obj_kpi')} value={kpi} onChange={(e) => setKpi(e.target.value)}>
            {kpis.map((k) => (
              <MenuItem key={k} value={k}>
                {t(`kpi_${k}`, { defaultValue: k })}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <FormControl size="small" sx={{ minWidth: 110 }}>
          <InputLabel id="obj-year">{t('obj_year')}</InputLabel>
          <Select
            labelId="obj-year"
            label={t('obj_year')}
            value={year}
            onChange={(e) => setYear(Number(e.target.value))}
          >
            {[thisYear - 2, thisYear - 1, thisYear, thisYear + 1, thisYear + 2].map((y) => (
              <MenuItem key={y} value={y}>
                {y}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <FormControl size="small" sx={{ minWidth: 170 }}>
          <InputLabel id="obj-period">{t('obj_period')}</InputLabel>
          <Select
            labelId="obj-period"
            label={t('obj_period')}
            value={periodType}
            onChange={(e) => setPeriodType(e.target.value as ObjectivePeriodType)}
          >
            {OBJECTIVE_PERIOD_TYPES.map((p) => (
              <MenuItem key={p} value={p}>
                {t(`obj_period_${p}`)}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        {periodType === 'day' && (
          <FormControl size="small" sx={{ minWidth: 140 }}>
            <InputLabel id="obj-month">{t('obj_month')}</InputLabel>
            <Select
              labelId="obj-month"
              label={t('obj_month')}
              value={month}
              onChange={(e) => setMonth(Number(e.target.value))}
            >
              {MONTHS.map((m) => (
                <MenuItem key={m} value={m}>
                  {new Intl.DateTimeFormat(LOCALES[lang], { month: 'long', timeZone: 'UTC' }).format(
                    new Date(Date.UTC(year, m, 1)),
                  )}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
        )}
        <Button startIcon={<ContentCopy />} onClick={() => void copyPreviousYear()}>
          {t('obj_copy_previous', { year: year - 1 })}
        </Button>
        <Button
          startIcon={<Download />}
          disabled={periodType !== 'month'}
          onClick={() => void onExport('csv')}
        >
          {t('obj_export_csv')}
        </Button>
        <Button
          startIcon={<Download />}
          disabled={periodType !== 'month'}
          onClick={() => void onExport('xlsx')}
        >
          {t('obj_export_xlsx')}
        </Button>
        <Button
          startIcon={<Upload />}
          component="label"
          disabled={importer.isPending || periodType !== 'month'}
        >
          {t('obj_import')}
          <input
            ref={fileInput}
            hidden
            type="file"
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            data-testid="objectives-import"
            onChange={(e) => void onImport(e.target.files?.[0])}
          />
        </Button>
        <Box sx={{ flexGrow: 1 }} />
        <Button
          disabled={changed.length === 0}
          onClick={() => (setEdits({}), setErrors({}), setFailure(null))}
        >
          {t('obj_discard')}
        </Button>
        <Button
          variant="contained"
          disabled={changed.length === 0 || save.isPending}
          onClick={() => void onSave()}
        >
          {t('obj_save', { count: changed.length })}
        </Button>
      </Stack>
      {failure && (
        <Alert severity="error" onClose={() => setFailure(null)}>
          {failure}
        </Alert>
      )}
      {periodType !== 'month' && (
        <Typography variant="body2" color="text.secondary">
          {t('obj_files_monthly')}
        </Typography>
      )}
      {hiddenCount > 0 && (
        <Alert severity="info" data-testid="objectives-other-types">
          {t('obj_other_types', { count: hiddenCount })}
        </Alert>
      )}
      {(saved.isLoading || tree.isLoading) && <LinearProgress aria-label={t('obj_loading')} />}
      <Paper variant="outlined" sx={{ minWidth: 0 }}>
        <TableContainer sx={{ maxHeight: '70vh' }}>
          <Table
            size="small"
            stickyHeader
            aria-label={t('obj_grid_label', { year, period: t(`obj_period_${periodType}`) })}
          >
            <TableHead>
              <TableRow>
                <TableCell sx={{ minWidth: 160 }}>{t('obj_location')}</TableCell>
                {columns.map((c) => (
                  <TableCell key={c.index} align="right" sx={{ minWidth: 96, whiteSpace: 'nowrap' }}>
                    {names(c).head}
                  </TableCell>
                ))}
                <TableCell>
                  <Box component="span" sx={visuallyHidden}>
                    {t('obj_actions')}
                  </Box>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {locations.map((l) => (
                <TableRow key={l.id} hover>
                  <TableCell component="th" scope="row">
                    {l.name}
                  </TableCell>
                  {columns.map((c) => {
                    const m = c.index;
                    const key = cellKey(l.id, m);
                    const error = errors[key];
                    return (
                      <TableCell key={m} align="right" sx={{ px: 0.5 }}>
                        <Tooltip title={error ?? ''} open={error ? undefined : false}>
                          <TextField
                            size="small"
                            variant="standard"
                            value={shown(l.id, m)}
                            error={!!error}
                            onChange={(e) => edit(l.id, m, e.target.value)}
                            slotProps={{
                              htmlInput: {
                                inputMode: 'decimal',
                                'aria-label': t('obj_cell_label', {
                                  location: l.name,
                                  column: names(c).spoken,
                                }),
                                'aria-invalid': !!error,
                                style: { textAlign: 'right' },
                              },
                            }}
                            sx={{
                              width: 88,
                              ...(key in edits &&
                              edits[key] !== (savedValue.has(key) ? String(savedValue.get(key)) : '')
                                ? { '& input': { fontWeight: 700 } }
                                : {}),
                            }}
                          />
                        </Tooltip>
                      </TableCell>
                    );
                  })}
                  <TableCell padding="checkbox">
                    <Tooltip title={t('obj_fill_row')}>
                      <IconButton
                        size="small"
                        aria-label={t('obj_fill_row_of', { location: l.name })}
                        onClick={() => fillRow(l.id)}
                      >
                        <FormatPaint fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </Paper>
      {Object.keys(errors).length > 0 && (
        <Alert severity="warning">{t('obj_fix_cells', { count: Object.keys(errors).length })}</Alert>
      )}
    </Stack>
  );
}

const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;
