import { z } from 'zod';
import { safeText } from '../rules/safe-text.js';
import { LIVE_VIEW_DEFAULT_THRESHOLDS } from '../constants.js';
import { thresholdProblem } from '../rules/live-view.js';

/**
 * /api/LiveView: live views (door screens). Thresholds are numbers of people; see rules/live-view.ts
 * for what they mean and how the colour is chosen.
 */
const count = z.number().min(0).max(1_000_000);

const LiveViewSettingsShape = z.object({
  name: safeText().trim().min(1).max(200),
  /** the location whose occupancy the screen shows */
  nodeId: z.uuid(),
  /** the occupancy (config) shown; defaults to the location's own occupancy */
  occupancyId: z.uuid().nullable().optional(),
  warningThreshold: count.default(LIVE_VIEW_DEFAULT_THRESHOLDS.warning),
  alertThreshold: count.default(LIVE_VIEW_DEFAULT_THRESHOLDS.alert),
  blackScreenOutsideBusinessHours: z.boolean().default(false),
  thresholdDelta: count.default(0),
  isDeltaPercentage: z.boolean().default(false),
});

/** POST /api/LiveView and PUT /api/LiveView/{id} */
export const LiveViewSettingsBody = LiveViewSettingsShape.superRefine((s, ctx) => {
  const problem = thresholdProblem(s);
  if (problem) {
    ctx.addIssue({
      code: 'custom',
      path: [problem.field],
      message:
        problem.field === 'warningThreshold'
          ? 'must not be above alertThreshold'
          : 'a percentage delta is between 0 and 100',
    });
  }
});
export type LiveViewSettingsBody = z.input<typeof LiveViewSettingsBody>;

export const LiveViewQueue = z.object({
  /** people waiting (latest QueueLength) */
  length: z.number().nullable(),
  /** latest QueuingTime, seconds */
  waitingSeconds: z.number().nullable(),
  occurredOn: z.string().nullable(),
});
export type LiveViewQueue = z.infer<typeof LiveViewQueue>;

/** spec "Live view info", plus what a screen needs to draw itself */
export const LiveViewInfo = z.object({
  id: z.uuid(),
  name: z.string(),
  nodeId: z.uuid(),
  nodeName: z.string(),
  occupancyId: z.uuid().nullable(),
  occupancyValue: z.number().nullable(),
  occupancyUpdatedAt: z.string().nullable(),
  warningThreshold: z.number(),
  alertThreshold: z.number(),
  blackScreenOutsideBusinessHours: z.boolean(),
  thresholdDelta: z.number(),
  isDeltaPercentage: z.boolean(),
  /** the location's capacity attribute, when known */
  capacity: z.number().nullable(),
  timeZone: z.string(),
  /** inside the location's business hours now (unknown hours: always open) */
  openNow: z.boolean(),
  /** when openNow next changes (ISO); the screen refetches then */
  openChangesAt: z.string().nullable(),
  queue: LiveViewQueue,
  /** a public link exists (the token itself is shown only when created) */
  hasShareLink: z.boolean(),
  serverTime: z.string(),
});
export type LiveViewInfo = z.infer<typeof LiveViewInfo>;

export const LiveViewList = z.array(LiveViewInfo);

/** POST /api/LiveView/{id}/adjustment: exactly one of delta (+1 / -1 ...) or value (set to) */
export const LiveViewAdjustmentBody = z
  .object({
    delta: z.number().int().min(-100_000).max(100_000).optional(),
    value: z.number().int().min(0).max(1_000_000).optional(),
  })
  .refine((b) => (b.delta === undefined) !== (b.value === undefined), {
    message: 'give exactly one of delta or value',
    path: ['delta'],
  });
export type LiveViewAdjustmentBody = z.infer<typeof LiveViewAdjustmentBody>;
export const LiveViewAdjustmentResult = z.object({ occupancyValue: z.number() });

/** POST /api/LiveView/{id}/share: a new public link (the previous one stops working) */
export const LiveViewShareResult = z.object({
  token: z.string(),
  /** app path of the public screen, e.g. /liveview/public/lvs_... */
  path: z.string(),
});
export type LiveViewShareResult = z.infer<typeof LiveViewShareResult>;
export const LiveViewShareParams = z.object({ token: z.string().min(10).max(100) });

/** share tokens carry this prefix, so the hub tells them from access tokens */
export const LIVE_VIEW_SHARE_PREFIX = 'lvs_';
export const isLiveViewShareToken = (token: string) =>
  token.startsWith(LIVE_VIEW_SHARE_PREFIX) && /^lvs_[A-Za-z0-9_-]{20,80}$/.test(token);
