import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type SortingState,
} from '@tanstack/react-table';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import {
  formatReportCell,
  thresholdLevel,
  type ReportColumn,
  type ReportName,
  type ReportParametersInput,
  type ReportRow,
  type ReportSection,
} from '@footfall/domain';
import { reportRowsQuery } from '../api/reports-api';

const LEVEL_COLOR = { ok: 'success.main', warning: 'warning.dark', critical: 'error.main' } as const;
const numeric = (c: ReportColumn) => c.kind !== 'text' && c.kind !== 'datetime';

/**
 * One section of a report as a paged, sortable table: the rows come page by page from the server
 * (POST /api/AgGrid/get-rows, sorted there), the totals row is the whole selection's. TanStack Table
 * holds the columns and the sort state; sorting and paging are the server's (manual modes).
 */
export function ReportTable(props: {
  reportName: ReportName;
  parameters: ReportParametersInput;
  section: ReportSection;
  sorting: SortingState;
  onSorting(s: SortingState): void;
}) {
  const { t } = useTranslation();
  const { section } = props;
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(25);
  const request = {
    reportName: props.reportName,
    parameters: props.parameters,
    sectionId: section.id,
    startRow: page * pageSize,
    endRow: (page + 1) * pageSize,
    sortModel: props.sorting.map((s) => ({
      colId: s.id,
      sort: s.desc ? ('desc' as const) : ('asc' as const),
    })),
  };
  // the first page in the server's order is already in the document
  const firstPageInDocument =
    page === 0 && props.sorting.length === 0 && section.rows.length >= Math.min(pageSize, section.rowCount);
  const rowsQuery = useQuery(reportRowsQuery(firstPageInDocument ? null : request));
  const rows: ReportRow[] = firstPageInDocument
    ? section.rows.slice(0, pageSize)
    : (rowsQuery.data?.rows ?? []);

  const columns = useMemo<ColumnDef<ReportRow>[]>(
    () =>
      section.columns.map((c) => ({
        id: c.key,
        accessorFn: (row) => row[c.key] ?? null,
        header: c.label,
        meta: c,
      })),
    [section.columns],
  );
  const table = useReactTable({
    data: rows,
    columns,
    state: { sorting: props.sorting },
    manualSorting: true,
    manualPagination: true,
    enableMultiSort: true,
    onSortingChange: (updater) => {
      props.onSorting(typeof updater === 'function' ? updater(props.sorting) : updater);
      setPage(0);
    },
    getCoreRowModel: getCoreRowModel(),
  });

  const cell = (c: ReportColumn, v: ReportRow[string] | undefined) => {
    const level = thresholdLevel(c, v);
    return (
      <Box
        component="span"
        sx={level && level !== 'ok' ? { color: LEVEL_COLOR[level], fontWeight: 600 } : undefined}
      >
        {formatReportCell(c, v)}
      </Box>
    );
  };

  return (
    <Box data-testid={`report-table-${section.id}`}>
      <Box sx={{ height: 4 }}>{rowsQuery.isFetching && <LinearProgress aria-label={t('loading')} />}</Box>
      {rowsQuery.isError && <Alert severity="error">{t('reports_rows_error')}</Alert>}
      <TableContainer
        sx={{ maxHeight: { xs: '60vh', md: 640 }, border: 1, borderColor: 'divider', borderRadius: 1 }}
        data-testid="report-table-scroll"
      >
        <Table size="small" stickyHeader aria-label={section.title}>
          <TableHead>
            {table.getHeaderGroups().map((hg) => (
              <TableRow key={hg.id}>
                {hg.headers.map((h) => {
                  const c = h.column.columnDef.meta as ReportColumn;
                  const sorted = h.column.getIsSorted();
                  return (
                    <TableCell
                      key={h.id}
                      align={numeric(c) ? 'right' : 'left'}
                      sortDirection={sorted === false ? false : sorted}
                      sx={{ fontWeight: 600, whiteSpace: 'nowrap', bgcolor: 'background.paper' }}
                    >
                      <TableSortLabel
                        active={sorted !== false}
                        direction={sorted === false ? 'asc' : sorted}
                        onClick={h.column.getToggleSortingHandler()}
                        data-testid={`sort-${c.key}`}
                      >
                        {flexRender(h.column.columnDef.header, h.getContext())}
                      </TableSortLabel>
                    </TableCell>
                  );
                })}
              </TableRow>
            ))}
          </TableHead>
          <TableBody>
            {table.getRowModel().rows.map((r) => (
              <TableRow key={r.id} hover>
                {r.getVisibleCells().map((c) => {
                  const col = c.column.columnDef.meta as ReportColumn;
                  return (
                    <TableCell
                      key={c.id}
                      align={numeric(col) ? 'right' : 'left'}
                      sx={{ whiteSpace: 'nowrap' }}
                    >
                      {cell(col, r.original[col.key])}
                    </TableCell>
                  );
                })}
              </TableRow>
            ))}
            {rows.length === 0 && !rowsQuery.isFetching && (
              <TableRow>
                <TableCell colSpan={section.columns.length} sx={{ color: 'text.secondary' }}>
                  {t('reports_no_rows')}
                </TableCell>
              </TableRow>
            )}
          </TableBody>
          {section.totals && (
            <TableFooter>
              <TableRow data-testid="report-totals">
                {section.columns.map((c) => (
                  <TableCell
                    key={c.key}
                    align={numeric(c) ? 'right' : 'left'}
                    sx={{
                      fontWeight: 700,
                      color: 'text.primary',
                      fontSize: '0.875rem',
                      whiteSpace: 'nowrap',
                      position: 'sticky',
                      bottom: 0,
                      bgcolor: 'background.paper',
                      borderTop: 2,
                      borderColor: 'divider',
                    }}
                  >
                    {cell(c, section.totals![c.key])}
                  </TableCell>
                ))}
              </TableRow>
            </TableFooter>
          )}
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={section.rowCount}
        page={page}
        onPageChange={(_, p) => setPage(p)}
        rowsPerPage={pageSize}
        onRowsPerPageChange={(e) => {
          setPageSize(Number(e.target.value));
          setPage(0);
        }}
        rowsPerPageOptions={[25, 50, 100, 250]}
        labelRowsPerPage={t('reports_rows_per_page')}
        labelDisplayedRows={({ from, to, count }) => t('reports_displayed_rows', { from, to, count })}
        // on a phone the page arrows wrap under the rows-per-page choice instead of leaving the screen
        sx={{
          '& .MuiTablePagination-toolbar': {
            flexWrap: 'wrap',
            justifyContent: 'flex-end',
            pl: { xs: 0, sm: 2 },
          },
          '& .MuiTablePagination-spacer': { display: { xs: 'none', sm: 'block' } },
        }}
        data-testid="report-pagination"
      />
    </Box>
  );
}
