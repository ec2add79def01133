import "server-only";
import type { z } from "zod";
import type { Role } from "@/lib/generated/prisma/enums";
import { resolveCaller, type Caller } from "@/lib/auth/resolve-caller";
import { AppError } from "./app-error";
import { toErrorResponse } from "./error-response";
import { logLine } from "./log";
import { parseWith, readJson, searchParamsToObject } from "./parse";
import { assertSameOrigin } from "./same-origin";

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

interface RouteOptions {
  /** Anyone may call it; `caller` is resolved when present. */
  public?: boolean;
  /** Roles allowed; anything else gets 403. */
  roles?: Role[];
  /** Writable while the caller still has an administrator's temporary password (changing it). */
  duringPasswordChange?: boolean;
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const TEMPORARY_PASSWORD_MESSAGE = "Choose a new password first: your account still has the temporary password an administrator gave you.";

type NextHandler = (req: Request, ctx: { params: Promise<Params> }) => Promise<Response>;

export function route(handler: (ctx: RouteContext<Caller>) => Promise<unknown>, opts?: Omit<RouteOptions, "public">): NextHandler;
export function route(handler: (ctx: RouteContext<Caller | null>) => Promise<unknown>, opts: RouteOptions & { public: true }): NextHandler;
/**
 * The HTTP adapter every route handler goes through: resolves the caller (cookie session,
 * bearer token or API key), enforces sign-in and role, rejects cross-site cookie writes,
 * parses input, turns every error into the flat JSON body, and logs one line per request.
 */
export function route(
  handler: ((ctx: RouteContext<Caller>) => Promise<unknown>) | ((ctx: RouteContext<Caller | null>) => Promise<unknown>),
  opts: RouteOptions = {},
): NextHandler {
  // Sign-in is enforced below before the handler runs, so a handler typed for a non-null caller is safe.
  const run = handler as (ctx: RouteContext<Caller | null>) => Promise<unknown>;
  return async (req, ctx) => {
    const started = performance.now();
    const url = new URL(req.url);
    let caller: Caller | null = null;
    let response: Response;
    try {
      caller = await resolveCaller(req);
      if (!caller && !opts.public) throw new AppError("UNAUTHORIZED", "Unauthorized");
      if (opts.roles && (!caller || !opts.roles.includes(caller.role))) throw new AppError("FORBIDDEN", "Access denied");
      if (caller?.via !== "bearer" && caller?.via !== "api-key") assertSameOrigin(req);
      if (caller?.mustChangePassword && !opts.public && !opts.duringPasswordChange && !SAFE_METHODS.has(req.method)) {
        throw new AppError("FORBIDDEN", TEMPORARY_PASSWORD_MESSAGE, { requiresPasswordChange: true });
      }
      const params = (await ctx?.params) ?? {};
      const result = await run({
        req,
        caller,
        params,
        body: async (schema) => parseWith(schema, await readJson(req)),
        query: (schema) => parseWith(schema, searchParamsToObject(url)),
      });
      response = result instanceof Response ? result : Response.json(result ?? { ok: true });
    } catch (error) {
      response = toErrorResponse(error, { method: req.method, path: url.pathname });
    }
    logLine({
      method: req.method,
      path: url.pathname,
      status: response.status,
      ms: Math.round(performance.now() - started),
      userId: caller?.userId ?? null,
    });
    return response;
  };
}

/** JSON response with a status other than 200. */
export function json(data: unknown, status = 200, headers?: HeadersInit): Response {
  return Response.json(data, { status, headers });
}
