import "server-only";
import type { z } from "zod";
import { meterApiKeyRequest } from "@/lib/api-keys/resolve-api-key";
import { scopeForRoute, type ApiScope } from "@/lib/api-keys/scopes";
import { can, type Permission } from "@/lib/auth/permissions";
import { resolveCaller, type Caller } from "@/lib/auth/resolve-caller";
import { AppError } from "./app-error";
import { toErrorResponse } from "./error-response";
import { logLine } from "./log";
import { JSON_BODY_LIMIT_BYTES, assertContentLength, parseWith, readJson, searchParamsToObject } from "./parse";
import { assertSameOrigin } from "./same-origin";
import { API_CONTENT_SECURITY_POLICY, strictTransportSecurity } from "./security-headers";

type Params = Record<string, string | string[] | undefined>;

export interface RouteContext<C extends Caller | null> {
  req: Request;
  caller: C;
  params: Params;
  /** Parses the JSON body with a zod schema (malformed JSON or invalid input -> 400). */
  body: <S extends z.ZodType>(schema: S) => Promise<z.output<S>>;
  /** Parses the query string with a zod schema. */
  query: <S extends z.ZodType>(schema: S) => z.output<S>;
}

/**
 * The largest request body in bytes (413 above it), checked against Content-Length before the
 * caller is resolved. Default 1 MB, the JSON cap, which ctx.body() also enforces while it streams
 * whatever the route declares (no JSON body needs more). An upload route raises the early check
 * to its whole multipart envelope (`maxUploadRequestBytes(policy)`, with the policy's own
 * message) and streams req.body through lib/storage's parser, which limits each file.
 */
interface BodyLimit {
  bodyLimitBytes?: number;
  bodyLimitMessage?: string;
  /**
   * The scope an API key needs here (lib/api-keys/scopes.ts). Leave it out: derived from the
   * permission's domain and the method. `null`: no key may call this route (cookie and mobile only).
   */
  apiKeyScope?: ApiScope | null;
}

/** Every route says who may call it: a permission of lib/auth/permissions.ts, or `public`. */
export type RouteAccess = BodyLimit &
  (
    | {
        /** Signed-in callers whose role holds it; anyone else signed in gets 403. */
        permission: Permission;
        public?: never;
        /** Writable while the caller still has an administrator's temporary password (changing it). */
        duringPasswordChange?: boolean;
      }
    | {
        /** Anyone may call it; `caller` is resolved when present. */
        public: true;
        permission?: never;
        duringPasswordChange?: never;
      }
  );

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const TEMPORARY_PASSWORD_MESSAGE = "Choose a new password first: your account still has the temporary password an administrator gave you.";

type NextHandler = ((req: Request, ctx: { params: Promise<Params> }) => Promise<Response>) & {
  /** What the route declared, for the authorization matrix and the permission-table test. */
  readonly access: RouteAccess;
};

export function route(handler: (ctx: RouteContext<Caller>) => Promise<unknown>, access: RouteAccess & { permission: Permission }): NextHandler;
export function route(handler: (ctx: RouteContext<Caller | null>) => Promise<unknown>, access: RouteAccess & { public: true }): NextHandler;
/**
 * The HTTP adapter every route handler goes through: resolves the caller (cookie session,
 * bearer token or API key), enforces sign-in and the declared permission, rejects cross-site cookie writes,
 * parses input, turns every error into the flat JSON body, and logs one line per request.
 */
export function route(
  handler: ((ctx: RouteContext<Caller>) => Promise<unknown>) | ((ctx: RouteContext<Caller | null>) => Promise<unknown>),
  access: RouteAccess,
): NextHandler {
  // The types demand one of the two; this catches a call that casts its way around them.
  if (!access || (access.public !== true && !access.permission)) {
    throw new Error("route() needs { permission } (lib/auth/permissions.ts) or { public: true }");
  }
  const opts = access;
  // Sign-in is enforced below before the handler runs, so a handler typed for a non-null caller is safe.
  const run = handler as (ctx: RouteContext<Caller | null>) => Promise<unknown>;
  const handle = async (req: Request, ctx: { params: Promise<Params> }): Promise<Response> => {
    const started = performance.now();
    const url = new URL(req.url);
    let caller: Caller | null = null;
    let response: Response;
    const bodyLimit = opts.bodyLimitBytes ?? JSON_BODY_LIMIT_BYTES;
    try {
      assertContentLength(req, bodyLimit, opts.bodyLimitMessage);
      caller = await resolveCaller(req).catch((error: unknown) => {
        // A refused API key on a public route: the route runs as for anyone.
        if (opts.public && error instanceof AppError && error.code === "UNAUTHORIZED") return null;
        throw error;
      });
      if (caller?.via === "api-key") caller = await admitApiKey(caller, opts, req.method);
      if (!caller && !opts.public) throw new AppError("UNAUTHORIZED", "Unauthorized");
      if (opts.permission && !can(caller, opts.permission)) throw new AppError("FORBIDDEN", "Access denied");
      if (caller?.via !== "bearer" && caller?.via !== "api-key") assertSameOrigin(req);
      if (caller?.mustChangePassword && !opts.public && !opts.duringPasswordChange && !SAFE_METHODS.has(req.method)) {
        throw new AppError("FORBIDDEN", TEMPORARY_PASSWORD_MESSAGE, { requiresPasswordChange: true });
      }
      const params = (await ctx?.params) ?? {};
      const result = await run({
        req,
        caller,
        params,
        body: async (schema) => parseWith(schema, await readJson(req, JSON_BODY_LIMIT_BYTES)),
        query: (schema) => parseWith(schema, searchParamsToObject(url)),
      });
      response = result instanceof Response ? result : Response.json(result ?? { ok: true });
    } catch (error) {
      response = toErrorResponse(error, { method: req.method, path: url.pathname });
    }
    secureHeaders(response);
    logLine({
      method: req.method,
      path: url.pathname,
      status: response.status,
      ms: Math.round(performance.now() - started),
      userId: caller?.userId ?? null,
    });
    return response;
  };
  return Object.assign(handle, { access });
}

export const API_KEY_CLOSED_MESSAGE = "API keys cannot be used on this route.";

/**
 * An API key's request: public routes ignore it (they run as for anyone, never as the key's
 * member); elsewhere it is counted against the key's rate limit, then must hold the route's
 * scope (403 naming the missing one). The acting member's permission is checked after, as for
 * every caller.
 */
async function admitApiKey(caller: Caller, access: RouteAccess, method: string): Promise<Caller | null> {
  if (access.public && access.apiKeyScope === undefined) return null;
  await meterApiKeyRequest(caller.apiKey!);
  const scope = scopeForRoute(access, method);
  if (scope === null) throw new AppError("FORBIDDEN", API_KEY_CLOSED_MESSAGE, { apiKeyRefused: true });
  if (scope !== "none" && !caller.apiKey!.scopes.includes(scope)) {
    throw new AppError("FORBIDDEN", `This API key lacks the "${scope}" scope.`, { missingScope: scope });
  }
  return caller;
}

/**
 * Issue 10 item 6: JSON is never a document (CSP default-src 'none'); API answers (a signed-in
 * caller's data, sign-in tokens) are never stored by a browser or proxy cache (Cache-Control:
 * no-store unless the handler chose otherwise); HSTS when served over https.
 */
function secureHeaders(response: Response) {
  if ((response.headers.get("content-type") ?? "").includes("json") && !response.headers.has("content-security-policy")) {
    response.headers.set("Content-Security-Policy", API_CONTENT_SECURITY_POLICY);
  }
  if (!response.headers.has("cache-control")) response.headers.set("Cache-Control", "no-store");
  const hsts = strictTransportSecurity();
  if (hsts) response.headers.set("Strict-Transport-Security", hsts);
}

/** JSON response with a status other than 200. */
export function json(data: unknown, status = 200, headers?: HeadersInit): Response {
  return Response.json(data, { status, headers });
}
