// The one fetch client: same-origin JSON, the session cookie, and one error type for every failure.
import { ERROR_CODE } from '#shared/error-codes.ts';
import type { ApiErrorBody } from '#shared/fields.ts';
import { COMMON_MSG } from '#shared/common.ts';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    /** One of ERROR_CODE, or Fastify's own code of a client error it raised itself. */
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Query = Record<string, string | number | boolean | undefined | null>;

export function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query))
    if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

async function request<T>(method: string, path: string, body?: unknown, query?: Query): Promise<T> {
  let res: Response;
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  try {
    res = await fetch(withQuery(path, query), {
      method,
      credentials: 'same-origin',
      // The catalogue may be cached for seconds (decision 065); the app itself always revalidates, which costs a
      // 304 when nothing changed, so a shark sees their own edit at once.
      cache: 'no-cache',
      headers:
        body === undefined || isForm
          ? { accept: 'application/json' }
          : { 'content-type': 'application/json', accept: 'application/json' },
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, ERROR_CODE.unreachable, COMMON_MSG.unreachable);
  }
  if (res.status === 204) return undefined as T;
  const data: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const err = (data as ApiErrorBody | null)?.error;
    throw new ApiError(
      res.status,
      err?.code ?? ERROR_CODE.error,
      err?.message ?? (res.status >= 500 ? COMMON_MSG.serverError : COMMON_MSG.unreachable),
      err?.fields ?? {},
    );
  }
  return data as T;
}

export const api = {
  get: <T>(path: string, query?: Query) => request<T>('GET', path, undefined, query),
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, body ?? {}),
  put: <T>(path: string, body?: unknown) => request<T>('PUT', path, body ?? {}),
  patch: <T>(path: string, body?: unknown) => request<T>('PATCH', path, body ?? {}),
  delete: <T>(path: string) => request<T>('DELETE', path),
  /** multipart upload (images) */
  upload: <T>(path: string, form: FormData, method: 'POST' | 'PUT' = 'POST') =>
    request<T>(method, path, form),
};

/** The message to show for any thrown value. */
export const errorMessage = (err: unknown, fallback: string = COMMON_MSG.serverError) =>
  err instanceof ApiError ? err.message : fallback;
