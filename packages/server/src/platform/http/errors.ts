/** Errors a service throws; the HTTP layer turns them into JSON answers with the right status. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}
export const badRequest = (message: string, field?: string) =>
  new AppError(400, 'bad_request', message, field);
export const unauthorized = (message = 'Authentication required') =>
  new AppError(401, 'unauthorized', message);
export const forbidden = (message = 'Forbidden') => new AppError(403, 'forbidden', message);
/** Used both for what does not exist and for what lies outside the caller's scope. */
export const notFound = (what = 'Resource') => new AppError(404, 'not_found', `${what} not found`);
export const conflict = (message: string, field?: string) => new AppError(409, 'conflict', message, field);
export const tooManyRequests = (message: string) => new AppError(429, 'too_many_requests', message);
