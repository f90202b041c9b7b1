import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { BASE_KPI_NAMES } from './catalogue.js';
import {
  baseKpisOf,
  COMPUTED_KPIS,
  divisorKpisOf,
  EXPANDED_FORMULAS,
  evaluateFormula,
  findFormula,
  isDerivedExpression,
  parseExpression,
} from './formulas.js';

const value = fc.oneof(fc.double({ min: -1e6, max: 1e6, noNaN: true }), fc.constant(0), fc.nat(10_000));

describe('expanded formula list', () => {
  it('names only base KPIs in computed expressions, each KPI once', () => {
    const names = EXPANDED_FORMULAS.map((f) => f.kpi);
    expect(new Set(names).size).toBe(names.length);
    for (const f of COMPUTED_KPIS)
      for (const b of baseKpisOf(f.expression)) expect(BASE_KPI_NAMES).toContain(b);
  });

  it('marks base KPIs as not derived and computed ones as derived with distinct base KPIs', () => {
    expect(findFormula('TrafficIn')).toMatchObject({
      expression: '[TrafficIn]',
      derived: false,
      baseKpis: ['TrafficIn'],
    });
    expect(findFormula('ConversionRate')).toMatchObject({
      derived: true,
      baseKpis: ['Transactions', 'TrafficIn'],
      isPercentage: true,
      category: 'sales',
    });
    expect(findFormula('POT')!.baseKpis).toEqual(['Transactions', 'TrafficIn', 'Sales']);
    expect(isDerivedExpression(' [A] ')).toBe(false);
    expect(isDerivedExpression('[A] * 1')).toBe(true);
    expect(findFormula('Occupancy')!.aggregateFunctions).toEqual(['First', 'Last', 'Max']);
  });
});

describe('formula evaluation', () => {
  const f = (kpi: string) => findFormula(kpi)!;

  it('computes the spec formulas', () => {
    const v = {
      TrafficIn: 400,
      Transactions: 30,
      Sales: 1500,
      StaffHours: 20,
      ItemsSold: 75,
      PasserBy: 1600,
    };
    expect(evaluateFormula(f('ConversionRate'), v)).toBe(7.5);
    expect(evaluateFormula(f('AvgSales'), v)).toBe(50);
    expect(evaluateFormula(f('SPH'), v)).toBe(75);
    expect(evaluateFormula(f('CPE'), v)).toBe(20);
    expect(evaluateFormula(f('TPE'), v)).toBe(1.5);
    expect(evaluateFormula(f('UPT'), v)).toBe(2.5);
    expect(evaluateFormula(f('UnsoldTraffic'), v)).toBe(370);
    expect(evaluateFormula(f('POT'), v)).toBe(375);
    expect(evaluateFormula(f('CaptureRate'), v)).toBe(25);
    expect(evaluateFormula(f('ConversionRate'), { TrafficIn: 3, Transactions: 1 })).toBe(33.33);
    expect(evaluateFormula(f('QueueAbandonmentRate'), { QueueIn: 8, QueueAbandonmentCount: 1 })).toBe(12.5);
  });

  it('uses 0 for missing values and for non-finite results', () => {
    expect(evaluateFormula(f('ConversionRate'), {})).toBe(0);
    expect(evaluateFormula(f('ConversionRate'), { Transactions: 5 })).toBe(0);
    expect(evaluateFormula(f('UnsoldTraffic'), { TrafficIn: 7 })).toBe(7);
    expect(evaluateFormula(f('AvgSales'), { Sales: 10, Transactions: null })).toBe(0);
  });

  it('clamps the bounce rate to 0-100', () => {
    expect(evaluateFormula(f('BounceRate'), { TrafficIn: 100, TrafficInAtBounceLine: 80 })).toBe(20);
    expect(evaluateFormula(f('BounceRate'), { TrafficIn: 100, TrafficInAtBounceLine: 130 })).toBe(0);
    expect(evaluateFormula(f('BounceRate'), { TrafficIn: -5, TrafficInAtBounceLine: 130 })).toBe(100);
    fc.assert(
      fc.property(value, value, (a, b) => {
        const r = evaluateFormula(f('BounceRate'), { TrafficIn: a, TrafficInAtBounceLine: b });
        return r >= 0 && r <= 100;
      }),
    );
  });

  it('always gives a finite number, percentages with at most 2 decimals', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...EXPANDED_FORMULAS),
        fc.dictionary(fc.constantFrom(...BASE_KPI_NAMES), value),
        (formula, values) => {
          const r = evaluateFormula(formula, values);
          if (!Number.isFinite(r)) return false;
          return !formula.isPercentage || Math.abs(r * 100 - Math.round(r * 100)) < 1e-6;
        },
      ),
    );
  });

  it('agrees with the plain arithmetic of each formula', () => {
    fc.assert(
      fc.property(fc.nat(100_000), fc.nat(5_000), fc.nat(1_000_000), (traffic, tx, sales) => {
        const cr = evaluateFormula(f('ConversionRate'), { TrafficIn: traffic, Transactions: tx });
        const plain = traffic === 0 ? 0 : Math.round((tx / traffic) * 100 * 100) / 100;
        const avg = evaluateFormula(f('AvgSales'), { Sales: sales, Transactions: tx });
        return Math.abs(cr - plain) < 1e-9 && avg === (tx === 0 ? 0 : sales / tx);
      }),
    );
  });

  it('parses precedence, parentheses and unary minus', () => {
    const e = (text: string) => evaluateFormula({ expression: text, isPercentage: false }, { A: 6, B: 3 });
    expect(e('[A] + [B] * 2')).toBe(12);
    expect(e('([A] + [B]) * 2')).toBe(18);
    expect(e('-[A] / [B] - 1')).toBe(-3);
    expect(e('[A] / [Missing]')).toBe(0);
    expect(() => parseExpression('[A] +')).toThrow();
    expect(() => parseExpression('[A')).toThrow();
  });
});

describe('divisorKpisOf', () => {
  it('names what each computed KPI divides by', () => {
    expect(divisorKpisOf(findFormula('ConversionRate')!.expression)).toEqual(['TrafficIn']);
    expect(divisorKpisOf(findFormula('POT')!.expression)).toEqual(['TrafficIn', 'Transactions']);
    expect(divisorKpisOf(findFormula('UnsoldTraffic')!.expression)).toEqual([]);
    expect(divisorKpisOf('[A] / ([B] + -[C]) - [D]')).toEqual(['B', 'C']);
    expect(divisorKpisOf('[A]')).toEqual([]);
  });
});
