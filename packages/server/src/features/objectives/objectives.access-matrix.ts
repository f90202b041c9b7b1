import { DEFAULT_MOBILE_SETTINGS, routeAccess, type Role } from '@footfall/domain';
import {
  ADMIN_KIND,
  scoped,
  type MatrixContext,
  type MatrixRequestContext,
  type MatrixTable,
} from '../../test/access-matrix.js';
import { asPrincipal } from '../../test/factories.js';

/**
 * Objectives are admin-kind (spec section 6), for the nodes of the caller's scope: 404 outside it,
 * like a node that does not exist. The objective a DELETE names is a fresh one on the context's
 * location, set by the context's owner. Performance is for whoever may open /performance
 * (`routeAccess.performance`, the mobile settings flag: matrix users have the default settings), on
 * the nodes of their scope.
 */
const O = '/api/Objective';
let day = 0;
/** A distinct month per request, so that objectives set by earlier requests never overlap. */
const nextMonth = () => {
  day++;
  const year = 2030 + Math.floor(day / 12);
  const month = String((day % 12) + 1).padStart(2, '0');
  const last = new Date(Date.UTC(year, (day % 12) + 1, 0)).getUTCDate();
  return { startDate: `${year}-${month}-01`, endDate: `${year}-${month}-${last}` };
};
const item = (m: MatrixRequestContext) => ({
  nodeId: m.target.location.id,
  kpi: 'TrafficIn',
  periodType: 'month',
  ...nextMonth(),
  value: 1000,
});

const ownersObjective = async (m: MatrixRequestContext) => {
  const made = await m.t.app.services.objectives.set(asPrincipal(m.owner), {
    items: [{ ...item(m), periodType: 'month', weekdayValues: null }],
  });
  return made.objectives[0]!.id;
};

const performanceAllowed = (role: Role) =>
  routeAccess.performance({ roles: [role], mobileSettings: DEFAULT_MOBILE_SETTINGS });

export const accessMatrix: MatrixTable = {
  [`GET ${O}`]: {
    request: (m) => ({ url: `${O}?nodeIds=${m.target.location.id}` }),
    expect: scoped(200, ADMIN_KIND),
  },
  [`POST ${O}/set`]: {
    request: (m) => ({ url: `${O}/set`, payload: { items: [item(m)] } }),
    expect: scoped(200, ADMIN_KIND),
  },
  [`GET ${O}/file`]: {
    request: () => ({ url: `${O}/file?kpi=TrafficIn&year=2026&format=csv` }),
    expect: (role: Role) => (ADMIN_KIND.includes(role) ? 200 : 403),
  },
  [`POST ${O}/file`]: {
    request: (m) => {
      const { startDate } = nextMonth();
      const csv = `nodeId,Location,${startDate.slice(0, 7)}\n${m.target.location.id},Store,500\n`;
      return {
        url: `${O}/file`,
        payload: {
          kpi: 'TrafficIn',
          year: Number(startDate.slice(0, 4)),
          format: 'csv',
          content: Buffer.from(csv).toString('base64'),
        },
      };
    },
    expect: scoped(200, ADMIN_KIND),
  },
  [`DELETE ${O}/:id`]: {
    request: async (m) => ({ url: `${O}/${await ownersObjective(m)}` }),
    expect: scoped(200, ADMIN_KIND),
  },
  'GET /api/Performance': {
    request: (m) => ({
      url: `/api/Performance?nodeIds=${m.target.location.id}&kpi=TrafficIn&from=2024-03-01%2000:00&to=2024-04-01%2000:00`,
    }),
    expect: (role: Role, context: MatrixContext) =>
      performanceAllowed(role) ? scoped(200)(role, context) : 403,
  },
};
