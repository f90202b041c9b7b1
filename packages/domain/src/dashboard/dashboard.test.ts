import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  DashboardJson,
  applyFiltersConfirmation,
  ellipsis,
  labelCut,
  linkState,
  nextLinkFlags,
  nextLoadingCount,
  orderViews,
  parseDashboardJson,
  refreshIntervalMs,
  restorePaneState,
  type LinkEvent,
  type LinkFlags,
  type ViewItem,
} from './index.js';

const widget = (over: Record<string, unknown> = {}) => ({
  layout: { i: 'a', x: 0, y: 0, w: 10, h: 5 },
  type: { name: 'lineChart', vueComponent: 'LineChartWidget' },
  kpis: ['TrafficIn'],
  ...over,
});

describe('dashboard json schema', () => {
  it('fills every default of spec section 3', () => {
    const d = DashboardJson.parse({ widgets: [widget()] });
    expect(d.refreshRate).toBe(15);
    expect(d.isBusinessHoursOnlyMode).toBe(true);
    expect(d.applyTimePeriodToEachDay).toBe(false);
    expect(d.selectedTimePeriod.value).toBe('today');
    const w = d.widgets[0]!;
    expect(w.size).toEqual({ wpx: 800, hpx: 600 });
    expect(w.rightAxisKpis).toEqual([]);
    expect(w.occupancyIndicatorGridMode).toBe(false);
    expect([w.showCriticalOccupancy, w.showWarningOccupancy, w.showOkOccupancy]).toEqual([true, true, true]);
  });

  it('drops unknown KPIs and keeps known base and computed ones', () => {
    const d = DashboardJson.parse({
      widgets: [widget({ kpis: ['TrafficIn', 'Nope', 'ConversionRate'], rightAxisKpis: ['Bogus', 'Sales'] })],
    });
    expect(d.widgets[0]!.kpis).toEqual(['TrafficIn', 'ConversionRate']);
    expect(d.widgets[0]!.rightAxisKpis).toEqual(['Sales']);
  });

  it('raises table to 130x27 and image to 4x4 minimums', () => {
    const d = DashboardJson.parse({
      widgets: [
        widget({ type: { name: 'table', vueComponent: 'T' }, layout: { i: 't', x: 400, y: 0, w: 10, h: 5 } }),
        widget({ type: { name: 'image', vueComponent: 'I' }, layout: { i: 'i', x: 0, y: 0, w: 1, h: 1 } }),
      ],
    });
    expect(d.widgets[0]!.layout).toMatchObject({ minW: 130, minH: 27, w: 130, h: 27, x: 370 });
    expect(d.widgets[1]!.layout).toMatchObject({ minW: 4, minH: 4, w: 4, h: 4 });
  });

  it('names the failing field', () => {
    const bad = parseDashboardJson(
      JSON.stringify({ widgets: [widget({ layout: { i: 'a', x: 0, y: 0, w: 501, h: 1 } })] }),
    );
    expect(bad).toMatchObject({ ok: false, field: 'json.widgets.0.layout.w' });
    expect(parseDashboardJson('{nope')).toMatchObject({ ok: false, field: 'json' });
    expect(parseDashboardJson(JSON.stringify({ refreshRate: 0 }))).toMatchObject({
      ok: false,
      field: 'json.refreshRate',
    });
  });

  it('never lets a widget pass beyond 500 columns (property)', () => {
    fc.assert(
      fc.property(
        fc.nat(600),
        fc.integer({ min: 1, max: 600 }),
        fc.constantFrom('table', 'image', 'text'),
        (x, w, name) => {
          const r = DashboardJson.safeParse({
            widgets: [widget({ type: { name, vueComponent: 'X' }, layout: { i: 'a', x, y: 0, w, h: 1 } })],
          });
          if (!r.success) return;
          const l = r.data.widgets[0]!.layout;
          expect(l.x + l.w).toBeLessThanOrEqual(500);
          expect(l.w).toBeGreaterThanOrEqual(l.minW);
          expect(l.h).toBeGreaterThanOrEqual(l.minH);
        },
      ),
    );
  });
});

describe('template link state', () => {
  it('derives the four states from the two flags', () => {
    expect(linkState({ local: false, remote: false })).toBe('no_link');
    expect(linkState({ local: true, remote: false })).toBe('linked_local');
    expect(linkState({ local: false, remote: true })).toBe('unlinked_local');
    expect(linkState({ local: true, remote: true })).toBe('full_link');
  });

  it('apply links locally, edits break it, save mirrors the local link remotely', () => {
    let f: LinkFlags = { local: false, remote: false };
    f = nextLinkFlags(f, 'apply_template');
    expect(linkState(f)).toBe('linked_local');
    expect(applyFiltersConfirmation(linkState(f))).toBe('confirm_link_dashboard');
    f = nextLinkFlags(f, 'save');
    expect(linkState(f)).toBe('full_link');
    expect(applyFiltersConfirmation(linkState(f))).toBeNull();
    f = nextLinkFlags(f, 'edit_widget');
    expect(linkState(f)).toBe('unlinked_local');
    expect(applyFiltersConfirmation(linkState(f))).toBe('confirm_unlink_dashboard');
    f = nextLinkFlags(f, 'save');
    expect(linkState(f)).toBe('no_link');
  });

  it('after a save the state is full_link or no_link, whatever came before (property)', () => {
    const events = fc.array(fc.constantFrom<LinkEvent>('apply_template', 'save', 'edit_widget'));
    fc.assert(
      fc.property(fc.boolean(), fc.boolean(), events, (local, remote, evs) => {
        let f: LinkFlags = { local, remote };
        for (const e of evs) f = nextLinkFlags(f, e);
        const s = linkState(nextLinkFlags(f, 'save'));
        expect(['full_link', 'no_link']).toContain(s);
        expect(['no_link', 'unlinked_local']).toContain(linkState(nextLinkFlags(f, 'edit_widget')));
      }),
    );
  });
});

describe('views list', () => {
  const v = (name: string, over: Partial<ViewItem> = {}): ViewItem => ({
    id: name,
    name,
    kind: 'dashboard',
    defaultDashboard: false,
    defaultMobileDashboard: false,
    isReadOnly: false,
    linkedTemplateName: null,
    ...over,
  });

  it('orders by name, default first, default mobile next', () => {
    const out = orderViews(
      [v('b'), v('Z', { defaultMobileDashboard: true }), v('a'), v('y', { defaultDashboard: true })],
      { readOnly: false },
    );
    expect(out.map((x) => x.name)).toEqual(['y', 'Z', 'a', 'b']);
  });

  it('hides reports when read-only and empty read-only dashboards unless default', () => {
    const list = [
      v('r', { kind: 'report' }),
      v('e', { isReadOnly: true, emptySelection: true }),
      v('d', { isReadOnly: true, emptySelection: true, defaultDashboard: true }),
      v('f', { isReadOnly: true, emptySelection: false }),
    ];
    expect(orderViews(list, { readOnly: true }).map((x) => x.name)).toEqual(['d', 'f']);
    expect(orderViews(list, { readOnly: false }).map((x) => x.name)).toEqual(['d', 'f', 'r']);
  });

  it('cuts labels at 100 / 35 / 15 characters', () => {
    expect(labelCut('view', 'open')).toBe(100);
    expect(labelCut('node', 'semiClosed')).toBe(35);
    expect(labelCut('node', 'closed')).toBe(15);
    expect(labelCut('node', 'open')).toBeNull();
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), fc.integer({ min: 1, max: 120 }), (s, max) => {
        const out = ellipsis(s, max);
        expect(Array.from(out).length).toBeLessThanOrEqual(
          Math.max(max, Array.from(s).length > max ? max : 0),
        );
        if (Array.from(s).length <= max) expect(out).toBe(s);
        else expect(out.endsWith('…')).toBe(true);
      }),
    );
  });
});

describe('left pane and refresh', () => {
  it('restores semi-closed or empty as open, keeps closed, report mode keeps the current state', () => {
    expect(restorePaneState('semiClosed', false, 'closed')).toBe('open');
    expect(restorePaneState(null, false, 'closed')).toBe('open');
    expect(restorePaneState('', false, 'closed')).toBe('open');
    expect(restorePaneState('closed', false, 'open')).toBe('closed');
    expect(restorePaneState('open', false, 'closed')).toBe('open');
    expect(restorePaneState('open', true, 'semiClosed')).toBe('semiClosed');
  });

  it('refresh interval is minutes x 60000 with 15 by default', () => {
    expect(refreshIntervalMs(undefined)).toBe(900_000);
    expect(refreshIntervalMs(0)).toBe(900_000);
    expect(refreshIntervalMs(2)).toBe(120_000);
  });

  it('loading counter never goes below zero (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom<1 | -1>(1, -1)), (deltas) => {
        let c = 0;
        for (const d of deltas) {
          c = nextLoadingCount(c, d);
          expect(c).toBeGreaterThanOrEqual(0);
        }
      }),
    );
  });
});
