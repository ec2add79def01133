import "server-only";
import { isDeepStrictEqual } from "node:util";
import type { z } from "zod";
import { meterApiKeyRequest } from "@/lib/api-keys/resolve-api-key";
import { scopeForRoute } from "@/lib/api-keys/scopes";
import { can, isClinicRole } from "@/lib/auth/permissions";
import { resolveCaller, type Caller } from "@/lib/auth/resolve-caller";
import { AppError, notFound } from "./app-error";
import { toErrorResponse } from "./error-response";
import { logLine } from "./log";
import { applyQueryAliases } from "./query-aliases";
import { isProducedType, producedTypes, type Operation, type RouteAccess } from "./operation";
import { JSON_BODY_LIMIT_BYTES, assertContentLength, parseWith, readJson, searchParamsToObject } from "./parse";
import { parsePathParams, type PATH_PARAMS, type PATH_SEGMENT } from "./path-params";
import { assertSameOrigin } from "./same-origin";
import { receiveOperationUploads, type Upload } from "./uploads";
import { API_CONTENT_SECURITY_POLICY, strictTransportSecurity } from "./security-headers";

type Params = Record<string, string | string[] | undefined>;

type Output<S> = S extends z.ZodType ? z.output<S> : undefined;

/** "/api/tasks/[id]/comments/[commentId]" -> "id" | "commentId" ("[...path]" -> "path"). */
type ParamNamesOf<P extends string> = P extends `${string}[${infer N}]${infer Rest}` ? (N extends `...${infer R}` ? R : N) | ParamNamesOf<Rest> : never;
type ParamValue<N> = N extends keyof typeof PATH_PARAMS ? z.output<(typeof PATH_SEGMENT)[(typeof PATH_PARAMS)[N]]> : string;
/** The path's params as lib/http/path-params.ts parsed them. */
export type PathParamsOf<P extends string> = { [N in ParamNamesOf<P>]: ParamValue<N> };

/**
 * What a handler may return: for an operation with `response: S`, the answer as `S` takes it in
 * (`z.input<S>`: a Date where the schema turns it into a string, say) or a Response it built
 * itself (another status, a cookie); for one that `produces` a file, a Response. A field the
 * contract does not declare, or one it declares with another type, fails `tsc`.
 */
export type HandlerResult<O extends Operation> = O extends { response: infer S extends z.ZodType } ? z.input<S> | Response : Response;

/** What a handler gets: the caller, and the path params, query and body parsed by the descriptor's path and schemas. */
export interface OperationContext<O extends Operation> {
  req: Request;
  caller: O["access"] extends { public: true } ? Caller | null : Caller;
  params: PathParamsOf<O["path"]>;
  query: Output<O["query"]>;
  body: O["multipart"] extends object ? undefined : Output<O["body"]>;
  /** A multipart descriptor's stored files and text fields (lib/http/uploads.ts). */
  upload: O["multipart"] extends { orJson: true } ? Upload | null : O["multipart"] extends object ? Upload : undefined;
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const TEMPORARY_PASSWORD_MESSAGE = "Choose a new password first: your account still has the temporary password an administrator gave you.";

type NextHandler = ((req: Request, ctx: { params: Promise<Params> }) => Promise<Response>) & {
  /** Who may call it, for the authorization matrix and the permission-table test. */
  readonly access: RouteAccess;
  /** The operation's descriptor (lib/<domain>/contracts.ts). */
  readonly operation: Operation;
};

/**
 * The HTTP adapter every route handler goes through: resolves the caller (cookie session,
 * bearer token or API key), enforces sign-in and the descriptor's permission, rejects cross-site
 * cookie writes, parses the query and body with the descriptor's schemas, turns every error into
 * the flat JSON body, and logs one line per request. Under tests (VALIDATE_RESPONSES=1) it also
 * checks each success against the descriptor's response schema.
 */
export function route<O extends Operation>(operation: O, handler: (ctx: OperationContext<O>) => Promise<HandlerResult<O>>): NextHandler {
  const run = handler as unknown as (ctx: OperationContext<Operation>) => Promise<unknown>;
  checkAccess(operation?.access);
  return wrap(operation, async (req, url, caller, rawParams) => {
    // Every path segment through the one parser: a segment that names nothing is the resource's 404.
    const parsedParams = parsePathParams(operation.path, rawParams);
    if (!parsedParams.ok) throw notFound(parsedParams.message);
    const params = parsedParams.params;
    const query = operation.query ? parseWith(operation.query, applyQueryAliases(operation.query, searchParamsToObject(url))) : undefined;
    const body = operation.body && !operation.multipart ? parseWith(operation.body, await readJson(req, JSON_BODY_LIMIT_BYTES)) : undefined;
    const received = await receiveOperationUploads(operation, req);
    const upload = received && { fields: received.fields, files: received.files };
    const result = await run({ req, caller: caller as Caller, params, query, body, upload } as unknown as OperationContext<Operation>).catch(async (error: unknown) => {
      await received?.discard().catch(() => {});
      throw error;
    });
    const response = result instanceof Response ? result : Response.json(result ?? { ok: true }, { status: operation.status ?? 200 });
    const problem = VALIDATE_RESPONSES ? await contractProblem(operation, response) : null;
    if (!problem) return response;
    // A 500 that says what broke, so the failing test names the field.
    console.error(problem);
    return Response.json({ message: problem, code: "CONTRACT_BROKEN" }, { status: 500 });
  });
}

/** The descriptor's type demands a permission or `public`; this catches one that casts its way around it. */
function checkAccess(access: RouteAccess | undefined) {
  if (!access || (access.public !== true && !access.permission)) {
    throw new Error("route() needs { permission } (lib/auth/permissions.ts) or { public: true }");
  }
}

/** A quiet operation's request (access.quietLog) is logged from this many milliseconds on: the poll's own target. */
const QUIET_LOG_SLOW_MS = 100;

type Run = (req: Request, url: URL, caller: Caller | null, params: Params) => Promise<Response>;

function wrap(operation: Operation, run: Run): NextHandler {
  const opts = operation.access;
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
      if (caller && !admitsPrincipal(opts, caller)) throw new AppError("FORBIDDEN", "Access denied");
      if (caller?.via !== "bearer" && caller?.via !== "api-key") assertSameOrigin(req);
      if (caller?.mustChangePassword && !opts.public && !opts.duringPasswordChange && !SAFE_METHODS.has(req.method)) {
        throw new AppError("FORBIDDEN", TEMPORARY_PASSWORD_MESSAGE, { requiresPasswordChange: true });
      }
      response = await run(req, url, caller, (await ctx?.params) ?? {});
    } catch (error) {
      response = toErrorResponse(error, { method: req.method, path: url.pathname });
    }
    secureHeaders(response);
    const ms = Math.round(performance.now() - started);
    if (!opts.quietLog || response.status >= 400 || ms >= QUIET_LOG_SLOW_MS) {
      logLine({ method: req.method, path: url.pathname, status: response.status, ms, userId: caller?.userId ?? null });
    }
    return response;
  };
  return Object.assign(handle, { access: opts, operation });
}

/**
 * The clinic boundary (docs/clinics.md), in one place: a clinic user reaches only the operations
 * whose permission is a clinic one ("clinic.…"), those that declare `clinic: true` (its own
 * account) and public ones; every staff operation refuses it, even where a permission would
 * let it through. Members never reach a clinic operation (the permission table grants those to
 * the clinic role only).
 */
export function admitsPrincipal(access: RouteAccess, caller: Pick<Caller, "role">): boolean {
  if (!isClinicRole(caller.role)) return true;
  if (access.public) return true;
  return access.clinic === true || (access.permission ?? "").startsWith("clinic.");
}

/** On in the test suites: a success that strays from its contract is a failure, not a silent drift. */
const VALIDATE_RESPONSES = process.env.VALIDATE_RESPONSES === "1";

/**
 * The answer as it goes on the wire must parse with the response schema AND come out unchanged:
 * zod drops undeclared keys, so a field the handler sends that the contract does not name (or a
 * value the schema would transform) shows up as a difference. A file answer must have one of the
 * media types its descriptor lists.
 */
async function contractProblem(operation: Operation, response: Response): Promise<string | null> {
  const contentType = response.headers.get("content-type") ?? "";
  if (operation.produces && response.status < 300 && !isProducedType(operation, contentType)) {
    return `The answer of ${operation.method} ${operation.path} is ${contentType || "untyped"}, not one of ${producedTypes(operation).join(", ")}`;
  }
  if (!operation.response || response.status >= 300 || !(response.headers.get("content-type") ?? "").includes("json")) return null;
  // Parsed here, not by response.json(): in jest the fetch classes live in another realm, whose objects never deep-equal.
  const wire: unknown = JSON.parse(await response.clone().text());
  const parsed = operation.response.safeParse(wire);
  const where = `${operation.method} ${operation.path}`;
  if (!parsed.success) return `The answer of ${where} breaks its contract: ${JSON.stringify(parsed.error.issues.slice(0, 5))}`;
  if (isDeepStrictEqual(parsed.data, wire)) return null;
  return `The answer of ${where} has fields its contract does not declare: ${differingPaths(wire, parsed.data).slice(0, 10).join(", ")}`;
}

/** Paths whose value on the wire is missing or different after parsing (for the message above). */
function differingPaths(wire: unknown, parsed: unknown, at = "$"): string[] {
  if (wire === null || typeof wire !== "object" || parsed === null || typeof parsed !== "object") return isDeepStrictEqual(wire, parsed) ? [] : [at];
  const out: string[] = Object.keys(parsed)
    .filter((key) => !(key in wire))
    .map((key) => `${at}.${key} (added by the schema)`);
  for (const [key, value] of Object.entries(wire)) {
    const next = Array.isArray(wire) ? `${at}[${key}]` : `${at}.${key}`;
    if (!(key in parsed)) out.push(next);
    else out.push(...differingPaths(value, (parsed as Record<string, unknown>)[key], next));
  }
  return out;
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
 * JSON is never a document (CSP default-src 'none'); API answers (a signed-in
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

/**
 * An answer whose body is JSON text already (built by Postgres, e.g. the Gantt timeline): sent as
 * it is, never parsed and serialised again in Node. Under tests route() still checks it against
 * the operation's response schema like any other answer.
 */
export function jsonText(body: string, status = 200): Response {
  return new Response(body, { status, headers: { "Content-Type": "application/json" } });
}

/** JSON response with a status other than 200. */
export function json(data: unknown, status = 200, headers?: HeadersInit): Response {
  return Response.json(data, { status, headers });
}
