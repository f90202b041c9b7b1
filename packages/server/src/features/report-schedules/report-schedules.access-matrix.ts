import { DashboardJson, ScheduleBody, type Role } from '@footfall/domain';
import { makeUser } from '../../test/factories.js';
import type { MatrixContext, MatrixRequestContext, MatrixTable } from '../../test/access-matrix.js';

/**
 * Automated reports are owned by a user, like dashboards: in context 'own' the request touches the
 * caller's own schedule (or dashboard), in the other contexts another user's (404 for everyone,
 * superAdmin included). Dashboard-only users have no reports: 403 before any lookup. A new schedule
 * names the context's location, so outside the caller's scope it answers 404.
 */
const S = '/api/Schedule';
const D = '/api/Dashboard';

const body = (m: MatrixRequestContext) => ({
  kind: 'report',
  title: 'Matrix',
  reportName: 'trafficReport',
  frequency: 'daily',
  time: '07:00',
  timeZone: 'UTC',
  relativePeriod: 'yesterday',
  formats: ['xlsx'],
  recipients: [{ email: 'matrix@example.com' }],
  language: 'en',
  nodes1: [m.target.location.id],
});

const dashboardOf = async (m: MatrixRequestContext, userId: string) =>
  m.t.app.services.dashboards.createForUser(
    userId,
    'Matrix',
    DashboardJson.parse({ fullTreeViewSelection: [m.target.location.id] }),
    false,
  );

/** In 'own' the caller's schedule, elsewhere one of a user of the context's tenant. */
const scheduleFor = async (m: MatrixRequestContext) => {
  const ownerId =
    m.context === 'own' ? m.actor.id : (await makeUser(m.t.db, { scopeNodeId: m.target.group.id })).id;
  const dashboardId = await dashboardOf(m, ownerId);
  return m.t.app.services.reportSchedules.seed(
    ownerId,
    ScheduleBody.parse({
      ...body(m),
      kind: 'dashboard',
      dashboardId,
      formats: ['pdf'],
      nodes1: [],
    }),
    [],
  );
};

const reports = (ok: number) => (role: Role) => (role === 'dashboardOnly' ? 403 : ok);
const owned = (ok: number) => (role: Role, context: MatrixContext) =>
  role === 'dashboardOnly' ? 403 : context === 'own' ? ok : 404;
const scopedReports = (ok: number) => (role: Role, context: MatrixContext) =>
  role === 'dashboardOnly' ? 403 : role === 'superAdmin' || context === 'own' ? ok : 404;

export const accessMatrix: MatrixTable = {
  [`GET ${S}/frequencies`]: { request: () => ({ url: `${S}/frequencies` }), expect: reports(200) },
  [`GET ${S}/recipients`]: { request: () => ({ url: `${S}/recipients` }), expect: reports(200) },
  [`GET ${S}/automated-reports`]: {
    request: () => ({ url: `${S}/automated-reports` }),
    expect: reports(200),
  },
  [`GET ${S}/automated-reports/history`]: {
    request: async (m) => ({ url: `${S}/automated-reports/history?reportIds=${await scheduleFor(m)}` }),
    expect: reports(200),
  },
  [`GET ${S}/nodes`]: {
    request: async (m) => ({ url: `${S}/nodes?scheduleIds=${await scheduleFor(m)}` }),
    expect: reports(200),
  },
  [`POST ${S}/automated-reports`]: {
    request: (m) => ({ url: `${S}/automated-reports`, payload: body(m) }),
    expect: scopedReports(201),
  },
  [`GET ${S}/automated-reports/:id`]: {
    request: async (m) => ({ url: `${S}/automated-reports/${await scheduleFor(m)}` }),
    expect: owned(200),
  },
  [`PUT ${S}/automated-reports/:id`]: {
    request: async (m) => ({ url: `${S}/automated-reports/${await scheduleFor(m)}`, payload: body(m) }),
    expect: owned(200),
  },
  [`PATCH ${S}/automated-reports/:id/disabled-on`]: {
    request: async (m) => ({
      url: `${S}/automated-reports/${await scheduleFor(m)}/disabled-on`,
      payload: { disabledOn: '2026-01-01T00:00:00Z' },
    }),
    expect: owned(200),
  },
  [`DELETE ${S}/:id`]: {
    request: async (m) => ({ url: `${S}/${await scheduleFor(m)}` }),
    expect: owned(200),
  },
  [`GET ${D}/schedules`]: { request: () => ({ url: `${D}/schedules` }), expect: reports(200) },
  [`POST ${D}/send-report`]: {
    request: async (m) => {
      const userId =
        m.context === 'own' ? m.actor.id : (await makeUser(m.t.db, { scopeNodeId: m.target.group.id })).id;
      return {
        url: `${D}/send-report`,
        payload: {
          dashboardId: await dashboardOf(m, userId),
          payload: {
            relativePeriod: 'yesterday',
            timeZone: 'UTC',
            language: 'en',
            recipients: [{ email: 'matrix@example.com' }],
          },
        },
      };
    },
    expect: owned(200),
  },
  [`POST ${D}/execute`]: {
    request: async (m) => ({ url: `${D}/execute`, payload: { scheduleId: await scheduleFor(m) } }),
    expect: owned(200),
  },
  [`DELETE ${D}/snapshot-schedule/:id`]: {
    request: async (m) => ({ url: `${D}/snapshot-schedule/${await scheduleFor(m)}` }),
    expect: owned(200),
  },
};
