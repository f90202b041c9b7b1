import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DataUsage from '@mui/icons-material/DataUsageOutlined';
import { LOCALES, completenessSummary, type AggregatedSeries } from '@footfall/domain';
import type { FlatNode } from '../../../../lib/tree-api';
import { useLang } from '../../../../lib/use-lang';

/** The mark's height: one caption line (0.75 rem, line height 1.6). */
export const COMPLETENESS_MARK_HEIGHT = '1.2rem';

/**
 * The discreet "data incomplete for N of M locations" mark of a widget (issue 13): shown when some
 * requested locations' devices sent less than their expected minutes in the period; hovering or
 * focusing it lists them with their completeness and the minutes missing.
 */
export function CompletenessMark(props: {
  series: readonly AggregatedSeries[] | null;
  nodes: ReadonlyMap<string, FlatNode>;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const summary = completenessSummary(props.series);
  if (!summary) return null;
  const pct = new Intl.NumberFormat(LOCALES[lang], { style: 'percent', maximumFractionDigits: 0 });
  const text = t('monitoring_incomplete_mark', { n: summary.incomplete.length, m: summary.total });
  const details = (
    <Box sx={{ display: 'grid', gap: 0.25 }}>
      {summary.incomplete.map((n) => (
        <Typography key={n.nodeId} variant="caption" component="div">
          {t('monitoring_incomplete_node', {
            name: props.nodes.get(n.nodeId)?.name ?? n.nodeId,
            ratio: pct.format(n.ratio ?? 0),
            minutes: n.missingMinutes,
          })}
        </Typography>
      ))}
    </Box>
  );
  return (
    <Tooltip title={details} describeChild>
      <Box
        tabIndex={0}
        data-testid="completeness-mark"
        sx={{
          // in its slot under the widget's body (widget-body.tsx), never over it (it hid the Y-1 chip of a KPI card)
          mr: 0.5,
          display: 'inline-flex',
          alignItems: 'center',
          height: COMPLETENESS_MARK_HEIGHT,
          gap: 0.5,
          px: 0.75,
          borderRadius: 1,
          bgcolor: 'background.paper',
          color: 'text.primary',
          cursor: 'help',
          '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
        }}
      >
        <DataUsage sx={{ fontSize: 14, color: 'warning.main' }} />
        <Typography variant="caption" color="inherit" sx={{ lineHeight: COMPLETENESS_MARK_HEIGHT }}>
          {text}
        </Typography>
      </Box>
    </Tooltip>
  );
}
