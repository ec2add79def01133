import type { QueryFunction, QueryKey } from "@tanstack/react-query";
import { getClientType } from "./client-type";
import { ApiError } from "./errors";
import {
  clearAuthTokens,
  getAccessToken,
  getRefreshToken,
  getTokenExpiry,
  saveAuthTokens,
  type AuthTokens,
} from "./storage";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface RequestOptions {
  signal?: AbortSignal;
  /** Extra request headers (the punch status poll's If-None-Match). */
  headers?: Record<string, string>;
}

/** Tokens this close to expiry are refreshed before the call, not after a 401. */
export const REFRESH_MARGIN_MS = 60_000;
export const REFRESH_PATH = "/api/auth/refresh";

/** Shared by every caller so concurrent requests trigger a single refresh. */
let refreshInFlight: Promise<void> | null = null;

function clientTypeHeader(): Record<string, string> {
  return getClientType() === "mobile" ? { "X-Client-Type": "mobile" } : {};
}

function buildHeaders(body: unknown): Headers {
  const headers = new Headers(clientTypeHeader());
  const accessToken = getAccessToken();
  if (accessToken) headers.set("Authorization", `Bearer ${accessToken}`);
  // FormData sets its own multipart content type, boundary included.
  if (body !== undefined && !(body instanceof FormData)) headers.set("Content-Type", "application/json");
  return headers;
}

function encodeBody(body: unknown): BodyInit | undefined {
  if (body === undefined) return undefined;
  return body instanceof FormData ? body : JSON.stringify(body);
}

async function refreshTokens(refreshToken: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(REFRESH_PATH, {
      method: "POST",
      credentials: "include",
      headers: { "Content-Type": "application/json", ...clientTypeHeader() },
      body: JSON.stringify({ refreshToken }),
    });
  } catch {
    // Offline: keep the tokens; the call itself will fail and can be retried.
    return;
  }
  if (!response.ok) {
    clearAuthTokens();
    return;
  }
  const tokens = (await response.json()) as Partial<AuthTokens>;
  if (typeof tokens.accessToken !== "string") throw new Error("Refresh response has no access token");
  saveAuthTokens({ ...tokens, accessToken: tokens.accessToken });
}

/** Refreshes the access token when it expires within REFRESH_MARGIN_MS. */
export async function refreshIfExpiring(): Promise<void> {
  const refreshToken = getRefreshToken();
  const expiry = getTokenExpiry();
  if (!refreshToken || expiry === null || expiry - Date.now() > REFRESH_MARGIN_MS) return;
  refreshInFlight ??= refreshTokens(refreshToken)
    .catch(() => clearAuthTokens())
    .finally(() => {
      refreshInFlight = null;
    });
  await refreshInFlight;
}

/** Sends a request with the spec's credentials and headers (§7); does not throw on non-OK. */
export async function sendRequest(
  method: HttpMethod,
  path: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<Response> {
  await refreshIfExpiring();
  const headers = buildHeaders(body);
  if (options.headers) for (const [name, value] of Object.entries(options.headers)) headers.set(name, value);
  return fetch(path, {
    method,
    credentials: "include",
    headers,
    body: encodeBody(body),
    signal: options.signal,
  });
}

/**
 * Sends a body (usually FormData with files) like apiRequest, reporting upload progress from 0
 * to 1 (fetch cannot report it; XMLHttpRequest can). Same credentials, headers and ApiError.
 */
export async function apiUpload<T = unknown>(
  method: HttpMethod,
  path: string,
  body: FormData,
  onProgress?: (fraction: number) => void,
): Promise<T> {
  await refreshIfExpiring();
  const response = await new Promise<Response>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, path);
    xhr.withCredentials = true;
    buildHeaders(body).forEach((value, name) => xhr.setRequestHeader(name, value));
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      const headers = new Headers();
      for (const line of xhr.getAllResponseHeaders().trim().split(/[\r\n]+/)) {
        const at = line.indexOf(":");
        if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
      }
      resolve(new Response(xhr.status === 204 ? null : xhr.responseText, { status: xhr.status, statusText: xhr.statusText, headers }));
    };
    // The same words fetch uses, so the friendly-message table (§8) reads it as a lost connection.
    xhr.onerror = () => reject(new TypeError("Failed to fetch"));
    xhr.ontimeout = () => reject(new TypeError("Network timeout"));
    xhr.send(body);
  });
  if (!response.ok) throw await ApiError.fromResponse(response);
  return readJson<T>(response);
}

async function readJson<T>(response: Response): Promise<T> {
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Sends a request and returns its JSON body; a non-OK answer throws ApiError. */
export async function apiRequest<T = unknown>(
  method: HttpMethod,
  path: string,
  body?: unknown,
  options?: RequestOptions,
): Promise<T> {
  const response = await sendRequest(method, path, body, options);
  if (!response.ok) throw await ApiError.fromResponse(response);
  return readJson<T>(response);
}

/**
 * Sends a request and reads its answer without throwing on a refusal: the status with the JSON
 * body, or with the ApiError a non-OK answer makes (apiRequest's). A lost connection still throws.
 */
export async function apiAnswer<T = unknown>(
  method: HttpMethod,
  path: string,
  body?: unknown,
  options?: RequestOptions,
): Promise<{ status: number; body?: T; error?: ApiError }> {
  const response = await sendRequest(method, path, body, options);
  if (!response.ok) return { status: response.status, error: await ApiError.fromResponse(response) };
  return { status: response.status, body: await readJson<T>(response) };
}

type QueryValue = string | number | boolean | null | undefined;

function appendQuery(params: URLSearchParams, query: Record<string, unknown>): void {
  for (const [name, raw] of Object.entries(query)) {
    const values = (Array.isArray(raw) ? raw : [raw]) as QueryValue[];
    for (const value of values) {
      if (value !== null && value !== undefined && value !== "") params.append(name, String(value));
    }
  }
}

/**
 * The URL a query key stands for (§7): the first element is the path, each
 * string or number after it adds a path segment, and an object becomes the
 * query string with null, undefined and empty values dropped (arrays repeat).
 */
export function buildUrl(queryKey: QueryKey): string {
  const [path, ...rest] = queryKey;
  if (typeof path !== "string") throw new Error("The first query key element must be the API path");
  const segments: string[] = [path];
  const params = new URLSearchParams();
  for (const part of rest) {
    if (typeof part === "string" || typeof part === "number") segments.push(encodeURIComponent(String(part)));
    else if (typeof part === "object" && part !== null) appendQuery(params, part as Record<string, unknown>);
  }
  const query = params.toString();
  return segments.join("/") + (query ? `?${query}` : "");
}

export type On401 = "throw" | "returnNull";

/** The default read for react-query; "returnNull" makes a 401 resolve to null. */
export function getQueryFn<T>(options: { on401: "returnNull" }): QueryFunction<T | null>;
export function getQueryFn<T>(options: { on401: "throw" }): QueryFunction<T>;
export function getQueryFn<T>({ on401 }: { on401: On401 }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const response = await sendRequest("GET", buildUrl(queryKey), undefined, { signal });
    if (on401 === "returnNull" && response.status === 401) return null;
    if (!response.ok) throw await ApiError.fromResponse(response);
    return readJson<T>(response);
  };
}

/** The last answer and ETag of each revalidated read, per URL (this tab only, never stored). */
const validated = new Map<string, { etag: string; data: unknown }>();

/**
 * getQueryFn for a read the server answers with an ETag (the punch status poll, docs/performance.md
 * "Poll versions and caches"): sends the last ETag in If-None-Match and, on 304 Not Modified, gives
 * the last answer again. Any other answer replaces it (a 401 or an error forgets it).
 */
export function getRevalidatingQueryFn<T>(options: { on401: "returnNull" }): QueryFunction<T | null>;
export function getRevalidatingQueryFn<T>(options: { on401: "throw" }): QueryFunction<T>;
export function getRevalidatingQueryFn<T>({ on401 }: { on401: On401 }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const url = buildUrl(queryKey);
    const kept = validated.get(url);
    const response = await sendRequest("GET", url, undefined, { signal, headers: kept ? { "If-None-Match": kept.etag } : undefined });
    if (response.status === 304 && kept) return kept.data as T;
    validated.delete(url);
    if (on401 === "returnNull" && response.status === 401) return null;
    if (!response.ok) throw await ApiError.fromResponse(response);
    const data = await readJson<T>(response);
    const etag = response.headers.get("etag");
    if (etag) validated.set(url, { etag, data });
    return data;
  };
}
