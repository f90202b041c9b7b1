import { BASE_KPIS, type AggregateFunction, type KpiCategory } from './catalogue.js';

/**
 * Computed KPIs (spec section 3, "Computed KPIs") as expression texts in which base KPI names stand
 * in square brackets. A KPI is derived when its expression is not a single bracketed name; its
 * baseKpis are the distinct bracketed names. Evaluation puts each base value in (0 when missing),
 * turns a non-finite result into 0, clamps where the KPI says so, and rounds percentages to 2 decimals.
 */
export interface FormulaDefinition {
  kpi: string;
  expression: string;
  isPercentage: boolean;
  category: KpiCategory;
  /** result bounds, applied after evaluation (BounceRate: 0-100) */
  clamp?: readonly [number, number];
}

export const COMPUTED_KPIS: readonly FormulaDefinition[] = [
  {
    kpi: 'ConversionRate',
    expression: '[Transactions] / [TrafficIn] * 100',
    isPercentage: true,
    category: 'sales',
  },
  { kpi: 'AvgSales', expression: '[Sales] / [Transactions]', isPercentage: false, category: 'sales' },
  { kpi: 'SPH', expression: '[Sales] / [StaffHours]', isPercentage: false, category: 'sales' },
  { kpi: 'CPE', expression: '[TrafficIn] / [StaffHours]', isPercentage: false, category: 'sales' },
  { kpi: 'TPE', expression: '[Transactions] / [StaffHours]', isPercentage: false, category: 'sales' },
  { kpi: 'UPT', expression: '[ItemsSold] / [Transactions]', isPercentage: false, category: 'sales' },
  {
    kpi: 'UnsoldTraffic',
    expression: '[TrafficIn] - [Transactions]',
    isPercentage: false,
    category: 'sales',
  },
  {
    kpi: 'POT',
    expression: '[Transactions] / [TrafficIn] * [Sales] / [Transactions] * 100',
    isPercentage: false,
    category: 'sales',
  },
  {
    kpi: 'VPC',
    expression: '[Transactions] / [TrafficIn] * [Sales] / [Transactions] * 100',
    isPercentage: false,
    category: 'sales',
  },
  {
    // visitors who crossed the door line but not the bounce line just inside it
    kpi: 'BounceRate',
    expression: '([TrafficIn] - [TrafficInAtBounceLine]) / [TrafficIn] * 100',
    isPercentage: true,
    category: 'traffic',
    clamp: [0, 100],
  },
  {
    kpi: 'CaptureRate',
    expression: '[TrafficIn] / [PasserBy] * 100',
    isPercentage: true,
    category: 'traffic',
  },
  {
    kpi: 'QueueAbandonmentRate',
    expression: '[QueueAbandonmentCount] / [QueueIn] * 100',
    isPercentage: true,
    category: 'services',
  },
];

// ---------------------------------------------------------------------------------------------
// expressions

export type Expr =
  | { type: 'num'; value: number }
  | { type: 'ref'; name: string }
  | { type: 'neg'; arg: Expr }
  | { type: 'bin'; op: '+' | '-' | '*' | '/'; left: Expr; right: Expr };

export class FormulaSyntaxError extends Error {}

/** Parses `[A] / ([B] + 2) * 100`: numbers, bracketed names, + - * /, unary minus, parentheses. */
export function parseExpression(text: string): Expr {
  let pos = 0;
  const skip = () => {
    while (pos < text.length && /\s/.test(text[pos]!)) pos++;
  };
  const fail = (what: string): never => {
    throw new FormulaSyntaxError(`${what} at ${pos} in "${text}"`);
  };
  const primary = (): Expr => {
    skip();
    const c = text[pos];
    if (c === '(') {
      pos++;
      const inner = additive();
      skip();
      if (text[pos] !== ')') fail('expected )');
      pos++;
      return inner;
    }
    if (c === '[') {
      const end = text.indexOf(']', pos);
      if (end < 0) fail('unclosed [');
      const name = text.slice(pos + 1, end).trim();
      if (!name) fail('empty name');
      pos = end + 1;
      return { type: 'ref', name };
    }
    if (c === '-') {
      pos++;
      return { type: 'neg', arg: primary() };
    }
    const m = /^\d+(\.\d+)?/.exec(text.slice(pos));
    if (!m) return fail('expected a value');
    pos += m[0].length;
    return { type: 'num', value: Number(m[0]) };
  };
  const multiplicative = (): Expr => {
    let left = primary();
    for (;;) {
      skip();
      const op = text[pos];
      if (op !== '*' && op !== '/') return left;
      pos++;
      left = { type: 'bin', op, left, right: primary() };
    }
  };
  const additive = (): Expr => {
    let left = multiplicative();
    for (;;) {
      skip();
      const op = text[pos];
      if (op !== '+' && op !== '-') return left;
      pos++;
      left = { type: 'bin', op, left, right: multiplicative() };
    }
  };
  const expr = additive();
  skip();
  if (pos !== text.length) fail('unexpected text');
  return expr;
}

/** The distinct bracketed names of an expression, in order of appearance. */
export function baseKpisOf(expression: string): string[] {
  const names: string[] = [];
  for (const m of expression.matchAll(/\[([^\]]+)\]/g)) {
    const name = m[1]!.trim();
    if (!names.includes(name)) names.push(name);
  }
  return names;
}

/**
 * The base KPIs an expression divides by (every name inside the right side of a "/"), in order.
 * When one of them is zero the formula has no meaningful value: evaluation gives 0 (spec), and a
 * screen that must tell "no data" from a real zero (the ranking's previous periods) checks these.
 */
export function divisorKpisOf(expression: string): string[] {
  const names: string[] = [];
  const refs = (e: Expr, into: string[]) => {
    if (e.type === 'ref') {
      if (!into.includes(e.name)) into.push(e.name);
    } else if (e.type === 'neg') refs(e.arg, into);
    else if (e.type === 'bin') {
      refs(e.left, into);
      refs(e.right, into);
    }
  };
  const walk = (e: Expr) => {
    if (e.type === 'neg') walk(e.arg);
    else if (e.type === 'bin') {
      walk(e.left);
      if (e.op === '/') refs(e.right, names);
      else walk(e.right);
    }
  };
  walk(parseExpression(expression));
  return names;
}

/** Derived unless the expression is exactly one bracketed name. */
export const isDerivedExpression = (expression: string) => !/^\s*\[[^\]]+\]\s*$/.test(expression);

function evalExpr(e: Expr, values: Readonly<Record<string, number | null | undefined>>): number {
  switch (e.type) {
    case 'num':
      return e.value;
    case 'ref': {
      const v = values[e.name];
      return typeof v === 'number' ? v : 0;
    }
    case 'neg':
      return -evalExpr(e.arg, values);
    case 'bin': {
      const a = evalExpr(e.left, values);
      const b = evalExpr(e.right, values);
      switch (e.op) {
        case '+':
          return a + b;
        case '-':
          return a - b;
        case '*':
          return a * b;
        case '/':
          return a / b;
      }
    }
  }
}

export const round2 = (v: number) => {
  const r = Math.round((v + Number.EPSILON * Math.sign(v)) * 100) / 100;
  return Object.is(r, -0) ? 0 : r;
};

export interface ExpandedFormula {
  kpi: string;
  expression: string;
  derived: boolean;
  baseKpis: string[];
  isPercentage: boolean;
  category: KpiCategory;
  aggregateFunctions: AggregateFunction[];
  clamp?: [number, number];
}

/** Every KPI, base and computed, as the expanded formula list of `GET /api/Formula/expanded`. */
export const EXPANDED_FORMULAS: readonly ExpandedFormula[] = [
  ...BASE_KPIS.map((b) => ({
    kpi: b.kpi,
    expression: `[${b.kpi}]`,
    derived: false,
    baseKpis: [b.kpi],
    isPercentage: b.isPercentage,
    category: b.category,
    aggregateFunctions: [...b.aggregateFunctions],
  })),
  ...COMPUTED_KPIS.map((f) => ({
    kpi: f.kpi,
    expression: f.expression,
    derived: isDerivedExpression(f.expression),
    baseKpis: baseKpisOf(f.expression),
    isPercentage: f.isPercentage,
    category: f.category,
    // computed KPIs are evaluated from summed bases, so Sum is their only function
    aggregateFunctions: ['Sum'] as AggregateFunction[],
    ...(f.clamp ? { clamp: [f.clamp[0], f.clamp[1]] as [number, number] } : {}),
  })),
];

const compiled = new Map<string, Expr>();
const formulaByKpi = new Map(EXPANDED_FORMULAS.map((f) => [f.kpi, f]));
export const findFormula = (kpi: string): ExpandedFormula | undefined => formulaByKpi.get(kpi);

/**
 * Evaluates a formula with the given base values: missing = 0, a non-finite result = 0, then the
 * clamp, then rounding to 2 decimals for percentages.
 */
export function evaluateFormula(
  formula: Pick<ExpandedFormula, 'expression' | 'isPercentage' | 'clamp'>,
  values: Readonly<Record<string, number | null | undefined>>,
): number {
  let expr = compiled.get(formula.expression);
  if (!expr) {
    expr = parseExpression(formula.expression);
    compiled.set(formula.expression, expr);
  }
  let v = evalExpr(expr, values);
  if (!Number.isFinite(v)) v = 0;
  if (formula.clamp) v = Math.min(formula.clamp[1], Math.max(formula.clamp[0], v));
  if (formula.isPercentage) v = round2(v);
  return Object.is(v, -0) ? 0 : v;
}
