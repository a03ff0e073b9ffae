// The one way a handler or service refuses a request: throw an HttpError; the error handler shapes it. Its code
// is one of the shared list (src/shared/error-codes.ts), which the web matches by name.
import { ERROR_CODE, type ErrorCode } from '#shared/error-codes.ts';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code: ErrorCode = ERROR_CODE.error,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** A 400 that names the field, so forms can show the message beside it. */
export const fieldError = (field: string, message: string) =>
  new HttpError(400, message, ERROR_CODE.validation, { [field]: message });
export const unauthorized = (message: string, code: ErrorCode = ERROR_CODE.unauthorized) =>
  new HttpError(401, message, code);
export const forbidden = (message: string, code: ErrorCode = ERROR_CODE.forbidden) =>
  new HttpError(403, message, code);
export const notFound = (message: string) => new HttpError(404, message, ERROR_CODE.notFound);
export const conflict = (message: string, code: ErrorCode = ERROR_CODE.conflict) =>
  new HttpError(409, message, code);
