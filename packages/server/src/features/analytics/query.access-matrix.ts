import { scoped, unscoped, type MatrixRequestContext, type MatrixTable } from '../../test/access-matrix.js';

/**
 * Access matrix of the aggregated queries and the formula list: every signed-in role may query the
 * nodes of its scope (404 outside it, like a missing node) and read the KPI catalogue.
 */
const body = (m: MatrixRequestContext) => ({
  nodeIds: [m.target.location.id],
  aggregateFunctionsByKpi: [{ kpi: 'ConversionRate', aggregateFunctions: ['Sum'] }],
  measurementProtocols: ['TrafficIn'],
  from: '2024-03-09 00:00',
  to: '2024-03-11 00:00',
  aggregation: 'P1D',
});

export const accessMatrix: MatrixTable = {
  'POST /api/TimeSeries/AggregatedTimeSeries': {
    request: (m) => ({ url: '/api/TimeSeries/AggregatedTimeSeries', payload: body(m) }),
    expect: scoped(200),
  },
  'POST /api/TimeSeries/query': {
    request: (m) => ({ url: '/api/TimeSeries/query', payload: body(m) }),
    expect: scoped(200),
  },
  'GET /api/Formula/expanded': {
    request: () => ({ url: '/api/Formula/expanded' }),
    expect: unscoped(200),
  },
};
