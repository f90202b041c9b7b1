import { expect, test, type Page } from '@playwright/test';
import { signIn, snap } from '../src/support/shell';
import { call, locationAndDevice, token } from '../src/support/api';
import { expectNoSeriousA11yViolations } from '../src/support/a11y';

/**
 * Issue 18, the floor plan editor (/track/FloorPlan, admin-kind) as the demo `admin`: a store whose
 * sensor has just reported its first track gets a plan image uploaded, the sensor's field of view
 * placed on it (scale, rotation, offset), an active zone drawn with the mouse and renamed; after a
 * reload the page shows what was saved, and the API holds the zone at the sensor metres the drawn
 * rectangle covers under that placement.
 */

interface PlanDevice {
  deviceId: string;
  scale: number;
  rotation: number;
  offsetX: number;
  offsetY: number;
  zones: { id: string; name: string; points: [number, number][] }[];
}
interface PlanView {
  image: string | null;
  width: number;
  height: number;
  devices: PlanDevice[];
}

/** A plan drawn for this test: 1000 x 600 pixels, two rooms (its own pixels, not a product asset). */
const PLAN_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="600" viewBox="0 0 1000 600">
<rect width="1000" height="600" fill="#fafafa"/><rect x="40" y="40" width="920" height="520" fill="#fff" stroke="#333" stroke-width="8"/>
<line x1="500" y1="40" x2="500" y2="400" stroke="#333" stroke-width="6"/></svg>`;

/** Same transform as the page's and the server's: sensor metres = inverse(rotate, scale, offset) of plan pixels. */
function toSensor(p: PlanDevice, px: number, py: number): [number, number] {
  const r = (p.rotation * Math.PI) / 180;
  const dx = (px - p.offsetX) / p.scale;
  const dy = (py - p.offsetY) / p.scale;
  return [dx * Math.cos(r) + dy * Math.sin(r), -dx * Math.sin(r) + dy * Math.cos(r)];
}

async function setField(page: Page, key: string, value: number) {
  const input = page.getByTestId(`placement-${key}`);
  await input.fill(String(value));
  await expect(input).toHaveValue(String(value));
}

test('floor plan editor: upload a plan, place the sensor, draw a zone, save, reload, see it', async ({
  page,
}) => {
  test.slow();
  await page.setViewportSize({ width: 1440, height: 1000 });
  await signIn(page, 'admin');
  const bearer = await token(page.request, 'admin');
  const { location: store, device } = await locationAndDevice(page.request, bearer, 'Vancouver Robson');
  // the sensor's first trajectory makes the store a tracked location
  await call(page.request, bearer, 'POST', '/api/ingest/tracks', {
    deviceId: device.id,
    tracks: [{ trackId: 'fp-1', points: [{ t: new Date(Date.now() - 600_000).toISOString(), x: 2, y: 3 }] }],
  });

  await page.goto(`/en/track/FloorPlan?location=${store.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Floor plan' })).toBeVisible();
  await expect(page.getByTestId('plan-editor')).toBeVisible();
  await expect(page.getByRole('img', { name: /Floor plan of/ })).toHaveCount(0); // no image yet

  // upload: the image the page reads is the one the server keeps
  const [uploaded] = await Promise.all([
    page.waitForResponse(
      (r) => r.url().endsWith(`/api/FloorPlan/${store.id}`) && r.request().method() === 'PUT',
    ),
    page.getByTestId('plan-upload').setInputFiles({
      name: 'plan.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from(PLAN_SVG),
    }),
  ]);
  expect(uploaded.status()).toBe(200);
  const afterUpload = (await uploaded.json()) as PlanView;
  expect([afterUpload.width, afterUpload.height]).toEqual([1000, 600]);
  await expect(page.getByRole('alert').filter({ hasText: 'Saved' })).toBeVisible();
  const image = page.locator('[data-testid="plan-editor"]').locator('xpath=..').locator('img');
  await expect(image).toHaveAttribute('src', /^data:image\/svg\+xml;base64,/);

  // the sensor that reported: chosen among the store's devices
  await page.getByRole('combobox', { name: 'Sensor' }).click();
  await page.getByRole('option', { name: device.name, exact: true }).click();
  await expect(page.getByRole('combobox', { name: 'Sensor' })).toHaveText(device.name);

  // the sensor's field of view: 50 px per metre, turned 90 degrees, its origin at (700, 100)
  const placement = { scale: 50, rotation: 90, offsetX: 700, offsetY: 100 };
  for (const [key, value] of Object.entries(placement)) await setField(page, key, value);
  const [placed] = await Promise.all([
    page.waitForResponse((r) => r.url().includes(`/device/${device.id}`) && r.request().method() === 'PUT'),
    page.getByTestId('placement-save').click(),
  ]);
  expect(placed.status(), await placed.text()).toBe(200);

  // draw a zone: drag a rectangle from plan pixel (550, 150) to (650, 350)
  const editor = page.getByTestId('plan-editor');
  const box = (await editor.boundingBox())!;
  const at = (x: number, y: number) =>
    [box.x + (x / 1000) * box.width, box.y + (y / 600) * box.height] as const;
  await page.mouse.move(...at(550, 150));
  await page.mouse.down();
  await page.mouse.move(...at(600, 250), { steps: 5 });
  await page.mouse.move(...at(650, 350), { steps: 5 });
  await page.mouse.up();
  const zoneName = page.getByTestId('zone-list').getByLabel('Zone name');
  await expect(zoneName).toHaveCount(1);
  await zoneName.fill('Fitting rooms');
  const [zonesSaved] = await Promise.all([
    page.waitForResponse(
      (r) => r.url().endsWith(`/api/active-zones/device/${device.id}`) && r.request().method() === 'PUT',
    ),
    page.getByTestId('zones-save').click(),
  ]);
  expect(zonesSaved.status(), await zonesSaved.text()).toBe(200);

  // reload: the page shows what the server kept
  await page.reload();
  await page.getByRole('combobox', { name: 'Sensor' }).click();
  await page.getByRole('option', { name: device.name, exact: true }).click();
  await expect(image).toHaveAttribute('src', /^data:image\/svg\+xml;base64,/);
  for (const [key, value] of Object.entries(placement))
    await expect(page.getByTestId(`placement-${key}`)).toHaveValue(String(value));
  await expect(page.getByTestId('zone-list').getByLabel('Zone name')).toHaveValue('Fitting rooms');
  await expect(editor.locator('text', { hasText: 'Fitting rooms' })).toBeVisible();

  // ... and the API holds the zone in sensor metres: the dragged rectangle through the placement
  const plan = await call<PlanView>(page.request, bearer, 'GET', `/api/FloorPlan/${store.id}`);
  const saved = plan.devices.find((d) => d.deviceId === device.id)!;
  expect({ ...saved, zones: undefined }).toMatchObject(placement);
  expect(saved.zones).toHaveLength(1);
  expect(saved.zones[0]!.name).toBe('Fitting rooms');
  const expected = [
    [550, 150],
    [650, 150],
    [650, 350],
    [550, 350],
  ].map(([x, y]) => toSensor(saved, x!, y!));
  // the drag lands on whole screen pixels: within 2 plan pixels (0.04 m at 50 px/m)
  for (const [i, [x, y]] of saved.zones[0]!.points.entries()) {
    expect(Math.abs(x - expected[i]![0])).toBeLessThan(0.05);
    expect(Math.abs(y - expected[i]![1])).toBeLessThan(0.05);
  }
  // the polygon drawn on the page is at those plan pixels again
  const points = await editor.locator('polygon').first().getAttribute('points');
  const corners = points!.split(' ').map((p) => p.split(',').map(Number));
  expect(Math.abs(corners[0]![0]! - 550)).toBeLessThan(3);
  expect(Math.abs(corners[2]![1]! - 350)).toBeLessThan(3);
  await expectNoSeriousA11yViolations(page, 'floor plan editor');
  await snap(page, 'tracks-floor-plan-en');
});
