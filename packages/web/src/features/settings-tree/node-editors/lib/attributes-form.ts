import { NodeAttributesInput, nodeKindOf, type NodeAttributes, type NodeKind } from '@footfall/domain';
import type { EditableNode } from '../types';
import {
  defaultWeek,
  weekErrors,
  weekFromBusinessHours,
  weekToBusinessHours,
  type WeekModel,
} from './business-hours';

/**
 * The attribute editor's form (issue 12): text fields as typed, turned into the attributes JSON the
 * server validates, and validated here with the same domain schema (`NodeAttributesInput`) so each
 * field shows its error before anything is sent.
 */
export const TEXT_FIELDS = [
  'macAddress',
  'serialNumber',
  'locationGroup',
  'capacity',
  'averageWage',
  'address',
  'latitude',
  'longitude',
  'timezone',
] as const;
export type TextField = (typeof TEXT_FIELDS)[number];
const NUMBER_FIELDS: readonly TextField[] = ['capacity', 'averageWage', 'latitude', 'longitude'];

/** Which attributes each kind of node edits. */
export const FIELDS_OF: Record<NodeKind, readonly TextField[]> = {
  device: ['macAddress', 'serialNumber'],
  location: ['locationGroup', 'capacity', 'averageWage', 'address', 'latitude', 'longitude', 'timezone'],
  group: ['timezone'],
};

export interface AttributesForm {
  referenceId: string;
  text: Record<TextField, string>;
  deviceConnectorAvailable: boolean;
  /** off: no businessHours attribute (open all day) */
  hasBusinessHours: boolean;
  week: WeekModel;
}

export type FormField = TextField | 'referenceId' | 'businessHours' | 'deviceConnectorAvailable';
export type FieldErrors = Partial<Record<FormField, string>>;

export function formOf(node: Pick<EditableNode, 'referenceId' | 'attributes'>): AttributesForm {
  const a = node.attributes ?? {};
  const text = {} as Record<TextField, string>;
  for (const f of TEXT_FIELDS) {
    const v = a[f];
    text[f] = v === undefined || v === null ? '' : String(v);
  }
  return {
    referenceId: node.referenceId ?? '',
    text,
    deviceConnectorAvailable: a.deviceConnectorAvailable ?? false,
    hasBusinessHours: a.businessHours !== undefined,
    week: a.businessHours ? weekFromBusinessHours(a.businessHours) : defaultWeek(),
  };
}

/**
 * The attributes to send: the node's other attributes kept, each edited field set (numbers parsed,
 * left as text when not a number so the schema names the field) or removed when empty.
 */
export function attributesOf(
  form: AttributesForm,
  kind: NodeKind,
  original: NodeAttributes | undefined,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...(original ?? {}) };
  for (const f of FIELDS_OF[kind]) {
    const raw = form.text[f].trim();
    if (raw === '') delete out[f];
    else if (NUMBER_FIELDS.includes(f))
      out[f] = Number.isFinite(Number(raw.replace(',', '.'))) ? Number(raw.replace(',', '.')) : raw;
    else out[f] = raw;
  }
  if (kind === 'device') out.deviceConnectorAvailable = form.deviceConnectorAvailable;
  if (kind === 'location') {
    if (form.hasBusinessHours) out.businessHours = weekToBusinessHours(form.week);
    else delete out.businessHours;
  }
  return out;
}

/** i18n key of one schema issue on a field. */
function issueKey(field: string, issue: { code: string; message: string }): string {
  if (field === 'macAddress') return 'node_editor_error_mac';
  if (field === 'timezone') return 'node_editor_error_timezone';
  if (issue.code === 'invalid_type') return 'node_editor_error_number';
  if (field === 'capacity' && issue.code === 'invalid_type') return 'node_editor_error_integer';
  if (issue.code === 'too_small' || issue.code === 'too_big') {
    if (field === 'serialNumber') return 'node_editor_error_required';
    return 'node_editor_error_range';
  }
  return 'node_editor_error_invalid';
}

/** Field errors (i18n keys) of the form, by the domain schema; empty when it can be sent. */
export function validateAttributes(
  form: AttributesForm,
  node: Pick<EditableNode, 'type' | 'attributes'>,
): FieldErrors {
  const kind = nodeKindOf(node.type);
  const errors: FieldErrors = {};
  if (form.referenceId.trim().length > 200) errors.referenceId = 'node_editor_error_too_long';
  const parsed = NodeAttributesInput.safeParse(attributesOf(form, kind, node.attributes));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0]) as FormField;
      if (field === 'businessHours' || errors[field]) continue;
      errors[field] = issueKey(field, issue);
    }
  }
  if (kind === 'location' && form.hasBusinessHours && Object.keys(weekErrors(form.week)).length > 0)
    errors.businessHours = 'node_editor_error_business_hours';
  if (kind === 'location' && (form.text.latitude.trim() === '') !== (form.text.longitude.trim() === '')) {
    const missing = form.text.latitude.trim() === '' ? 'latitude' : 'longitude';
    errors[missing] ??= 'node_editor_error_coordinates_pair';
  }
  return errors;
}

/** The form field a server answer names (`attributes.macAddress` -> macAddress), if the form has it. */
export function formFieldOf(serverField: string | undefined): FormField | null {
  if (!serverField) return null;
  const name = serverField.replace(/^attributes\./, '').split('.')[0]!;
  if (name === 'referenceId' || name === 'businessHours' || name === 'deviceConnectorAvailable') return name;
  return (TEXT_FIELDS as readonly string[]).includes(name) ? (name as TextField) : null;
}
