import { expect, test, type Page } from '@playwright/test';
import { LANGS, signIn, snap, type Lang } from '../src/support/shell';
import { call, client, token, type ApiClient } from '../src/support/api';
import { expectNoSeriousA11yViolations } from '../src/support/a11y';

/**
 * The mobile experience at 390 x 844 (spec section 2: mobile layout, filter, time-period selector,
 * bottom navigation, help dialog) as `user`, `dashboardonly` and an occupancy-only user made here
 * through the API; what is expected is read from the API (the user's mobile settings, the tree).
 */
const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE });
test.describe.configure({ mode: 'serial' });

interface TreeNode {
  id: string;
  name: string;
  type: string;
  children: TreeNode[];
}
interface Current {
  id: string;
  roles: string[];
  mobileSettings: Record<string, boolean | string | null>;
}
const locations = (nodes: TreeNode[]): TreeNode[] =>
  nodes.flatMap((n) => [...(n.type === 'StoreNodeAttributes' ? [n] : []), ...locations(n.children)]);

const widget = (i: string, name: string, kpis: string[], x: number, y: number, w: number, h: number) => ({
  layout: { i, x, y, w, h },
  type: { name, vueComponent: name },
  kpis,
});

/** a dashboard of the widgets the issue found cut at 390 px: KPI cards, a table, occupancy, a chart */
async function seedDashboard(api: ApiClient, name: string, selection: string[]) {
  const json = {
    widgets: [
      widget('kpi', 'kpiCard', ['TrafficIn', 'TrafficOut', 'ConversionRate'], 0, 0, 250, 16),
      widget('table', 'table', ['TrafficIn', 'TrafficOut'], 250, 0, 250, 32),
      widget('occ', 'occupancyIndicator', ['Occupancy'], 0, 16, 120, 16),
      widget('line', 'lineChart', ['TrafficIn'], 120, 16, 130, 32),
    ],
    selectedTimePeriod: { value: 'yesterday' },
    fullTreeViewSelection: selection,
  };
  return api.send<{ id: string }>('POST', '/api/Dashboard', { name, json: JSON.stringify(json) });
}

const LABELS = {
  dashboard: { en: 'Dashboard', fr: 'Tableau de bord', es: 'Panel' },
  filter: { en: 'Filter', fr: 'Filtre', es: 'Filtro' },
  apply: { en: 'Apply', fr: 'Appliquer', es: 'Aplicar' },
  select: { en: 'Select', fr: 'Sélectionner', es: 'Seleccionar' },
  help: { en: 'Help', fr: 'Aide', es: 'Ayuda' },
  businessHours: {
    en: 'Business hours only',
    fr: "Heures d'ouverture seulement",
    es: 'Solo horario comercial',
  },
  yesterday: { en: 'Yesterday', fr: 'Hier', es: 'Ayer' },
  custom: { en: 'Custom period', fr: 'Période personnalisée', es: 'Periodo personalizado' },
} as const;

/** The frame's parts: a tenth of the height each for header and footer, the rest for the content. */
async function expectFrame(page: Page, withNav: boolean) {
  await expect(page.getByTestId('mobile-header')).toBeVisible();
  await expect(page.getByTestId('mobile-content')).toBeVisible();
  // a redirect can re-render the frame between the checks above and the measure: measure until it holds
  const box = async (id: string) => {
    const seen: { box: { x: number; y: number; width: number; height: number } | null } = { box: null };
    await expect.poll(async () => (seen.box = await page.getByTestId(id).boundingBox()) !== null).toBe(true);
    return seen.box!;
  };
  const header = await box('mobile-header');
  const content = await box('mobile-content');
  expect(header.height).toBeCloseTo(PHONE.height / 10, 0);
  if (withNav) {
    const nav = (await page.locator('nav[aria-label]').last().boundingBox())!;
    expect(nav.height).toBeCloseTo(PHONE.height / 10, 0);
    expect(content.height).toBeCloseTo(PHONE.height * 0.8, 0);
  } else {
    await expect(page.getByTestId('bottom-navigation')).toHaveCount(0);
    expect(content.height).toBeCloseTo(PHONE.height * 0.9, 0);
  }
}

/** Nothing in the dashboard wider than the phone, and no figure cut by its box. */
async function expectReadable(page: Page) {
  // cards render as they come near the screen: scroll through the dashboard first
  const content = page.getByTestId('mobile-content');
  for (let i = 0; i < 30; i++) {
    const atEnd = await content.evaluate((el) => {
      el.scrollBy(0, el.clientHeight);
      return el.scrollTop + el.clientHeight >= el.scrollHeight - 1;
    });
    await page.waitForTimeout(150);
    if (atEnd) break;
  }
  // the figures of every card, as far as the loaded machine delivers them in a minute (what is shown
  // is checked either way)
  await page
    // loading indicators only: the ranking widget's bars are determinate progress bars (aria-valuenow)
    .waitForFunction(
      () => document.querySelectorAll('[role=progressbar]:not([aria-valuenow])').length === 0,
      null,
      {
        timeout: 60_000,
      },
    )
    .catch(() => undefined);
  await content.evaluate((el) => el.scrollTo(0, 0));
  const cut = await page.evaluate((width) => {
    const found: string[] = [];
    const column = document.querySelector('[data-testid=mobile-widget-column]')!;
    for (const el of Array.from(
      column.querySelectorAll<HTMLElement>(
        '[data-testid=kpi-value], .MuiChip-label, [data-status] p, [data-testid=widget] h2',
      ),
    )) {
      const r = el.getBoundingClientRect();
      if (r.right > width + 0.5 || el.scrollWidth > el.clientWidth + 1) found.push(el.textContent ?? '');
    }
    return found;
  }, PHONE.width);
  expect(cut, 'texts cut or outside the screen').toEqual([]);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(overflow).toBeLessThanOrEqual(PHONE.width);
}

let dashboardId = '';
let selection: string[] = [];

test.beforeAll(async ({ request }) => {
  const api = client(request, await token(request, 'user'));
  const tree = await api.get<TreeNode[]>('/api/OrganizationalTree');
  selection = locations(tree)
    .slice(0, 2)
    .map((l) => l.id);
  const me = await api.get<Current>('/api/User/Current');
  dashboardId = (await seedDashboard(api, `Mobile ${Date.now()}`, selection)).id;
  await call(
    request,
    await token(request, 'user'),
    'POST',
    `/api/User/${me.id}/defaultMobileDashboard/${dashboardId}`,
  );
});

test.describe('mobile layout as user', () => {
  for (const lang of LANGS) {
    test(`frame, bottom navigation, filter and help in ${lang}`, async ({ page, request }) => {
      test.slow();
      const bearer = await token(request, 'user');
      const me = await client(request, bearer).get<Current>('/api/User/Current');
      await signIn(page, 'user', lang);
      await page.goto(`/${lang}/dashboard`);
      // /dashboard at phone width opens the default mobile dashboard
      await expect(page).toHaveURL(new RegExp(`/${lang}/dashboard/${dashboardId}$`));
      await expect(page.locator('[data-layout=mobile]')).toBeVisible();
      await expect(page.getByTestId('kpi-value').first()).not.toHaveText('', { timeout: 30_000 });
      await expectFrame(page, true);

      // the bottom navigation: the entries the mobile settings open (all five for the demo user)
      const m = me.mobileSettings;
      const expected = [
        m.hasAccessDashboard && 'dashboard',
        m.hasAccessPerformance && 'performance',
        m.hasAccessRanking && 'ranking',
        m.hasAccessOccupancy && 'liveview',
        m.hasAccessOrganizationalTreeEvent && 'orgtreeevent',
      ].filter(Boolean);
      const links = page.getByTestId('bottom-navigation').getByRole('link');
      await expect(links).toHaveCount(expected.length);
      const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
      expected.forEach((segment, i) => expect(hrefs[i]).toContain(`/${lang}/${segment}`));
      expect(hrefs[0]).toBe(`/${lang}/dashboard/${dashboardId}`);
      await expect(links.first()).toHaveText(LABELS.dashboard[lang]);

      await expectReadable(page);
      await expectNoSeriousA11yViolations(page, `mobile dashboard ${lang}`);
      await snap(page, `mobile-dashboard-user-${lang}`);

      // the header hides on a scroll down of 10 px or more and comes back on the way up
      const content = page.getByTestId('mobile-content');
      await content.evaluate((el) => el.scrollTo(0, 200));
      await expect.poll(async () => (await page.getByTestId('mobile-header').boundingBox())?.height).toBe(0);
      await content.evaluate((el) => el.scrollTo(0, 0));
      await expect
        .poll(async () => (await page.getByTestId('mobile-header').boundingBox())?.height ?? 0)
        .toBeGreaterThan(50);

      // the filter: Apply hidden until a new period is picked or the location changes
      await page.getByRole('button', { name: new RegExp(LABELS.filter[lang]) }).click();
      const filter = page.getByTestId('mobile-filter');
      await expect(filter.locator('[data-preset=yesterday]')).toHaveAttribute('aria-pressed', 'true');
      await expect(page.getByTestId('mobile-filter-apply')).toHaveCount(0);
      await filter.locator('[data-preset=last7d]').click();
      await expect(page.getByTestId('mobile-filter-apply')).toBeEnabled();
      await filter.locator('[data-preset=yesterday]').click();
      await expect(page.getByTestId('mobile-filter-apply')).toHaveCount(0);
      const filterBox = (await filter.boundingBox())!;
      expect(filterBox.x + filterBox.width).toBeLessThanOrEqual(PHONE.width);
      await snap(page, `mobile-filter-user-${lang}`);
      await expectNoSeriousA11yViolations(page, `mobile filter ${lang}`);

      // help: three questions and answers and a contact link
      await page.getByRole('button', { name: LABELS.help[lang] }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.locator('[data-testid^=mobile-help-] .MuiAccordionSummary-root')).toHaveCount(3);
      await dialog.getByTestId('mobile-help-filter').getByRole('button').click();
      await expect(page.getByTestId('mobile-help-contact')).toHaveAttribute('href', /^mailto:/);
      await expectNoSeriousA11yViolations(page, `mobile help ${lang}`);
      await snap(page, `mobile-help-${lang}`);
    });
  }

  test('custom period: dialogs with Select disabled until a value is chosen; Apply follows the rules', async ({
    page,
  }) => {
    test.slow();
    await signIn(page, 'user', 'en');
    await page.goto(`/en/dashboard/${dashboardId}`);
    await page.getByRole('button', { name: /Filter/ }).click();
    const filter = page.getByTestId('mobile-filter');
    await filter.locator('[data-preset=custom]').click();
    const apply = page.getByTestId('mobile-filter-apply');
    // custom: Apply is shown, disabled while the period has no dates
    await expect(apply).toBeDisabled();
    // the apply-to-each-day switch is there for a custom range with business hours off only
    const businessHours = filter.getByRole('switch', { name: LABELS.businessHours.en });
    const eachDay = filter.getByRole('switch', { name: 'Apply the period to each day' });
    if (await businessHours.isChecked()) await businessHours.click();
    await expect(eachDay).toBeVisible();
    await expect(page.getByTestId('mobile-from-time')).toBeVisible();

    // start date: Select disabled until a day is chosen
    await page.getByTestId('mobile-from-date').click();
    let dialog = page.getByTestId('mobile-date-dialog');
    await expect(dialog.getByRole('button', { name: 'Select' })).toBeDisabled();
    await dialog.getByRole('gridcell', { name: '1', exact: true }).first().click();
    await expect(dialog.getByRole('button', { name: 'Select' })).toBeEnabled();
    await dialog.getByRole('button', { name: 'Select' }).click();
    await expect(page.getByTestId('mobile-from-date')).toContainText(/\d{4}-\d{2}-01/);
    await expect(apply).toBeDisabled();

    // end date: the 2nd of the same month, then an end time before the start time is refused
    await page.getByTestId('mobile-to-date').click();
    dialog = page.getByTestId('mobile-date-dialog');
    await dialog.getByRole('gridcell', { name: '2', exact: true }).first().click();
    await dialog.getByRole('button', { name: 'Select' }).click();
    await expect(page.getByTestId('mobile-to-date')).toContainText(/\d{4}-\d{2}-02/);
    await expect(page.getByTestId('mobile-to-time')).toHaveText('23:59');
    await expect(apply).toBeEnabled();

    // the time dialog: Select disabled until a time is chosen
    await page.getByTestId('mobile-from-time').click();
    dialog = page.getByTestId('mobile-time-dialog');
    await expect(dialog.getByRole('button', { name: 'Select' })).toBeDisabled();
    await dialog.getByRole('option', { name: '8 hours', exact: true }).click();
    await expect(dialog.getByRole('button', { name: 'Select' })).toBeEnabled();
    await dialog.getByRole('button', { name: 'Select' }).click();
    await expect(page.getByTestId('mobile-from-time')).toHaveText(/^08:/);
    await snap(page, 'mobile-custom-period-en');

    // business hours only hides the time pickers and the each-day switch
    await businessHours.click();
    await expect(page.getByTestId('mobile-from-time')).toHaveCount(0);
    await expect(eachDay).toHaveCount(0);
    await expect(apply).toBeEnabled();

    // applied: the widgets ask for the custom range
    const asked = page.waitForRequest(
      (r) =>
        r.url().endsWith('/api/TimeSeries/AggregatedTimeSeries') &&
        /"from":"\d{4}-\d{2}-01 08:/.test(r.postData() ?? ''),
    );
    await apply.click();
    await asked;
    await expect(page.getByTestId('mobile-filter-summary')).toContainText('→');
  });

  test('the location dropdown applies one location to the dashboard', async ({ page, request }) => {
    test.slow();
    const api = client(request, await token(request, 'user'));
    const tree = await api.get<TreeNode[]>('/api/OrganizationalTree');
    const target = locations(tree)[2] ?? locations(tree)[0]!;
    await signIn(page, 'user', 'en');
    await page.goto(`/en/dashboard/${dashboardId}`);
    await page.getByRole('button', { name: /Filter/ }).click();
    await expect(page.getByTestId('mobile-filter-apply')).toHaveCount(0);
    await page.getByTestId('mobile-filter-location').getByRole('combobox').click();
    await page.getByRole('option', { name: target.name, exact: true }).click();
    const asked = page.waitForRequest(
      (r) =>
        r.url().endsWith('/api/TimeSeries/AggregatedTimeSeries') &&
        (r.postData() ?? '').includes(`"nodeIds":["${target.id}"]`),
    );
    await page.getByTestId('mobile-filter-apply').click();
    await asked;
    await expect(page.getByTestId('mobile-filter-summary')).toContainText(target.name);
  });
});

test('the mobile dashboard shows the desktop figures', async ({ page }) => {
  test.slow();
  await signIn(page, 'user', 'en');
  const read = async () => {
    await page.goto(`/en/dashboard/${dashboardId}`);
    const values = page.getByTestId('kpi-value');
    await expect(values).toHaveCount(3);
    // wait until every card has its figure and no series is loading
    await expect(page.getByRole('progressbar')).toHaveCount(0, { timeout: 30_000 });
    const kpis = await page
      .locator('[data-testid^=kpi-card-]')
      .evaluateAll((cards) =>
        cards.map(
          (c) =>
            `${c.getAttribute('data-testid')}=${c.querySelector('[data-testid=kpi-value]')?.textContent}`,
        ),
      );
    await page.locator('[data-widget-type=table]').scrollIntoViewIfNeeded();
    const table = await page.locator('[data-widget-type=table] tbody tr').first().innerText();
    return { kpis, table };
  };
  await page.setViewportSize({ width: 1440, height: 900 });
  const desktop = await read();
  await expect(page.locator('[data-layout=mobile]')).toHaveCount(0);
  await page.setViewportSize(PHONE);
  const mobile = await read();
  await expect(page.getByTestId('mobile-widget-column')).toBeVisible();
  expect(desktop.kpis.length).toBe(3);
  expect(desktop.kpis.every((k) => /=\S/.test(k))).toBe(true);
  expect(mobile).toEqual(desktop);
});

test('dashboardonly: the dashboard entry only, and the dashboard readable', async ({ page, request }) => {
  test.slow();
  const api = client(request, await token(request, 'dashboardonly'));
  const me = await api.get<Current>('/api/User/Current');
  await signIn(page, 'dashboardonly', 'fr');
  await page.goto('/fr/dashboard');
  await expect(page.getByTestId('dashboard-page')).toBeVisible({ timeout: 30_000 });
  await expectFrame(page, true);
  const links = page.getByTestId('bottom-navigation').getByRole('link');
  // entries other than the dashboard need the dashboard not to be read-only
  await expect(links).toHaveCount(me.mobileSettings.hasAccessDashboard ? 1 : 0);
  await expect(links.first()).toHaveText('Tableau de bord');
  if ((await page.getByTestId('mobile-widget-column').count()) > 0) await expectReadable(page);
  await expectNoSeriousA11yViolations(page, 'mobile dashboard dashboardonly fr');
  await snap(page, 'mobile-dashboard-dashboardonly-fr');
});

test('occupancy-only user: no bottom navigation, 90% content, /dashboard goes to the live view', async ({
  page,
  request,
}) => {
  test.slow();
  const admin = await token(request, 'admin');
  const tree = await client(request, admin).get<TreeNode[]>('/api/OrganizationalTree');
  const adminScope = (await client(request, admin).get<{ scope: string | null }>('/api/User/Current')).scope;
  const store = locations(tree)[0]!;
  const view = await call<{ id: string }>(request, admin, 'POST', '/api/LiveView', {
    name: `Mobile occupancy ${Date.now()}`,
    nodeId: store.id,
    warningThreshold: 25,
    alertThreshold: 50,
  });
  const username = `occonly${Date.now()}`;
  await call(request, admin, 'POST', '/api/User', {
    username,
    firstName: 'Occupancy',
    lastName: 'Only',
    email: `${username}@example.com`,
    roles: ['User'],
    scope: adminScope,
    password: 'Demo-password-1',
    mobileSettings: {
      hasAccessDashboard: false,
      hasAccessPerformance: false,
      hasAccessRanking: false,
      hasAccessOrganizationalTreeEvent: false,
      hasAccessOccupancy: true,
      defaultOccupancyLiveViewId: view.id,
    },
  });
  const lang: Lang = 'es';
  await page.goto(`/${lang}/login`);
  await page.locator('input[name=username]').fill(username);
  await page.locator('input[name=password]').fill('Demo-password-1');
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto(`/${lang}/dashboard`);
  await expect(page).toHaveURL(new RegExp(`/${lang}/liveview/${view.id}`));
  await expect(page.locator('[data-layout=mobile]')).toBeVisible();
  await expectFrame(page, false);
  await expectNoSeriousA11yViolations(page, 'mobile occupancy only es');
  await snap(page, 'mobile-occupancy-only-es');
});
