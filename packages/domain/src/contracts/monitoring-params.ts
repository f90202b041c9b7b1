import { z } from 'zod';

/** Query-parameter helpers of the monitoring contracts (not part of the public contract). */

export const flag = (def: boolean) =>
  z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0', ''])])
    .optional()
    .transform((v) => (v === undefined || v === '' ? def : v === true || v === 'true' || v === '1'));

/** A comma-separated query list (`a,b,c`), also accepted as a repeated parameter. */
export const listParam = <T extends z.ZodType<unknown, string>>(item: T, max: number) =>
  z
    .union([z.string().max(20_000), z.array(z.string().max(200)).max(max)])
    .optional()
    .transform((v) =>
      (Array.isArray(v) ? v : (v ?? '').split(',')).map((s) => s.trim()).filter((s) => s.length > 0),
    )
    .pipe(z.array(item).max(max));

const MAC = /^[0-9A-Fa-f]{2}([:-])[0-9A-Fa-f]{2}(\1[0-9A-Fa-f]{2}){4}$/;
export const macAddress = z.string().regex(MAC, 'expected a MAC address such as AA:BB:CC:DD:EE:FF');
export const instant = z.string();
