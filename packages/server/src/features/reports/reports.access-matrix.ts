import { DEFAULT_MOBILE_SETTINGS, REPORT_NAMES, ROLES, routeAccess, type Role } from '@footfall/domain';
import { scoped, unscoped, type MatrixRequestContext, type MatrixTable } from '../../test/access-matrix.js';

/**
 * Access matrix of the reports: everyone but dashboard-only users (spec section 6), for the reports on
 * their user (the matrix's users are made without any, so each request gives the caller every report
 * first; reports.test.ts checks the 403 for a report the user lacks), on the nodes of their scope (404
 * outside it). `:reportName` names a report of the catalogue, not an object of a tenant: the tenant
 * lies in the body's nodes, which the scoped expectation probes.
 */
async function grantReports(m: MatrixRequestContext) {
  await m.t.db
    .updateTable('app_user')
    .set({ reports: [...REPORT_NAMES] })
    .where('id', '=', m.actor.id)
    .execute();
}

const mayOpenReports = (role: Role) =>
  routeAccess.reports({ roles: [role], mobileSettings: DEFAULT_MOBILE_SETTINGS });
const REPORT_ROLES = ROLES.filter(mayOpenReports);

const parameters = (m: MatrixRequestContext) => ({
  nodeIds: [m.target.group.id],
  from: '2024-03-09 00:00',
  to: '2024-03-11 00:00',
  aggregation: 'P1D',
});
const NOT_TENANT_OWNED = 'the report name names a report of the catalogue; the nodes in the body are probed';
/** A ReportViewer instance key (base64url JSON of the report and its parameters) on the target's nodes. */
const instanceKey = (m: MatrixRequestContext) =>
  Buffer.from(JSON.stringify({ reportName: 'trafficReport', parameters: parameters(m) })).toString(
    'base64url',
  );

export const accessMatrix: MatrixTable = {
  'GET /api/Report': {
    request: async (m) => {
      await grantReports(m);
      return { url: '/api/Report?language=fr' };
    },
    expect: unscoped(200),
  },
  'POST /api/Report/:reportName': {
    request: async (m) => {
      await grantReports(m);
      return { url: '/api/Report/trafficReport', payload: parameters(m) };
    },
    expect: scoped(200, REPORT_ROLES),
    notTenantOwned: NOT_TENANT_OWNED,
  },
  'POST /api/Report/:reportName/file': {
    request: async (m) => {
      await grantReports(m);
      return { url: '/api/Report/executiveReport/file?format=csv', payload: parameters(m) };
    },
    expect: scoped(200, REPORT_ROLES),
    notTenantOwned: NOT_TENANT_OWNED,
  },
  'POST /api/TrafficReport': {
    request: async (m) => {
      await grantReports(m);
      return { url: '/api/TrafficReport', payload: parameters(m) };
    },
    expect: scoped(200, REPORT_ROLES),
  },
  'POST /api/AgGrid/get-rows': {
    request: async (m) => {
      await grantReports(m);
      return {
        url: '/api/AgGrid/get-rows',
        payload: {
          reportName: 'trafficHorizontalReport',
          parameters: parameters(m),
          startRow: 0,
          endRow: 50,
        },
      };
    },
    expect: scoped(200, REPORT_ROLES),
  },
  'POST /api/AgGrid/generate-pdf': {
    request: async (m) => {
      await grantReports(m);
      return {
        url: '/api/AgGrid/generate-pdf',
        payload: { reportName: 'trafficReport', parameters: parameters(m) },
      };
    },
    expect: scoped(200, REPORT_ROLES),
  },
  // the spec's ReportViewer calls (report-viewer.routes.ts): the same rights, the key's nodes probed
  'GET /api/ReportViewer/:reportName': {
    request: async (m) => {
      await grantReports(m);
      const p = Buffer.from(JSON.stringify(parameters(m))).toString('base64url');
      return { url: `/api/ReportViewer/trafficReport?pageSize=5&parameters=${p}` };
    },
    expect: scoped(200, REPORT_ROLES),
    notTenantOwned: NOT_TENANT_OWNED,
  },
  'POST /api/ReportViewer/PostReportAction': {
    request: async (m) => {
      await grantReports(m);
      return {
        url: '/api/ReportViewer/PostReportAction',
        payload: { reportAction: 'getPage', key: instanceKey(m), pageIndex: 0, pageSize: 10 },
      };
    },
    expect: scoped(200, REPORT_ROLES),
  },
  'GET /api/ReportViewer/GetResource': {
    request: async (m) => {
      await grantReports(m);
      return { url: `/api/ReportViewer/GetResource?key=${instanceKey(m)}&resourceType=export&format=csv` };
    },
    expect: scoped(200, REPORT_ROLES),
  },
  'POST /api/ReportViewer/PostFormReportAction': {
    request: async (m) => {
      await grantReports(m);
      return {
        url: '/api/ReportViewer/PostFormReportAction',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ key: instanceKey(m), format: 'csv' }).toString(),
      };
    },
    expect: scoped(200, REPORT_ROLES),
  },
};
