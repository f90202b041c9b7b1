import { useCallback, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import Download from '@mui/icons-material/DownloadOutlined';
import { LOCALES, type EventLogEntry } from '@footfall/domain';
import { usePageTitle } from '../../../components/page-title';
import { useNotify } from '../../../components/notifications';
import { useLang } from '../../../lib/use-lang';
import { downloadEventLogCsv, eventLogQuery, type EventLogFilters } from '../api/event-log-api';
import { useCommandLabel } from './command-label';
import { EventLogFilterBar, rangeBounds, type RangeChoice } from './event-log-filters';

const PAGE_SIZES = [25, 50, 100, 200];

/** Details as plain text lines "key: value" (React escapes them: never HTML). */
const detailLines = (details: Record<string, unknown>) =>
  Object.entries(details).map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`);

/**
 * `/settings/logs`: the event log of the admin's scope (spec 7 "EventLog"): period, commands and free
 * text filters, sort by date or requester, paging with the full count, the actor and the impersonated
 * user, details as text; the current filter exported as CSV by the server.
 */
export function EventLogPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const notify = useNotify();
  const label = useCommandLabel();
  const compact = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  usePageTitle(`${t('nav_settings')} · ${t('settings_logs')}`);
  const [range, setRange] = useState<{ choice: RangeChoice; custom: { from: string; to: string } }>({
    choice: 'last30d',
    custom: { from: '', to: '' },
  });
  const [commands, setCommands] = useState<string[]>([]);
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<{ by: 'occurred_on' | 'requester'; desc: boolean }>({
    by: 'occurred_on',
    desc: true,
  });
  const [paging, setPaging] = useState({ page: 1, pageSize: 50 });
  const [exporting, setExporting] = useState(false);

  // the bounds of a relative range are taken when it is chosen, so paging keeps the same window
  const [bounds, setBounds] = useState(() => rangeBounds('last30d', { from: '', to: '' }));
  const filters: EventLogFilters = useMemo(
    () => ({ ...bounds, commands, search, sortBy: sort.by, sortDesc: sort.desc, ...paging }),
    [bounds, commands, search, sort, paging],
  );
  const log = useQuery(eventLogQuery(filters));
  const firstPage = useCallback(() => setPaging((p) => ({ ...p, page: 1 })), []);
  const onSearch = useCallback(
    (text: string) => {
      setSearch(text.trim());
      firstPage();
    },
    [firstPage],
  );
  const sortBy = (by: 'occurred_on' | 'requester') => {
    setSort((s) => ({ by, desc: s.by === by ? !s.desc : by === 'occurred_on' }));
    firstPage();
  };
  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadEventLogCsv(filters);
    } catch {
      notify(t('logs_export_failure'), 'error');
    } finally {
      setExporting(false);
    }
  };

  const date = useMemo(
    () => new Intl.DateTimeFormat(LOCALES[lang], { dateStyle: 'short', timeStyle: 'medium' }),
    [lang],
  );
  // spec 8: a failed read empties the list
  const items = log.isError ? [] : (log.data?.items ?? []);
  const fullCount = log.isError ? 0 : (log.data?.fullCount ?? 0);

  const who = (e: EventLogEntry) => (
    <>
      <Typography variant="body2" component="span" sx={{ fontWeight: 600 }}>
        {e.requester === 'system' ? t('logs_system') : e.requester}
      </Typography>
      {e.onBehalfOf && (
        <Typography variant="caption" color="text.secondary" component="span" sx={{ display: 'block' }}>
          {t('logs_on_behalf_of', { user: e.onBehalfOf })}
        </Typography>
      )}
    </>
  );
  const details = (e: EventLogEntry) => (
    <Typography
      variant="caption"
      component="pre"
      sx={{ m: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-word', fontFamily: 'inherit' }}
    >
      {detailLines(e.details).join('\n')}
    </Typography>
  );
  const sortHeader = (by: 'occurred_on' | 'requester', text: string) => {
    const direction = sort.by === by && sort.desc ? 'desc' : 'asc';
    return (
      <TableCell sortDirection={sort.by === by ? direction : false}>
        <TableSortLabel active={sort.by === by} direction={direction} onClick={() => sortBy(by)}>
          {text}
        </TableSortLabel>
      </TableCell>
    );
  };
  const command = (e: EventLogEntry) => (
    <Chip size="small" variant="outlined" label={label(e.command)} title={e.command} />
  );

  return (
    <Box sx={{ p: { xs: 1.5, sm: 3 }, maxWidth: 1600 }} data-testid="event-log-page">
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2, gap: 1, flexWrap: 'wrap' }}
      >
        <Typography variant="h5" component="h1">
          {t('settings_logs')}
        </Typography>
        <Button
          variant="outlined"
          startIcon={<Download />}
          onClick={() => void exportCsv()}
          disabled={exporting || fullCount === 0}
        >
          {t('logs_export_csv')}
        </Button>
      </Stack>
      <EventLogFilterBar
        range={range.choice}
        custom={range.custom}
        commands={commands}
        onRange={(choice, custom) => {
          setRange({ choice, custom });
          setBounds(rangeBounds(choice, custom));
          firstPage();
        }}
        onCommands={(c) => {
          setCommands(c);
          firstPage();
        }}
        onSearch={onSearch}
      />
      <Paper variant="outlined" sx={{ mt: 2, position: 'relative' }}>
        {log.isFetching && (
          <LinearProgress
            aria-label={t('loading')}
            sx={{ position: 'absolute', top: 0, left: 0, right: 0 }}
          />
        )}
        {log.isError && (
          <Alert severity="error" sx={{ m: 2 }}>
            {t('logs_load_failure')}
          </Alert>
        )}
        {!log.isPending && !log.isError && items.length === 0 && (
          <Typography color="text.secondary" sx={{ p: 3 }}>
            {t('logs_empty')}
          </Typography>
        )}
        {items.length > 0 &&
          (compact ? (
            <List disablePadding aria-label={t('settings_logs')} data-testid="event-log-list">
              {items.map((e) => (
                <ListItem key={e.id} divider sx={{ display: 'block' }} data-testid="event-log-row">
                  <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
                    {command(e)}
                    <Typography variant="caption" color="text.secondary">
                      {date.format(new Date(e.occurredOn))}
                    </Typography>
                  </Stack>
                  <Box sx={{ mt: 0.5 }}>{who(e)}</Box>
                  {e.target && (
                    <Typography variant="body2" sx={{ wordBreak: 'break-word' }}>
                      {e.target}
                    </Typography>
                  )}
                  {details(e)}
                </ListItem>
              ))}
            </List>
          ) : (
            <TableContainer>
              <Table size="small" aria-label={t('settings_logs')} data-testid="event-log-table">
                <TableHead>
                  <TableRow>
                    {sortHeader('occurred_on', t('logs_date'))}
                    {sortHeader('requester', t('logs_requester'))}
                    <TableCell>{t('logs_command')}</TableCell>
                    <TableCell>{t('logs_target')}</TableCell>
                    <TableCell>{t('logs_details')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {items.map((e) => (
                    <TableRow key={e.id} data-testid="event-log-row" sx={{ verticalAlign: 'top' }}>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        {date.format(new Date(e.occurredOn))}
                      </TableCell>
                      <TableCell>{who(e)}</TableCell>
                      <TableCell>{command(e)}</TableCell>
                      <TableCell sx={{ wordBreak: 'break-word', maxWidth: 260 }}>{e.target}</TableCell>
                      <TableCell sx={{ maxWidth: 420 }}>{details(e)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          ))}
        <TablePagination
          component="div"
          count={fullCount}
          page={fullCount === 0 ? 0 : paging.page - 1}
          rowsPerPage={paging.pageSize}
          rowsPerPageOptions={PAGE_SIZES}
          onPageChange={(_e, p) => setPaging((s) => ({ ...s, page: p + 1 }))}
          onRowsPerPageChange={(e) => setPaging({ page: 1, pageSize: Number(e.target.value) })}
          labelRowsPerPage={t('logs_page_size')}
          labelDisplayedRows={({ from, to, count }) => t('logs_displayed_rows', { from, to, count })}
          getItemAriaLabel={(type) => t(`logs_page_${type}`)}
          showFirstButton
          showLastButton
          data-testid="event-log-pagination"
        />
      </Paper>
    </Box>
  );
}
