import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

/** WCAG 2.1 level A and AA: the rules a screen is held to. No rule is turned off. */
export const A11Y_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = new Set(['serious', 'critical']);

const here = path.dirname(fileURLToPath(import.meta.url));
/** every check appends its violations (all impacts) here, one JSON line per screen, for review */
const LOG = path.resolve(here, '../../test-output/a11y/violations.jsonl');

interface Violation {
  id: string;
  impact: string;
  targets: string[];
}

function describe(violations: Violation[]): string {
  return violations
    .map(
      (v) => `  ${v.id} (${v.impact}) x${v.targets.length}\n${v.targets.map((t) => `    ${t}`).join('\n')}`,
    )
    .join('\n');
}

/**
 * Runs axe-core (WCAG 2.1 A/AA) on the page as it is now and fails on any serious or critical
 * violation, printing rule, impact and the elements concerned. `label` names the screen in the
 * message and in test-output/a11y/violations.jsonl.
 */
export async function expectNoSeriousA11yViolations(page: Page, label: string) {
  // a screen still fading in (MUI transitions) is read with its final colours: wait for the finite
  // animations and transitions running now (an indeterminate progress bar never ends)
  await page.evaluate(async () => {
    await document.fonts.ready;
    const running = document
      .getAnimations()
      .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
      .map((a) => a.finished.catch(() => undefined));
    await Promise.race([Promise.all(running), new Promise((resolve) => setTimeout(resolve, 2000))]);
  });
  const started = Date.now();
  const results = await new AxeBuilder({ page })
    .withTags(A11Y_TAGS)
    // experimental in axe-core, so off unless named: an accessible name must contain the visible text
    .options({
      rules: { 'label-content-name-mismatch': { enabled: true } },
      // only violations are read: axe then skips collecting the elements that pass (faster)
      resultTypes: ['violations'],
    })
    .analyze();
  const ms = Date.now() - started;
  const violations: Violation[] = results.violations.map((v) => ({
    id: v.id,
    impact: v.impact ?? 'unknown',
    targets: v.nodes.map((n) => `${n.target.join(' ')}  ${n.html.slice(0, 160)}`),
  }));
  const viewport = page.viewportSize();
  fs.mkdirSync(path.dirname(LOG), { recursive: true });
  fs.appendFileSync(
    LOG,
    JSON.stringify({
      test: test.info().titlePath.slice(1).join(' > '),
      label,
      width: viewport?.width,
      url: page.url(),
      ms,
      violations: violations.map((v) => ({ id: v.id, impact: v.impact, count: v.targets.length })),
    }) + '\n',
  );
  const blocking = violations.filter((v) => BLOCKING.has(v.impact));
  // soft: a test goes on through its screens, and fails at the end naming every screen that failed
  expect
    .soft(
      blocking.map((v) => `${v.id} (${v.impact}) x${v.targets.length}`),
      `accessibility violations on ${label} (${page.url()}):\n${describe(blocking)}\n`,
    )
    .toEqual([]);
}
