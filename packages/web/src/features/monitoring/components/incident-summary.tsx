import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { canManageDevices, type Incident } from '@footfall/domain';
import { paths } from '../../../config/paths';
import { useUser } from '../../../lib/session/current-user';
import { useLang } from '../../../lib/use-lang';
import { dateTimeText } from '../lib/format';
import { incidentDetailItems } from '../lib/incident-details';
import { IncidentStatusChip, RULE_LABEL, SeverityChip } from './monitoring-chips';

/** One "label: value" line of a fact sheet. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '160px 1fr' }, gap: { xs: 0, sm: 1.5 } }}
    >
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body2" component="div" sx={{ overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** What an incident is about: rule, severity, status, where, when, what the rule measured, the review. */
export function IncidentSummary({ incident }: { incident: Incident }) {
  const { t } = useTranslation();
  const lang = useLang();
  const user = useUser();
  const deviceLink =
    incident.deviceId && canManageDevices(user) ? paths.monitoringDevice(lang, incident.deviceId) : null;
  return (
    <Stack spacing={1} data-testid="incident-summary">
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        <SeverityChip severity={incident.severity} />
        <IncidentStatusChip status={incident.status} />
      </Stack>
      <Fact label={t('monitoring_rule')}>{t(RULE_LABEL[incident.rule])}</Fact>
      <Fact label={t('monitoring_scope')}>
        {t(incident.scopeType === 0 ? 'monitoring_scope_device' : 'monitoring_scope_location')}
      </Fact>
      {incident.deviceName && (
        <Fact label={t('monitoring_device')}>
          {deviceLink ? (
            <Link component={RouterLink} to={deviceLink}>
              {incident.deviceName}
            </Link>
          ) : (
            incident.deviceName
          )}
        </Fact>
      )}
      {incident.macAddress && <Fact label={t('monitoring_mac')}>{incident.macAddress}</Fact>}
      {incident.locationName && <Fact label={t('monitoring_location')}>{incident.locationName}</Fact>}
      {incident.clientGroupName && (
        <Fact label={t('monitoring_client_group')}>{incident.clientGroupName}</Fact>
      )}
      <Fact label={t('monitoring_first_seen')}>{dateTimeText(incident.firstSeenAt, lang)}</Fact>
      <Fact label={t('monitoring_last_seen')}>{dateTimeText(incident.lastSeenAt, lang)}</Fact>
      {incident.resolvedAt && (
        <Fact label={t('monitoring_resolved_at')}>{dateTimeText(incident.resolvedAt, lang)}</Fact>
      )}
      {incidentDetailItems(incident.details, (iso) => dateTimeText(iso, lang)).map((d) => (
        <Fact key={d.key} label={d.label ? t(d.label) : d.key}>
          {d.value}
        </Fact>
      ))}
      {incident.review && (
        <Fact
          label={t(
            incident.review.decision === 'approved' ? 'monitoring_approved_by' : 'monitoring_discarded_by',
          )}
        >
          {incident.review.by} · {dateTimeText(incident.review.at, lang)}
          {incident.review.text && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, whiteSpace: 'pre-wrap' }}>
              {incident.review.text}
            </Typography>
          )}
        </Fact>
      )}
    </Stack>
  );
}
