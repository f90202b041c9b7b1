import {
  REPORT_DEFINITIONS,
  checkReportParameters,
  reportAggregation,
  reportText,
  reportsAvailableTo,
  type AggregatedQueryBody,
  type AggregatedSeries,
  type GetRowsRequest,
  type GetRowsResponse,
  type Language,
  type Mode,
  type Principal,
  type ReportCatalogueResponse,
  type ReportDefinition,
  type ReportDocument,
  type ReportFormat,
  type ReportName,
  ReportParameters,
  type ReportParametersInput,
  type ReportRow,
  type UserCurrent,
} from '@footfall/domain';
import type { Readable } from 'node:stream';
import type { Db } from '../../platform/db/database.js';
import type { Clock } from '../../platform/clock.js';
import { badRequest, forbidden } from '../../platform/http/errors.js';
import type { ScopeService } from '../tree/scope.service.js';
import type { QueryService } from '../analytics/query.service.js';
import type { ExportsService } from '../exports/exports.service.js';
import type { ReportSource } from '../exports/exports.types.js';
import {
  bucketCount,
  computeCharts,
  computeComparative,
  computeSections,
  pagedSection,
  pagedFirstPage,
  type FullSection,
} from './report-compute.js';
import { findNodeNames, findReportNodes, type ReportNodeRow } from './reports.repository.js';
import { partRows, reportFileName, sortRows } from './report-rows.js';

/** A computed report: every row of every section (pages and files are read from it). */
export type FullReport = Omit<ReportDocument, 'sections'> & { sections: FullSection[] };

export interface ReportsDeps {
  db: Db;
  clock: Clock;
  scope: ScopeService;
  /** the aggregated query: a report's figures are its answer, never a second aggregation */
  query: Pick<QueryService, 'aggregated'>;
  users: { current(principal: Principal): Promise<Pick<UserCurrent, 'reports' | 'roles'>> };
  exports: ExportsService;
}

/** How long a computed report is kept for the pages and sorts that follow it (per instance). */
const CACHE_MS = 120_000;
const CACHE_ENTRIES = 8;
const NAMES_SHOWN = 5;
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const CSV_TYPE = 'text/csv; charset=utf-8';
/** Nodes of a report read per aggregated query (with breakdown) when its rows are assembled in parts. */
const NODES_PER_QUERY = 50;
/**
 * Nodes read per query when a file's rows are streamed: a part's answer and rows are all a cold
 * export holds; smaller parts leave less garbage for the collector to reach. The objects of the
 * parts in flight outlive young-generation collections and are promoted, and the old generation
 * is only marked hundreds of MB later (--trace-gc: 534 -> 176 MB live), so the peak is promoted
 * garbage, not live data. 500 locations x 365 days, cold XLSX in a fresh process, peak RSS growth:
 * 237-304 MB at 10, 152-182 MB at 5 (3,000-3,700 CPU ms both; load 3.6-5); ~370 MB heap at 50.
 */
const STREAM_NODES_PER_QUERY = 5;
/**
 * Parts of a streamed file queried ahead of the one being written. One since the daily totals come
 * as one row per group (cheaper parts): cold XLSX in a fresh process, peak RSS growth 217-240 MB with
 * two ahead, 141-172 MB with one, CPU 2,000-2,300 ms both (load 8-10).
 */
const STREAM_READ_AHEAD = 1;

export function createReportsService(deps: ReportsDeps) {
  const { db, scope, clock } = deps;
  const cache = new Map<string, { at: number; report: Promise<FullReport> }>();

  async function assertMayRun(principal: Principal, name: ReportName) {
    const user = await deps.users.current(principal);
    if (!reportsAvailableTo({ roles: principal.roles, reports: user.reports }).includes(name))
      throw forbidden('This report is not among your reports');
  }

  async function assertNodes(principal: Principal, ids: readonly string[]) {
    for (const id of new Set(ids.map((x) => x.toLowerCase())))
      await scope.assertInScope(principal, id, 'Node');
  }

  function bodyOf(
    def: ReportDefinition,
    p: ReportParameters,
    nodeIds: string[],
    period: { from: string; to: string },
    breakdown: boolean,
  ): AggregatedQueryBody {
    const byKpi = new Map<
      string,
      Set<AggregatedQueryBody['aggregateFunctionsByKpi'][number]['aggregateFunctions'][number]>
    >();
    for (const m of def.measures) byKpi.set(m.kpi, (byKpi.get(m.kpi) ?? new Set()).add(m.fn));
    const modes: Mode[] = def.measures.some((m) => m.comparisons)
      ? ['current_period', 'compared_last_period', 'compared_last_year']
      : ['current_period'];
    return {
      nodeIds,
      aggregateFunctionsByKpi: [...byKpi].map(([kpi, fns]) => ({
        kpi,
        aggregateFunctions: [...fns],
        metaTags: [],
      })),
      measurementProtocols: [],
      from: period.from,
      to: period.to,
      aggregation: reportAggregation(def.name, p),
      gapFilled: true,
      businessHoursOnly: p.businessHoursOnly,
      applyTimePeriodToEachDay: p.applyTimePeriodToEachDay,
      includeDays: p.includeDays.length > 0 ? p.includeDays : null,
      modes,
      breakdownByNode: breakdown,
      includeCompleteness: false,
      includeObjectives: def.measures.some((m) => m.objective),
    };
  }

  async function namesLine(language: Language, key: string, ids: readonly string[]) {
    const names = await findNodeNames(db, ids);
    const shown = names.slice(0, NAMES_SHOWN).join(', ');
    const text =
      names.length > NAMES_SHOWN
        ? reportText(language, 'param_more', { names: shown, n: names.length - NAMES_SHOWN })
        : shown;
    return reportText(language, key, { names: text });
  }

  /** The filter lines under the locations, and the document around the computed sections. */
  function documentOf<S>(
    name: ReportName,
    p: ReportParameters,
    lines: string[],
    content: { sections: S[]; charts: FullReport['charts'] },
  ): Omit<FullReport, 'sections'> & { sections: S[] } {
    const def = REPORT_DEFINITIONS[name];
    const language = p.language;
    const aggregation = reportAggregation(name, p);
    if (p.businessHoursOnly) lines.push(reportText(language, 'param_businessHours'));
    if (p.applyTimePeriodToEachDay) lines.push(reportText(language, 'param_eachDay'));
    if (p.includeDays.length > 0 && p.includeDays.length < 7) {
      const names = reportText(language, 'weekdays').split(',');
      lines.push(
        reportText(language, 'param_days', {
          days: [...p.includeDays]
            .sort()
            .map((d) => names[d])
            .join(', '),
        }),
      );
    }
    return {
      reportName: name,
      title: reportText(language, def.title),
      language,
      parameterLines: lines,
      periodLine: reportText(language, 'period_line', {
        from: p.from,
        to: p.to,
        aggregation: reportText(language, `agg_${aggregation}`),
      }),
      from: p.from,
      to: p.to,
      aggregation,
      generatedAt: clock.now().toISOString(),
      ...content,
    };
  }

  async function compute(principal: Principal, name: ReportName, p: ReportParameters): Promise<FullReport> {
    const def = REPORT_DEFINITIONS[name];
    const language = p.language;
    const lines: string[] = [];
    if (def.comparative) {
      const idsA = [...new Set(p.nodeIds)];
      const idsB = p.nodeIds2.length > 0 ? [...new Set(p.nodeIds2)] : idsA;
      const periodB = p.from2 && p.to2 ? { from: p.from2, to: p.to2 } : { from: p.from, to: p.to };
      // the second answer at the first's aggregation, so bucket i of A stands beside bucket i of B
      const a = await deps.query.aggregated(principal, bodyOf(def, p, idsA, p, false));
      const b = await deps.query.aggregated(principal, bodyOf(def, p, idsB, periodB, false));
      lines.push(await namesLine(language, 'param_locationsA', idsA));
      lines.push(await namesLine(language, 'param_locationsB', idsB));
      if (p.from2 && p.to2) lines.push(reportText(language, 'param_periodB', { from: p.from2, to: p.to2 }));
      return documentOf(name, p, lines, computeComparative(def, language, a, b));
    }
    const nodes = await findReportNodes(db, p.nodeIds, def.zones);
    if (pagedFirstPage(def)) return paged(principal, name, p, nodes, Infinity);
    let answer: AggregatedSeries[] = [];
    if (nodes.length > 0)
      answer = await deps.query.aggregated(
        principal,
        bodyOf(
          def,
          p,
          nodes.map((n) => n.id),
          p,
          true,
        ),
      );
    const input = { def, language, nodes, answer };
    lines.push(await namesLine(language, 'param_locations', p.nodeIds));
    return documentOf(name, p, lines, { sections: computeSections(input), charts: computeCharts(input) });
  }

  /**
   * A row-per-node-and-bucket report (server-side row model): the selection's answer without
   * breakdown gives the totals, the charts and the row count; answers broken down over
   * NODES_PER_QUERY nodes at a time give the rows, as far as `limit` rows (the first page: only its
   * nodes are read). The whole report never holds more than one part's answer besides its rows.
   */
  async function paged(
    principal: Principal,
    name: ReportName,
    p: ReportParameters,
    nodes: ReportNodeRow[],
    limit: number,
  ): Promise<FullReport> {
    const def = REPORT_DEFINITIONS[name];
    const language = p.language;
    const ids = nodes.map((n) => n.id);
    const selection =
      nodes.length > 0 ? await deps.query.aggregated(principal, bodyOf(def, p, ids, p, false)) : [];
    const buckets = bucketCount(def, selection);
    const wanted = buckets > 0 ? nodes.slice(0, Math.min(nodes.length, Math.ceil(limit / buckets))) : [];
    const input = { def, language, nodes, answer: selection };
    const rows: ReportRow[] = [];
    for (let i = 0; i < wanted.length; i += NODES_PER_QUERY) {
      const part = wanted.slice(i, i + NODES_PER_QUERY);
      const body = bodyOf(
        def,
        p,
        part.map((n) => n.id),
        p,
        true,
      );
      // each part's rows are taken at once, its answer let go before the next is read (each node's
      // buckets only: totals and charts come from the selection's answer)
      const answer = await deps.query.aggregated(principal, body, { nodeData: true });
      for (const row of pagedSection(input, [{ nodes: part, answer }], limit - rows.length).rows)
        rows.push(row);
    }
    const section = { ...pagedSection(input, []), rows };
    const lines = [await namesLine(language, 'param_locations', p.nodeIds)];
    return documentOf(name, p, lines, { sections: [section], charts: computeCharts(input) });
  }

  /**
   * A row-per-node-and-bucket report for a file, its rows read while the file is written: the
   * selection's answer (without breakdown) gives the totals, charts and row count at once; the rows
   * come STREAM_NODES_PER_QUERY nodes at a time, each part queried when the writer asks for it (one part
   * read ahead), so neither the whole aggregated result nor every row is ever held. Iterating the
   * rows again (a PDF table wider than a page is drawn once per column part) reads them again.
   */
  async function streamed(
    principal: Principal,
    name: ReportName,
    p: ReportParameters,
  ): Promise<ReportSource> {
    const def = REPORT_DEFINITIONS[name];
    const language = p.language;
    const nodes = await findReportNodes(db, p.nodeIds, def.zones);
    const selection =
      nodes.length > 0
        ? await deps.query.aggregated(
            principal,
            bodyOf(
              def,
              p,
              nodes.map((n) => n.id),
              p,
              false,
            ),
          )
        : [];
    const input = { def, language, nodes, answer: selection };
    const parts: ReportNodeRow[][] = [];
    if (bucketCount(def, selection) > 0)
      for (let i = 0; i < nodes.length; i += STREAM_NODES_PER_QUERY)
        parts.push(nodes.slice(i, i + STREAM_NODES_PER_QUERY));
    // the rows need each node's buckets only (totals and charts come from the selection's answer)
    const answerOf = (part: ReportNodeRow[]) =>
      deps.query.aggregated(
        principal,
        bodyOf(
          def,
          p,
          part.map((n) => n.id),
          p,
          true,
        ),
        { nodeData: true },
      );
    // the next parts are queried while one is written (PostgreSQL works meanwhile)
    const rows = () =>
      partRows(
        parts,
        answerOf,
        (part, answer) => pagedSection(input, [{ nodes: part, answer }]).rows,
        STREAM_READ_AHEAD,
      );
    const section = { ...pagedSection(input, []), rows: { [Symbol.asyncIterator]: rows } };
    const lines = [await namesLine(language, 'param_locations', p.nodeIds)];
    return documentOf(name, p, lines, { sections: [section], charts: computeCharts(input) });
  }

  /** The caller may run this report with these parameters (403 not the caller's report, 400, 404). */
  async function check(principal: Principal, name: ReportName, p: ReportParameters) {
    await assertMayRun(principal, name);
    const problem = checkReportParameters(name, p);
    if (problem) throw badRequest(problem.message, problem.field);
    await assertNodes(principal, [...p.nodeIds, ...p.nodeIds2]);
  }

  const cacheKey = (principal: Principal, name: ReportName, p: ReportParameters) =>
    `${principal.userId}|${principal.scopeNodeId}|${name}|${JSON.stringify(p)}`;

  function cached(key: string): Promise<FullReport> | undefined {
    const now = clock.now().getTime();
    for (const [k, v] of cache) if (now - v.at > CACHE_MS) cache.delete(k);
    return cache.get(key)?.report;
  }

  /** The report for these parameters, checked (403 not the caller's report, 400, 404), kept a while. */
  async function report(principal: Principal, name: ReportName, p: ReportParameters): Promise<FullReport> {
    await check(principal, name, p);
    const key = cacheKey(principal, name, p);
    const hit = cached(key);
    if (hit) return hit;
    const computing = compute(principal, name, p);
    cache.set(key, { at: clock.now().getTime(), report: computing });
    while (cache.size > CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
    computing.catch(() => cache.delete(key));
    return computing;
  }

  function sectionOf(r: FullReport, sectionId: string | undefined): FullSection {
    const s = sectionId ? r.sections.find((x) => x.id === sectionId) : r.sections[0];
    if (!s) throw badRequest(`unknown section "${sectionId}"`, 'sectionId');
    return s;
  }

  /** The rows of a section in the order asked (400 naming sortModel for an unknown column). */
  function sorted(section: FullSection, sortModel: GetRowsRequest['sortModel']): ReportRow[] {
    sortModel.forEach((s, i) => {
      if (!section.columns.some((c) => c.key === s.colId))
        throw badRequest(`unknown column "${s.colId}"`, `sortModel.${i}.colId`);
    });
    return sortRows(section.rows, sortModel);
  }

  /**
   * A report as a file: XLSX and PDF as streams written while they are sent; CSV too when its rows
   * are streamed (a long report not kept), else as one buffer.
   */
  async function streamFile(
    principal: Principal,
    args: {
      reportName: ReportName;
      /** as the API takes them (defaults filled here; a bad one throws 400 naming the field) */
      parameters: ReportParametersInput;
      format: ReportFormat;
      language?: Language;
    },
  ): Promise<{ fileName: string; contentType: string; body: Buffer | Readable }> {
    const parsed = ReportParameters.safeParse({
      ...args.parameters,
      ...(args.language ? { language: args.language } : {}),
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw badRequest(issue.message, ['parameters', ...issue.path.map(String)].join('.'));
    }
    const parameters = parsed.data;
    const name = args.reportName;
    const csv = { decimalSeparator: parameters.decimalSeparator };
    // a report kept for the screen is written from its rows; a long one not kept is streamed, not kept
    if (pagedFirstPage(REPORT_DEFINITIONS[name]) && !cached(cacheKey(principal, name, parameters))) {
      await check(principal, name, parameters);
      const r = await streamed(principal, name, parameters);
      const fileName = reportFileName(r, args.format);
      switch (args.format) {
        case 'xlsx':
          return { fileName, contentType: XLSX_TYPE, body: deps.exports.reportXlsxStream(r) };
        case 'csv':
          return { fileName, contentType: CSV_TYPE, body: deps.exports.reportCsvStream(r, csv) };
        case 'pdf':
          return { fileName, contentType: 'application/pdf', body: deps.exports.reportPdfStream(r) };
      }
    }
    const r = await report(principal, name, parameters);
    const fileName = reportFileName(r, args.format);
    switch (args.format) {
      case 'xlsx':
        return { fileName, contentType: XLSX_TYPE, body: deps.exports.reportXlsxStream(r) };
      case 'csv':
        return { fileName, contentType: CSV_TYPE, body: deps.exports.reportCsv(r, csv) };
      case 'pdf':
        return { fileName, contentType: 'application/pdf', body: deps.exports.reportPdfStream(r) };
    }
  }

  async function renderFile(
    principal: Principal,
    args: Parameters<typeof streamFile>[1],
  ): Promise<{ fileName: string; contentType: string; body: Buffer }> {
    const file = await streamFile(principal, args);
    return { ...file, body: Buffer.isBuffer(file.body) ? file.body : await deps.exports.collect(file.body) };
  }

  return {
    /** GET /api/Report: the reports the caller may run, in the caller's language. */
    async catalogue(principal: Principal, language: Language): Promise<ReportCatalogueResponse> {
      const user = await deps.users.current(principal);
      return reportsAvailableTo({ roles: principal.roles, reports: user.reports }).map((name) => {
        const d = REPORT_DEFINITIONS[name];
        return {
          name,
          title: reportText(language, d.title),
          description: reportText(language, d.description),
          newRoute: d.newRoute,
          comparative: d.comparative,
          zones: d.zones,
        };
      });
    },

    /**
     * POST /api/Report/{name}: the report with the first `pageSize` rows of each section; of a long
     * row-per-node-and-bucket report, only that page is computed unless the whole report is kept.
     */
    async run(
      principal: Principal,
      name: ReportName,
      p: ReportParameters,
      pageSize: number,
    ): Promise<ReportDocument> {
      await check(principal, name, p);
      const kept = cached(cacheKey(principal, name, p));
      if (!kept && pagedFirstPage(REPORT_DEFINITIONS[name])) {
        const nodes = await findReportNodes(db, p.nodeIds, REPORT_DEFINITIONS[name].zones);
        return paged(principal, name, p, nodes, pageSize);
      }
      const r = await report(principal, name, p);
      return { ...r, sections: r.sections.map((s) => ({ ...s, rows: s.rows.slice(0, pageSize) })) };
    },

    /** POST /api/AgGrid/get-rows: a page of a section's rows, sorted on the server. */
    async getRows(principal: Principal, q: GetRowsRequest): Promise<GetRowsResponse> {
      const r = await report(principal, q.reportName, q.parameters);
      const section = sectionOf(r, q.sectionId);
      const rows = sorted(section, q.sortModel);
      return { rows: rows.slice(q.startRow, q.endRow), lastRow: rows.length, totals: section.totals };
    },

    /** POST /api/AgGrid/generate-pdf: the table view (one section, sorted as shown) as a PDF. */
    async tablePdf(
      principal: Principal,
      q: {
        reportName: ReportName;
        parameters: ReportParameters;
        sectionId?: string;
        sortModel: GetRowsRequest['sortModel'];
      },
    ) {
      const r = await report(principal, q.reportName, q.parameters);
      const section = sectionOf(r, q.sectionId);
      const one: FullReport = {
        ...r,
        charts: [],
        sections: [{ ...section, rows: sorted(section, q.sortModel) }],
      };
      return { fileName: reportFileName(r, 'pdf'), body: await deps.exports.reportPdf(one) };
    },

    /**
     * A report as a file (XLSX, CSV or PDF), for the export buttons and for scheduled runs (the
     * schedules feature calls exactly this). The caller's scope and reports apply as for the screen.
     */
    renderFile,

    /** The same file for the download route: XLSX and PDF streamed, never held whole. */
    streamFile,
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
