import { REPORT_DEFINITIONS, REPORT_NAMES, type Language, type ReportName } from '@footfall/domain';
import { paths } from '../../../config/paths';

/** Where a report opens: its new-style route when it has one, else its old viewer (spec section 2). */
export function reportLink(lang: Language, name: ReportName): string {
  const segment = REPORT_DEFINITIONS[name].newRoute;
  return segment ? paths.reportNew(lang, segment) : paths.reportViewer(lang, name);
}

/** A report named in a URL: its name (any case) or its new-style segment ("traffic"). */
export function reportOfSegment(segment: string | undefined): ReportName | null {
  if (!segment) return null;
  const s = segment.toLowerCase();
  return REPORT_NAMES.find((n) => n.toLowerCase() === s || REPORT_DEFINITIONS[n].newRoute === s) ?? null;
}
