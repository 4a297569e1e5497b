import i18next from 'i18next';
import {
  type authContract,
  authRoutes,
  SESSION_EXPIRED_STATUS_CODE,
  type Endpoint,
  type EndpointRoute,
  type EndpointInput,
  type EndpointResponse,
  type ErrorBody,
  type ErrorCode,
  type FieldError,
} from '@tutoria/shared';
import { clearAuth, getAccessToken, getExpiration, getRefreshToken, storeTokens } from './auth-storage';
import { API_ROOT, getClientConfig } from './client-config';
import { currentLanguage } from './i18n';

/** Renew the access token this long before it runs out, so no call races its expiry. */
const RENEW_MARGIN_MS = 60_000;

export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: ErrorCode | 'NETWORK_ERROR',
    readonly status: number,
    readonly details: readonly FieldError[] = [],
    /** The stored session is over; the app is already on its way to the sign-in page. */
    readonly sessionExpired = false,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

interface CallOptions {
  signal?: AbortSignal;
  /** Sends this token instead of the stored one; expiry is then the caller's concern. */
  token?: string;
}

/** What an endpoint takes as its JSON body, in the form a caller writes it (before defaults). */
export type RequestBody<E> = EndpointInput<E> extends { body: infer B } ? B : never;

type CallArgs<E> =
  Partial<EndpointInput<E>> extends EndpointInput<E>
    ? [input?: EndpointInput<E>, options?: CallOptions]
    : [input: EndpointInput<E>, options?: CallOptions];

interface RawInput {
  query?: Record<string, unknown>;
  body?: unknown;
  params?: Record<string, unknown>;
}

let onSessionExpired: () => void = () => undefined;

/** The request signer (an HMAC in JavaScript) loads with the first signed call, off the first paint (issue 9). */
const loadSigner = () => import('./signature');

/** The app decides where an expired session goes; the client only clears what it stored. */
export function setSessionExpiredHandler(handler: () => void): void {
  onSessionExpired = handler;
}

function buildUrl(path: string, params: RawInput['params'], query: RawInput['query']): string {
  const filled = path.replace(/:(\w+)/g, (_slot, name: string) =>
    encodeURIComponent(String(params?.[name] ?? '')),
  );
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item));
  }
  const text = search.toString();
  return API_ROOT + filled + (text ? `?${text}` : '');
}

function isErrorBody(payload: unknown): payload is ErrorBody {
  return typeof payload === 'object' && payload !== null && (payload as ErrorBody).isSuccess === false;
}

async function readPayload(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Accept-Language, and for a signed endpoint the signature headers and the bearer token. */
async function requestHeaders(endpoint: EndpointRoute, token: string | null | undefined, accept: string) {
  const headers: Record<string, string> = { Accept: accept, 'Accept-Language': currentLanguage() };
  if (!endpoint.unsigned) {
    const { applicationId, applicationSecret } = getClientConfig();
    const { signatureHeaders } = await loadSigner();
    Object.assign(headers, signatureHeaders(applicationId, applicationSecret));
    if (token) headers.Authorization = `Bearer ${token}`;
  }
  return headers;
}

async function fetchOrFail(url: string, init: RequestInit, signal: AbortSignal | undefined): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(i18next.t('common:errors.network'), 'NETWORK_ERROR', 0);
  }
}

/** Throws the server's refusal as an ApiError; an expired stored session clears the login first. */
function failIfRefused(response: Response, payload: unknown, storedToken: string | null, options: CallOptions): void {
  const errorBody = isErrorBody(payload) ? payload : undefined;
  const expired = response.status === 401 || errorBody?.statusCode === SESSION_EXPIRED_STATUS_CODE;
  // Only the stored session can expire here: a call with its own token (logout) handles its own answer.
  if (expired && storedToken && options.token === undefined) {
    clearAuth();
    onSessionExpired();
    throw new ApiError(errorBody?.message ?? '', 'UNAUTHORIZED', response.status, [], true);
  }
  if (!response.ok || errorBody) {
    throw new ApiError(
      errorBody?.message || errorBody?.Message || i18next.t('errors:INTERNAL_ERROR'),
      errorBody?.code ?? 'INTERNAL_ERROR',
      response.status,
      errorBody?.details ?? [],
    );
  }
}

async function send<E extends Endpoint>(
  endpoint: EndpointRoute,
  input: RawInput,
  options: CallOptions,
): Promise<EndpointResponse<E>> {
  const storedToken = getAccessToken();
  const headers = await requestHeaders(endpoint, options.token ?? storedToken, 'application/json');
  if (input.body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetchOrFail(
    buildUrl(endpoint.path, input.params, input.query),
    {
      method: endpoint.method,
      headers,
      body: input.body === undefined ? undefined : JSON.stringify(input.body),
    },
    options.signal,
  );
  const payload = await readPayload(response);
  failIfRefused(response, payload, storedToken, options);
  return payload as EndpointResponse<E>;
}

let renewing: Promise<void> | null = null;

/** Trades the refresh token for new tokens shortly before the access token runs out (one call at a time). */
async function ensureFreshToken(): Promise<void> {
  const expiration = getExpiration();
  const refreshToken = getRefreshToken();
  if (!expiration || !refreshToken || expiration - Date.now() > RENEW_MARGIN_MS) return;
  renewing ??= send<typeof authContract.renew>(
    authRoutes.renew,
    { body: { refresh_token: refreshToken } },
    {},
  )
    .then(storeTokens, (error: unknown) => {
      if (error instanceof ApiError && error.status >= 400 && error.status < 500 && !error.sessionExpired) {
        clearAuth();
        onSessionExpired();
        throw new ApiError(error.message, error.code, error.status, [], true);
      }
      throw error;
    })
    .finally(() => {
      renewing = null;
    });
  await renewing;
}

async function request<E extends Endpoint>(
  endpoint: EndpointRoute,
  input: RawInput,
  options: CallOptions,
): Promise<EndpointResponse<E>> {
  if (endpoint.access !== 'public' && !options.token) await ensureFreshToken();
  return send(endpoint, input, options);
}

/**
 * Calls one contract endpoint (DESIGN §3): fills `:params`, the query string and the JSON body,
 * signs the request, and turns failures into `ApiError` with the server's message.
 */
function call<E extends Endpoint>(
  endpoint: E,
  ...[input, options]: CallArgs<E>
): Promise<EndpointResponse<E>> {
  return request(endpoint, (input ?? {}) as RawInput, options ?? {});
}

/** Calls an endpoint whose one input is its JSON body (a change); typed even for a generic entry. */
function callWithBody<E extends Endpoint>(
  endpoint: E,
  body: RequestBody<E>,
  options: CallOptions = {},
): Promise<EndpointResponse<E>> {
  return request(endpoint, { body }, options);
}

/** How far a download has come: bytes so far and, when the server says, the rows the file holds. */
export interface DownloadProgress {
  bytes: number;
  totalRows: number | null;
}

/** The file name of an `attachment` answer (RFC 5987 `filename*` first). */
function attachmentName(header: string | null): string {
  const exact = /filename\*=UTF-8''([^;]+)/i.exec(header ?? '')?.[1];
  if (exact) return decodeURIComponent(exact);
  return /filename="([^"]+)"/i.exec(header ?? '')?.[1] ?? 'download';
}

/**
 * Downloads a file endpoint as a signed, authenticated call (a plain link could not carry the
 * signature): reads the body as it streams, reporting progress, and answers the file and its name.
 */
async function download<E extends Endpoint>(
  endpoint: E,
  input: Partial<EndpointInput<E>>,
  onProgress: (progress: DownloadProgress) => void,
  signal?: AbortSignal,
): Promise<{ blob: Blob; fileName: string }> {
  const raw = input as RawInput;
  if (endpoint.access !== 'public') await ensureFreshToken();
  const storedToken = getAccessToken();
  const headers = await requestHeaders(endpoint, storedToken, '*/*');
  if (raw.body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetchOrFail(
    buildUrl(endpoint.path, raw.params, raw.query),
    { method: endpoint.method, headers, body: raw.body === undefined ? undefined : JSON.stringify(raw.body) },
    signal,
  );
  if (!response.ok) failIfRefused(response, await readPayload(response), storedToken, {});
  const rows = response.headers.get('X-Total-Rows');
  const totalRows = rows === null ? null : Number(rows);
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let bytes = 0;
  onProgress({ bytes, totalRows });
  const reader = response.body?.getReader();
  for (;;) {
    const next = reader ? await reader.read() : { done: true as const, value: undefined };
    if (next.done) break;
    chunks.push(next.value);
    bytes += next.value.byteLength;
    onProgress({ bytes, totalRows });
  }
  const type = response.headers.get('Content-Type') ?? 'application/octet-stream';
  return { blob: new Blob(chunks, { type }), fileName: attachmentName(response.headers.get('Content-Disposition')) };
}

export const api = { call, callWithBody, download };

/**
 * Calls to one area's endpoints by their routes alone, typed by that area's contract: the calls of
 * the sign-in page, which loads no Zod (issue 9). `routeCaller<typeof authContract>(authRoutes)`.
 */
export function routeCaller<C extends Record<string, Endpoint>>(routes: { [K in keyof C]: EndpointRoute }) {
  return <K extends keyof C>(key: K, ...[input, options]: CallArgs<C[K]>): Promise<EndpointResponse<C[K]>> =>
    request<C[K]>(routes[key], (input ?? {}) as RawInput, options ?? {});
}
