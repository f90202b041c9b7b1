import { z } from 'zod';
import { safeText } from '../rules/safe-text.js';
import { DeviceSensorSettings } from './sensors.js';

/**
 * Organisational tree contracts (spec section 3 "Organizational tree node", section 7 OrganizationalTree).
 *
 * The API names node types after their attribute sets, as the spec does; the database keeps the short
 * kind. Requests accept either spelling, answers always use the API names.
 */
export const NODE_KINDS = ['group', 'location', 'device'] as const;
export type NodeKind = (typeof NODE_KINDS)[number];
export const NODE_TYPE_NAMES = {
  group: 'ClientNodeAttributes',
  location: 'StoreNodeAttributes',
  device: 'DeviceNodeAttributes',
} as const satisfies Record<NodeKind, string>;
export const NodeTypeName = z.enum(['ClientNodeAttributes', 'StoreNodeAttributes', 'DeviceNodeAttributes']);
export type NodeTypeName = z.infer<typeof NodeTypeName>;
export const nodeKindOf = (type: NodeTypeName | NodeKind): NodeKind =>
  (NODE_KINDS as readonly string[]).includes(type)
    ? (type as NodeKind)
    : (Object.entries(NODE_TYPE_NAMES).find(([, name]) => name === type)![0] as NodeKind);
/** Which kind of node may hang under which: groups nest, locations sit in a group, devices in a location. */
export const ALLOWED_PARENT: Record<NodeKind, readonly NodeKind[]> = {
  group: ['group'],
  location: ['group'],
  device: ['location'],
};

/** An IANA time-zone name the runtime knows (Intl is part of the language, so this stays isomorphic). */
export function isTimeZone(name: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const HHMM = z.string().regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, 'expected HH:mm');
/** An opening range; one that ends before it starts runs past midnight ("22:00"-"02:00"). */
const TimeRange = z
  .tuple([HHMM, HHMM])
  .refine(([from, to]) => from !== to, 'an opening range must not be empty');
const DayHours = z
  .array(TimeRange)
  .max(8)
  .refine((ranges) => {
    const sameDay = ranges.filter(([a, b]) => a < b).sort((x, y) => x[0].localeCompare(y[0]));
    return sameDay.every((r, i) => i === 0 || sameDay[i - 1]![1] <= r[0]);
  }, 'opening ranges of one day must not overlap');
/**
 * Opening hours per weekday, "0" = Sunday ... "6" = Saturday, each a list of ["HH:mm", "HH:mm"] ranges
 * in the location's local time. A missing day (or an empty list) means closed that day; "24:00" or
 * "00:00" as an end means midnight (see time/business-hours.ts, which computes with them).
 */
export const BusinessHours = z
  .object({
    '0': DayHours.optional(),
    '1': DayHours.optional(),
    '2': DayHours.optional(),
    '3': DayHours.optional(),
    '4': DayHours.optional(),
    '5': DayHours.optional(),
    '6': DayHours.optional(),
  })
  .strict();
export type BusinessHours = z.infer<typeof BusinessHours>;

const MAC = /^[0-9A-Fa-f]{2}([:-])[0-9A-Fa-f]{2}(\1[0-9A-Fa-f]{2}){4}$/;

const attributeShape = {
  /** devices */
  macAddress: z.string().regex(MAC, 'expected a MAC address such as AA:BB:CC:DD:EE:FF'),
  serialNumber: z.string().trim().min(1).max(100),
  deviceConnectorAvailable: z.boolean(),
  /** push-format settings (direction swap, Xovis logic selection, Irisys register mapping) */
  sensorSettings: DeviceSensorSettings,
  /** locations */
  locationGroup: z.string().trim().max(200),
  businessHours: BusinessHours,
  averageWage: z.number().finite().min(0).max(100_000),
  timezone: z.string().max(100).refine(isTimeZone, 'unknown IANA time zone'),
  address: z.string().trim().max(500),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  capacity: z.number().int().min(0).max(1_000_000),
};
/** Node attributes as the API answers them. */
export const NodeAttributes = z.object(attributeShape).partial();
export type NodeAttributes = z.infer<typeof NodeAttributes>;
/** Node attributes as a client may send them: only known attributes, each valid. */
export const NodeAttributesInput = z
  .record(z.string(), z.unknown())
  .superRefine((value, ctx) => {
    for (const key of Object.keys(value)) {
      if (!(key in attributeShape))
        ctx.addIssue({ code: 'custom', path: [key], message: 'unknown attribute' });
    }
  })
  .pipe(NodeAttributes);

/**
 * Attributes arrive as a JSON string on create and update (spec section 3); an object is accepted too.
 * Validation issues carry the attribute's path, so a 400 names e.g. `attributes.timezone`.
 */
export const AttributesField = z.preprocess((value, ctx) => {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    ctx.issues.push({ code: 'custom', message: 'attributes must be a JSON object', input: value });
    return z.NEVER;
  }
}, NodeAttributesInput);

const NodeId = z.uuid();
const nodeName = safeText().trim().min(1).max(200);
const referenceId = z.string().trim().max(200).nullable();
const nodeType = z.enum([...NodeTypeName.options, ...NODE_KINDS]);

export const CreateNodeBody = z.object({
  /** null creates a top-level client group (superAdmin with the whole tree only) */
  parentId: NodeId.nullable(),
  name: nodeName,
  type: nodeType,
  referenceId: referenceId.optional(),
  attributes: AttributesField.optional(),
  /** a device replacing another: the new node reads the measurements of this one too */
  shareMeasurementsFrom: NodeId.nullable().optional(),
});
export type CreateNodeBody = z.infer<typeof CreateNodeBody>;

/** PUT: fields left out stay as they are; `attributes` replaces the whole attribute set. */
export const UpdateNodeBody = z.object({
  name: nodeName.optional(),
  referenceId: referenceId.optional(),
  attributes: AttributesField.optional(),
});
export type UpdateNodeBody = z.infer<typeof UpdateNodeBody>;

/**
 * Error codes of tree changes the web translates (the answer's `error`): a move under the node itself
 * or one of its descendants, a parent of the wrong type (a device under a group...), a node that
 * only a client group may be (top level), and the root of the caller's own scope (not deletable,
 * movable or orphanable by its admin).
 */
export const TREE_ERRORS = {
  cycle: 'tree_move_cycle',
  parentType: 'tree_parent_type',
  topLevel: 'tree_top_level',
  ownScopeRoot: 'tree_own_scope_root',
} as const;

export const MoveNodeBody = z.object({ nodeId: NodeId, parentId: NodeId });
export const ToOrphansBody = z.object({ nodeIds: z.array(NodeId).min(1).max(1000) });

/** Path ids are free text: a malformed id answers 404 exactly like an unknown one. */
export const NodeIdParams = z.object({ id: z.string().max(100) });
export const TreeQuery = z.object({
  /** admin-kind: show the tree as this user sees it (the user must be within the caller's scope) */
  userId: z.string().max(100).optional(),
  withAttributes: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => v === 'true' || v === '1'),
});
export const TreeSearchQuery = z.object({ text: z.string().max(200).default('') });

/** One node with its subtree. */
export const TreeNode = z.object({
  id: z.string(),
  parentId: z.string().nullable(),
  referenceId: z.string().nullable(),
  name: z.string(),
  type: NodeTypeName,
  /** present when asked for (`withAttributes=true`) */
  attributes: NodeAttributes.optional(),
  shareMeasurementsFrom: z.string().nullable(),
  get children(): z.ZodArray<typeof TreeNode> {
    return z.array(TreeNode);
  },
});
export type TreeNode = z.infer<typeof TreeNode>;
export const TreeResponse = z.array(TreeNode);

/** One node without children (node/{id}, create, update, orphans). */
export const NodeSummary = z.object({
  id: z.string(),
  parentId: z.string().nullable(),
  referenceId: z.string().nullable(),
  name: z.string(),
  type: NodeTypeName,
  attributes: NodeAttributes,
  shareMeasurementsFrom: z.string().nullable(),
});
export type NodeSummary = z.infer<typeof NodeSummary>;
export const NodeList = z.array(NodeSummary);

export const TreeSearchHit = z.object({
  id: z.string(),
  parentId: z.string().nullable(),
  name: z.string(),
  type: NodeTypeName,
  referenceId: z.string().nullable(),
  macAddress: z.string().nullable(),
  /** names from the caller's scope root down to the parent, to show where the hit sits */
  path: z.array(z.string()),
});
export type TreeSearchHit = z.infer<typeof TreeSearchHit>;
export const TreeSearchResponse = z.array(TreeSearchHit);
export const ToOrphansResponse = z.object({ orphaned: z.array(z.string()) });
