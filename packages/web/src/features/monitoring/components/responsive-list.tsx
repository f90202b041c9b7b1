import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import { Link as RouterLink } from 'react-router';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useIsDesktop } from '../../../lib/use-is-desktop';

export interface Column<T> {
  key: string;
  header: string;
  cell(row: T): ReactNode;
  /** the cell that opens the row (a button in the table, the card's title on a phone) */
  primary?: boolean;
  align?: 'left' | 'right';
}

/**
 * The monitoring lists: a table on a desktop, a list of cards on a phone (each card a button). Rows
 * open with `onOpen`; undefined rows mean still loading.
 */
export function ResponsiveList<T>(props: {
  rows: T[] | undefined;
  rowKey(row: T): string;
  columns: Column<T>[];
  empty: string;
  onOpen(row: T): void;
  /** rows that are pages of their own: the primary cell (and a phone's card) is a link there */
  rowHref?(row: T): string;
  selectedKey?: string | null;
  testId: string;
}) {
  const { t } = useTranslation();
  const desktop = useIsDesktop();
  const { rows, columns } = props;
  if (!rows)
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
        <CircularProgress aria-label={t('loading')} />
      </Box>
    );
  if (rows.length === 0)
    return (
      <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }} data-testid={`${props.testId}-empty`}>
        <Typography color="text.secondary">{props.empty}</Typography>
      </Paper>
    );
  if (!desktop)
    return (
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
        {rows.map((row) => {
          const [primary, ...rest] = [...columns].sort((a, b) => Number(!!b.primary) - Number(!!a.primary));
          return (
            <Paper component="li" variant="outlined" key={props.rowKey(row)} data-testid={props.testId}>
              <ButtonBase
                {...(props.rowHref
                  ? { component: RouterLink, to: props.rowHref(row) }
                  : { onClick: () => props.onOpen(row) })}
                sx={{
                  display: 'block',
                  width: '100%',
                  textAlign: 'left',
                  p: 1.5,
                  borderRadius: 1,
                  color: 'inherit',
                }}
              >
                <Box sx={{ mb: 0.5 }}>{primary!.cell(row)}</Box>
                <Box sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1.5, rowGap: 0.25 }}>
                  {rest.map((c) => (
                    <Box key={c.key} sx={{ display: 'contents' }}>
                      <Typography variant="caption" color="text.secondary" sx={{ pt: 0.25 }}>
                        {c.header}
                      </Typography>
                      <Typography
                        variant="body2"
                        component="div"
                        sx={{ minWidth: 0, overflowWrap: 'anywhere' }}
                      >
                        {c.cell(row)}
                      </Typography>
                    </Box>
                  ))}
                </Box>
              </ButtonBase>
            </Paper>
          );
        })}
      </Box>
    );
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small">
        <TableHead>
          <TableRow>
            {columns.map((c) => (
              <TableCell key={c.key} align={c.align} sx={{ fontWeight: 650, whiteSpace: 'nowrap' }}>
                {c.header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => {
            const key = props.rowKey(row);
            return (
              <TableRow
                key={key}
                hover
                selected={props.selectedKey === key}
                onClick={() => props.onOpen(row)}
                sx={{ cursor: 'pointer' }}
                data-testid={props.testId}
              >
                {columns.map((c) => (
                  <TableCell key={c.key} align={c.align}>
                    {c.primary && props.rowHref ? (
                      <Link
                        component={RouterLink}
                        to={props.rowHref(row)}
                        onClick={(e: React.MouseEvent) => e.stopPropagation()}
                        sx={{ fontWeight: 650 }}
                      >
                        {c.cell(row)}
                      </Link>
                    ) : c.primary ? (
                      <ButtonBase
                        onClick={(e) => (e.stopPropagation(), props.onOpen(row))}
                        sx={{
                          borderRadius: 1,
                          textAlign: 'left',
                          '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
                        }}
                      >
                        {c.cell(row)}
                      </ButtonBase>
                    ) : (
                      c.cell(row)
                    )}
                  </TableCell>
                ))}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
