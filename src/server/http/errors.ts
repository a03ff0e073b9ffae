// The one way a handler or service refuses a request: throw an HttpError; the error handler shapes it.

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code: string = 'error',
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** A 400 that names the field, so forms can show the message beside it. */
export const fieldError = (field: string, message: string) =>
  new HttpError(400, message, 'validation', { [field]: message });
export const unauthorized = (message: string, code = 'unauthorized') => new HttpError(401, message, code);
export const forbidden = (message: string, code = 'forbidden') => new HttpError(403, message, code);
export const notFound = (message: string) => new HttpError(404, message, 'not_found');
export const conflict = (message: string, code = 'conflict') => new HttpError(409, message, code);
