/**
 * The reports a user may be given (spec section 3, User `reports`): the report viewers of the product.
 * A user sees only these in their reports list (spec section 6: only superAdmin reads the group's
 * reports from the server, the others use the reports on their user). Its own module, without zod:
 * the web app's route table reads it in the entry chunk.
 */
export const USER_REPORTS = [
  'dwellReport',
  'executiveComparativeReport',
  'executiveReport',
  'poiReport',
  'queueReport',
  'trafficAndOccupancyLotoQuebecReport',
  'trafficAndOccupancyReport',
  'trafficComparativeReport',
  'trafficHorizontalReport',
  'trafficReport',
] as const;
export type UserReport = (typeof USER_REPORTS)[number];
