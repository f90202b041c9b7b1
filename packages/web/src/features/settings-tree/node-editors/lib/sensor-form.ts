import { DeviceSensorSettings } from '@footfall/domain';

/**
 * The device's push-format settings as the sensor panel edits them (issue 17): the direction swap,
 * the Xovis logics kept (ids or names, comma-separated), per-logic direction swaps and the Irisys
 * register mapping, as rows of text. `settingsOf` gives the `sensorSettings` attribute, or the field
 * of the first problem; empty parts are left out (an empty object: no settings).
 */
export interface SensorForm {
  swapDirections: boolean;
  logics: string;
  logicDirections: { logic: string; swapped: boolean }[];
  registers: { register: string; target: string }[];
}

export function sensorFormOf(settings: DeviceSensorSettings | undefined): SensorForm {
  const s = settings ?? {};
  return {
    swapDirections: s.swapDirections ?? false,
    logics: (s.logics ?? []).join(', '),
    logicDirections: Object.entries(s.logicDirections ?? {}).map(([logic, d]) => ({
      logic,
      swapped: d === 'swapped',
    })),
    registers: Object.entries(s.registers ?? {}).map(([register, target]) => ({ register, target })),
  };
}

export type SensorFormResult =
  | { ok: true; settings: DeviceSensorSettings }
  | { ok: false; field: string; message: 'required' | 'duplicate' | 'invalid' };

export function settingsOf(form: SensorForm): SensorFormResult {
  const out: DeviceSensorSettings = {};
  if (form.swapDirections) out.swapDirections = true;
  const logics = form.logics
    .split(',')
    .map((l) => l.trim())
    .filter((l) => l !== '')
    .map((l) => (/^\d+$/.test(l) ? Number(l) : l));
  if (logics.length > 0) out.logics = logics;
  const directions: Record<string, 'normal' | 'swapped'> = {};
  for (const [i, row] of form.logicDirections.entries()) {
    const logic = row.logic.trim();
    if (logic === '') return { ok: false, field: `logicDirections.${i}`, message: 'required' };
    if (logic in directions) return { ok: false, field: `logicDirections.${i}`, message: 'duplicate' };
    directions[logic] = row.swapped ? 'swapped' : 'normal';
  }
  if (Object.keys(directions).length > 0) out.logicDirections = directions;
  const registers: Record<string, string> = {};
  for (const [i, row] of form.registers.entries()) {
    const register = row.register.trim();
    const target = row.target.trim();
    if (register === '' || target === '') return { ok: false, field: `registers.${i}`, message: 'required' };
    if (register in registers) return { ok: false, field: `registers.${i}`, message: 'duplicate' };
    registers[register] = target;
  }
  if (Object.keys(registers).length > 0) out.registers = registers;
  const parsed = DeviceSensorSettings.safeParse(out);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const [head, key] = issue.path.map(String);
    const row = head === 'registers' ? form.registers.findIndex((r) => r.register.trim() === key) : undefined;
    return {
      ok: false,
      field: row !== undefined && row >= 0 ? `registers.${row}` : (head ?? 'logics'),
      message: 'invalid',
    };
  }
  return { ok: true, settings: parsed.data };
}
