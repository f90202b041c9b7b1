import { useTranslation } from 'react-i18next';
import Chip, { type ChipProps } from '@mui/material/Chip';
import type {
  DeviceStatus,
  IncidentRule,
  IncidentSeverity,
  IncidentStatus,
  TicketStatus,
} from '@footfall/domain';

type Look = { label: string; color: ChipProps['color']; variant?: ChipProps['variant'] };

const DEVICE_STATUS: Record<DeviceStatus, Look> = {
  online: { label: 'monitoring_status_online', color: 'success' },
  late: { label: 'monitoring_status_late', color: 'warning' },
  offline: { label: 'monitoring_status_offline', color: 'error' },
  noDataExpected: { label: 'monitoring_status_no_data_expected', color: 'default' },
  neverReported: { label: 'monitoring_status_never_reported', color: 'default', variant: 'outlined' },
};
const TICKET_STATUS: Record<TicketStatus, Look> = {
  open: { label: 'monitoring_ticket_open', color: 'error' },
  closed: { label: 'monitoring_ticket_closed', color: 'success' },
};
const INCIDENT_STATUS: Record<IncidentStatus, Look> = {
  open: { label: 'monitoring_incident_open', color: 'error', variant: 'outlined' },
  resolved: { label: 'monitoring_incident_resolved', color: 'success', variant: 'outlined' },
  discarded: { label: 'monitoring_incident_discarded', color: 'default', variant: 'outlined' },
};
const SEVERITY: Record<IncidentSeverity, Look> = {
  error: { label: 'monitoring_severity_error', color: 'error' },
  warning: { label: 'monitoring_severity_warning', color: 'warning' },
};

/** The label key of each detection rule. */
export const RULE_LABEL: Record<IncidentRule, string> = {
  offline: 'monitoring_rule_offline',
  blocked: 'monitoring_rule_blocked',
  imbalance: 'monitoring_rule_imbalance',
  clockDrift: 'monitoring_rule_clock_drift',
  counterReset: 'monitoring_rule_counter_reset',
  suddenDrop: 'monitoring_rule_sudden_drop',
};
export const DEVICE_STATUS_LABEL = Object.fromEntries(
  Object.entries(DEVICE_STATUS).map(([k, v]) => [k, v.label]),
) as Record<DeviceStatus, string>;

function LookChip({ look, testId }: { look: Look; testId: string }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      label={t(look.label)}
      color={look.color}
      variant={look.variant ?? 'filled'}
      data-testid={testId}
    />
  );
}

export const DeviceStatusChip = ({ status }: { status: DeviceStatus }) => (
  <LookChip look={DEVICE_STATUS[status]} testId={`device-status-${status}`} />
);
export const TicketStatusChip = ({ status }: { status: TicketStatus }) => (
  <LookChip look={TICKET_STATUS[status]} testId={`ticket-status-${status}`} />
);
export const IncidentStatusChip = ({ status }: { status: IncidentStatus }) => (
  <LookChip look={INCIDENT_STATUS[status]} testId={`incident-status-${status}`} />
);
export const SeverityChip = ({ severity }: { severity: IncidentSeverity }) => (
  <LookChip look={SEVERITY[severity]} testId={`severity-${severity}`} />
);
