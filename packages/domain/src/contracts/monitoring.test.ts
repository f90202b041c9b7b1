import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RULE_THRESHOLDS,
  IncidentsQuery,
  RuleThresholds,
  RuleThresholdsInput,
  TicketNumberParams,
  MonitoringRecipientsInput,
} from './monitoring.js';
import {
  canApproveIncident,
  canCloseTicket,
  canConfigureMonitoring,
  canListIncidents,
} from '../policies/monitoring.js';

describe('monitoring contract', () => {
  it('reads the incidents query: comma lists, flags, the history page size by default', () => {
    const q = IncidentsQuery.parse({
      macAddresses: 'AA:BB:CC:DD:EE:01, aa:bb:cc:dd:ee:02',
      openOnly: 'true',
      scopeType: '1',
    });
    expect(q.macAddresses).toEqual(['AA:BB:CC:DD:EE:01', 'aa:bb:cc:dd:ee:02']);
    expect(q.openOnly).toBe(true);
    expect(q.scopeType).toBe(1);
    expect(q.limit).toBe(10);
    expect(q.nodeIds).toEqual([]);
    const bad = IncidentsQuery.safeParse({ macAddresses: 'AA:BB:CC:DD:EE:01,nope' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.path).toEqual(['macAddresses', 1]);
    expect(IncidentsQuery.safeParse({ scopeType: '2' }).success).toBe(false);
  });

  it('keeps defaults valid and refuses thresholds out of range, naming the field', () => {
    expect(RuleThresholds.parse(DEFAULT_RULE_THRESHOLDS)).toEqual(DEFAULT_RULE_THRESHOLDS);
    expect(RuleThresholdsInput.parse({ offlineMinutes: 45, dropRatio: null })).toEqual({
      offlineMinutes: 45,
      dropRatio: null,
    });
    const r = RuleThresholdsInput.safeParse({ imbalanceRatio: 3 });
    expect(r.error?.issues[0]?.path).toEqual(['imbalanceRatio']);
    expect(RuleThresholdsInput.safeParse({ unknown: 1 }).success).toBe(false);
  });

  it('ticket numbers look like T-000123', () => {
    expect(TicketNumberParams.safeParse({ ticketNumber: 'T-000123' }).success).toBe(true);
    expect(TicketNumberParams.safeParse({ ticketNumber: '123' }).success).toBe(false);
  });

  it('recipients are users or addresses with a language', () => {
    const r = MonitoringRecipientsInput.parse({
      recipients: [{ email: 'ops@example.com' }, { userId: '00000000-0000-4000-8000-000000000001' }],
    });
    expect(r.recipients[0]).toEqual({ email: 'ops@example.com', language: 'en' });
    expect(MonitoringRecipientsInput.safeParse({ recipients: [{ email: 'x' }] }).success).toBe(false);
  });

  it('policies: device managers review incidents, admins may also close, superAdmin configures', () => {
    expect(canListIncidents({ roles: ['deviceManagerAdmin'] })).toBe(true);
    expect(canApproveIncident({ roles: ['admin'] })).toBe(false);
    expect(canCloseTicket({ roles: ['admin'] })).toBe(true);
    expect(canCloseTicket({ roles: ['User'] })).toBe(false);
    expect(canConfigureMonitoring({ roles: ['deviceManagerAdmin'] })).toBe(false);
    expect(canConfigureMonitoring({ roles: ['superAdmin'] })).toBe(true);
  });
});
