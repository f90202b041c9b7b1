/**
 * Errors a service throws; the one error handler (error-handler.ts) turns them into JSON answers
 * `{error: code, message, statusCode, field?, ...details}`. `code` is what clients translate (never
 * the message); `details` carries the machine-readable facts beside it, e.g. the parts a password
 * lacks or the invalid lines of a CSV file.
 */
export type ErrorDetails = Readonly<Record<string, unknown>>;

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly field?: string,
    readonly details?: ErrorDetails,
  ) {
    super(message);
  }
}
export const badRequest = (message: string, field?: string, details?: ErrorDetails) =>
  new AppError(400, 'bad_request', message, field, details);
/** 400 naming the field, with a specific code the client translates (the message repeats the code). */
export const invalidField = (code: string, field: string) => new AppError(400, code, code, field);
export const unauthorized = (message = 'Authentication required') =>
  new AppError(401, 'unauthorized', message);
export const forbidden = (message = 'Forbidden') => new AppError(403, 'forbidden', message);
/** Used both for what does not exist and for what lies outside the caller's scope. */
export const notFound = (what = 'Resource') => new AppError(404, 'not_found', `${what} not found`);
export const conflict = (message: string, field?: string, details?: ErrorDetails) =>
  new AppError(409, 'conflict', message, field, details);
export const tooManyRequests = (message: string) => new AppError(429, 'too_many_requests', message);
