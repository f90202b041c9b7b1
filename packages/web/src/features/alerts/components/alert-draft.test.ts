import { describe, expect, it } from 'vitest';
import { AlertBody, EMPTY_GUID, type AlertDto } from '@footfall/domain';
import { bodyOf, draftOf, EMPTY } from './alert-draft';

const dto: AlertDto = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Quiet',
  nameKey: null,
  nodes: [{ id: '22222222-2222-4222-8222-222222222222', name: 'Store' }],
  condition: {
    kind: 'window',
    kpi: 'TrafficIn',
    comparison: 'below',
    target: 'objective',
    threshold: 40,
    windowMinutes: 90,
  },
  activeHours: { mode: 'custom', from: '08:00', to: '12:30', days: [1, 3] },
  severity: 'critical',
  recipients: [
    { userId: '33333333-3333-4333-8333-333333333333', name: 'A B', email: 'a@example.com', language: 'en' },
    { userId: null, name: null, email: 'Duty@example.com', language: 'fr' },
  ],
  channels: { email: true, webhook: { url: 'https://hooks.example.com/x', hasSecret: true } },
  reminderMinutes: 45,
  linkedAlertId: EMPTY_GUID,
  enabled: false,
  openCount: 0,
  updatedOn: '2026-01-01T00:00:00.000Z',
};

describe('the alert editor draft', () => {
  it('sends back what it was loaded from (addresses keep their language, the secret stays unsent)', () => {
    const body = bodyOf(draftOf(dto, 'es'), 'es');
    expect(AlertBody.parse(body)).toEqual({
      name: 'Quiet',
      nodeIds: [dto.nodes[0]!.id],
      condition: dto.condition,
      activeHours: dto.activeHours,
      severity: 'critical',
      recipients: [{ userId: dto.recipients[0]!.userId }, { email: 'Duty@example.com', language: 'fr' }],
      channels: { email: true, webhook: { url: 'https://hooks.example.com/x' } },
      reminderMinutes: 45,
      linkedAlertId: EMPTY_GUID,
      enabled: false,
    });
  });

  it('gives new addresses the editor language and leaves bad numbers for the server to name', () => {
    const body = bodyOf(
      {
        ...EMPTY,
        name: 'New',
        nodeIds: [dto.nodes[0]!.id],
        threshold: '12',
        addresses: 'x@example.com; y@example.com',
      },
      'fr',
    );
    expect(body.recipients).toEqual([
      { email: 'x@example.com', language: 'fr' },
      { email: 'y@example.com', language: 'fr' },
    ]);
    expect(AlertBody.parse(body).condition).toEqual({ kind: 'occupancy', unit: 'people', threshold: 12 });
    const bad = AlertBody.safeParse(
      JSON.parse(JSON.stringify(bodyOf({ ...EMPTY, name: 'x', nodeIds: [dto.nodes[0]!.id] }, 'en'))),
    );
    expect(bad.success).toBe(false);
    expect(bad.error!.issues[0]!.path.join('.')).toBe('condition.threshold');
  });

  it('shows a demo rule in the reader language, and keeps its translations unless renamed', () => {
    const demo: AlertDto = { ...dto, name: 'Store near capacity', nameKey: 'nearCapacity' };
    const fr = draftOf(demo, 'fr');
    expect(fr.name).toBe('Magasin presque plein');
    expect(draftOf(demo, 'es').name).toBe('Tienda casi llena');
    // saved untouched: the stored name goes back, so the server keeps the key
    expect(bodyOf(fr, 'fr').name).toBe('Store near capacity');
    // renamed: the typed name
    expect(bodyOf({ ...fr, name: 'Magasin plein' }, 'fr').name).toBe('Magasin plein');
    // a customer's own rule is never translated
    expect(draftOf({ ...dto, name: 'Store near capacity' }, 'fr').name).toBe('Store near capacity');
  });
});
