import { ADMIN_KIND, scoped, unscoped, type MatrixTable } from '../../test/access-matrix.js';
import { macOf } from './sensors.access-matrix.js';

/**
 * Access matrix of the vendor push routes of issue 17 part B (sensors/axis|hikvision|milesight|
 * vivotek.routes.ts, and the Axis CSV export backfill of sensors.routes.ts): admin-kind callers push for a device inside their scope; a device outside it is
 * not found (404), like the Xovis and Irisys pushes.
 */

export const accessMatrix: MatrixTable = {
  'POST /api/ingest/axis': {
    request: async (m) => ({
      url: '/api/ingest/axis',
      payload: { serial: await macOf(m, m.target.device.id), timestamp: '20250102120000', in: 4, out: 2 },
    }),
    expect: scoped(200, ADMIN_KIND),
  },
  'POST /api/ingest/axis/export/:id': {
    request: (m) => ({
      url: `/api/ingest/axis/export/${m.target.device.id}`,
      headers: { 'content-type': 'text/csv' },
      payload: 'start,end,in,out\n2025-01-02 12:00:00,2025-01-02 12:01:00,3,1\n',
    }),
    expect: scoped(200, ADMIN_KIND),
  },
  'POST /api/ingest/hikvision': {
    request: async (m) => ({
      url: '/api/ingest/hikvision',
      headers: { 'content-type': 'application/xml' },
      payload: `<EventNotificationAlert><macAddress>${await macOf(m, m.target.device.id)}</macAddress>
<eventType>PeopleCounting</eventType><peopleCounting><statisticalMethods>timeRange</statisticalMethods>
<TimeRange><startTime>2025-01-02T12:00:00+01:00</startTime><endTime>2025-01-02T12:15:00+01:00</endTime></TimeRange>
<enter>3</enter><exit>1</exit></peopleCounting></EventNotificationAlert>`,
    }),
    expect: scoped(200, ADMIN_KIND),
  },
  'POST /api/ingest/brickstream': {
    request: async (m) => ({
      url: '/api/ingest/brickstream',
      headers: { 'content-type': 'application/xml' },
      payload: `<Metrics><Properties><MacAddress>${await macOf(m, m.target.device.id)}</MacAddress>
<Timezone>1</Timezone><DST>0</DST></Properties><ReportData Interval="15"><Report Date="2025-01-02">
<Object Id="0" Name="1"><Count StartTime="12:00:00" EndTime="12:15:00" Enters="3" Exits="1"/></Object>
</Report></ReportData></Metrics>`,
    }),
    expect: scoped(200, ADMIN_KIND),
  },
  'POST /api/ingest/milesight': {
    request: async (m) => ({
      url: '/api/ingest/milesight',
      payload: {
        device_info: { device_mac: await macOf(m, m.target.device.id) },
        time_info: { start_time: '2025-01-02T12:00:00+01:00', end_time: '2025-01-02T12:15:00+01:00' },
        line_periodic_data: [{ line: 1, total: { in: 2, out: 1 } }],
      },
    }),
    expect: scoped(200, ADMIN_KIND),
  },
  'POST /api/ingest/vivotek': {
    request: async (m) => ({
      url: '/api/ingest/vivotek',
      payload: {
        Source: { MacAddress: await macOf(m, m.target.device.id) },
        Data: [
          {
            RuleType: 'Counting',
            CountingInfo: [
              {
                RuleName: 'Door',
                In: 1,
                Out: 0,
                StartTime: '2025-01-02T11:00:00Z',
                EndTime: '2025-01-02T11:15:00Z',
              },
            ],
          },
        ],
      },
    }),
    expect: scoped(200, ADMIN_KIND),
  },
  // the per-device push URLs: the key in the path is the credential, whoever calls (a bad key: 401)
  ...Object.fromEntries(
    ['axis', 'brickstream', 'hikvision', 'milesight', 'vivotek'].map((vendor) => [
      `POST /api/ingest/k/:pushKey/${vendor}`,
      {
        request: () => ({ url: `/api/ingest/k/not-a-valid-push-key-0123456789/${vendor}`, payload: {} }),
        expect: unscoped(401),
      },
    ]),
  ),
};
