import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import Remove from '@mui/icons-material/Remove';
import { brand } from '../../../theme/theme';
import { formatDelta, formatKpiValue, type RankingResponse, type RankingRow } from '@footfall/domain';

/** the own location's mark: teal like its bar in the chart, in the teal that white text reads on */
export const OWN_CHIP_SX = { ml: 1, bgcolor: brand.tealText, color: '#fff' } as const;

/** The rank's move since the previous period: an arrow and the places, read out in words. */
export function RankChange({ row }: { row: RankingRow }) {
  const { t } = useTranslation();
  const c = row.rankChange;
  if (c === null)
    return (
      <Typography
        component="span"
        variant="body2"
        sx={{ color: 'text.secondary' }}
        aria-label={t('ranking_change_none')}
      >
        –
      </Typography>
    );
  const label =
    c > 0
      ? t('ranking_change_up', { count: c })
      : c < 0
        ? t('ranking_change_down', { count: -c })
        : t('ranking_change_same');
  const Icon = c > 0 ? ArrowUpward : c < 0 ? ArrowDownward : Remove;
  const color = c > 0 ? 'success.dark' : c < 0 ? 'error.dark' : 'text.secondary';
  return (
    <Box
      component="span"
      role="img"
      aria-label={label}
      title={label}
      data-rank-change={c}
      sx={{ display: 'inline-flex', alignItems: 'center', color, fontWeight: 600, gap: 0.25 }}
    >
      <Icon fontSize="small" />
      {c !== 0 && <span aria-hidden>{Math.abs(c)}</span>}
    </Box>
  );
}

const deltaColor = (d: number | null) =>
  d === null || d === 0 ? 'text.secondary' : d > 0 ? 'success.dark' : 'error.dark';

function Delta({ value }: { value: number | null }) {
  return (
    <Box component="span" sx={{ color: deltaColor(value), whiteSpace: 'nowrap' }}>
      {formatDelta(value)}
    </Box>
  );
}

function OwnChip() {
  const { t } = useTranslation();
  return <Chip size="small" label={t('ranking_own')} sx={OWN_CHIP_SX} />;
}

/** Desktop: rank, move, location, the value and its N-1 and Y-1 comparisons. */
export function RankingTable({ data }: { data: RankingResponse }) {
  const { t } = useTranslation();
  const v = (x: number | null) => formatKpiValue(data.kpi, x);
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table
        size="small"
        aria-label={t('ranking_table_label', { kpi: t(`kpi_${data.kpi}`) })}
        data-testid="ranking-table"
      >
        <TableHead>
          <TableRow>
            <TableCell>{t('ranking_col_rank')}</TableCell>
            <TableCell>{t('ranking_col_change')}</TableCell>
            <TableCell>{t('ranking_col_location')}</TableCell>
            <TableCell align="right">{t(`kpi_${data.kpi}`)}</TableCell>
            <TableCell align="right">{t('ranking_col_previous')}</TableCell>
            <TableCell align="right">{t('ranking_col_delta_previous')}</TableCell>
            <TableCell align="right">{t('ranking_col_last_year')}</TableCell>
            <TableCell align="right">{t('ranking_col_delta_last_year')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {data.rows.map((r) => (
            <TableRow
              key={r.nodeId}
              selected={r.own}
              data-node-id={r.nodeId}
              data-own={r.own || undefined}
              sx={r.own ? { '& td': { fontWeight: 700 } } : undefined}
            >
              <TableCell>{r.rank ?? '–'}</TableCell>
              <TableCell>
                <RankChange row={r} />
              </TableCell>
              <TableCell component="th" scope="row">
                {r.name}
                {r.own && <OwnChip />}
              </TableCell>
              <TableCell align="right" data-value>
                {v(r.value)}
              </TableCell>
              <TableCell align="right">{v(r.previousValue)}</TableCell>
              <TableCell align="right">
                <Delta value={r.deltaPreviousPercent} />
              </TableCell>
              <TableCell align="right">{v(r.lastYearValue)}</TableCell>
              <TableCell align="right">
                <Delta value={r.deltaLastYearPercent} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** Mobile: one line per location, the comparisons beneath, nothing wider than the screen. */
export function RankingList({ data }: { data: RankingResponse }) {
  const { t } = useTranslation();
  const v = (x: number | null) => formatKpiValue(data.kpi, x);
  return (
    <Paper variant="outlined">
      <List
        aria-label={t('ranking_table_label', { kpi: t(`kpi_${data.kpi}`) })}
        data-testid="ranking-list"
        disablePadding
      >
        {data.rows.map((r, i) => (
          <ListItem
            key={r.nodeId}
            divider={i < data.rows.length - 1}
            data-node-id={r.nodeId}
            data-own={r.own || undefined}
            sx={{
              display: 'grid',
              gridTemplateColumns: '2.25rem minmax(0, 1fr) auto',
              columnGap: 1,
              alignItems: 'center',
              bgcolor: r.own ? 'action.selected' : undefined,
            }}
          >
            <Typography variant="h6" component="span" sx={{ textAlign: 'center' }}>
              {r.rank ?? '–'}
            </Typography>
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="body1" sx={{ fontWeight: r.own ? 700 : 500, overflowWrap: 'anywhere' }}>
                {r.name}
                {r.own && <OwnChip />}
              </Typography>
              <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
                {t('ranking_previous_short')} {v(r.previousValue)} <Delta value={r.deltaPreviousPercent} />
              </Typography>
              <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
                {t('ranking_last_year_short')} {v(r.lastYearValue)} <Delta value={r.deltaLastYearPercent} />
              </Typography>
            </Box>
            <Box sx={{ textAlign: 'right' }}>
              <Typography variant="body1" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }} data-value>
                {v(r.value)}
              </Typography>
              <RankChange row={r} />
            </Box>
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}
