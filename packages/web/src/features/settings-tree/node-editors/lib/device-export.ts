/** The device CSV exports a device's counts can be backfilled from (`/api/ingest/{format}/export/{id}`). */
export const DEVICE_EXPORT_FORMATS = ['xovis', 'axis'] as const;
export type DeviceExportFormat = (typeof DEVICE_EXPORT_FORMATS)[number];

/**
 * The export format a CSV file's header names, to preselect it once a file is chosen; null when the
 * header is neither (the server's 400 then says what it expects). The headers are the server's
 * (sensors.service.ts, axis-export.ts): Xovis count export `from-time,to-time,...Forward counter,...`;
 * AXIS 3D People Counter `start,end,in,out`; AXIS People Counter `Interval start,Interval stop,...`.
 */
export function exportFormatOf(text: string): DeviceExportFormat | null {
  const first = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  const names = new Set(first.split(',').map((c) => c.trim().replace(/^"|"$/g, '').trim().toLowerCase()));
  if (names.has('from-time') && names.has('to-time')) return 'xovis';
  if ((names.has('start') && names.has('end')) || (names.has('interval start') && names.has('interval stop')))
    return 'axis';
  return null;
}
