/**
 * What editing a dashboard needs from the domain schema (zod): loaded when an edit starts (adding a
 * widget, applying a template), not with the dashboard, which is read without it
 * (readStoredDashboardJson).
 */
export { parseDashboardJson } from '@footfall/domain';
export { newWidget } from './new-widget';
