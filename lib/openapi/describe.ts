/**
 * How a route is described for the OpenAPI document (docs/api.md, "Describing a route"): one
 * `op()` line per exported handler, in lib/openapi/routes/<domain>.ts. Auth (public or the
 * permission and its roles) and the API key scope are read from the handler's own
 * `route(..., access)`; the entry adds what the code cannot say by itself: a summary and the
 * zod schemas of the query, body and answer the handler uses.
 */
import type { z } from "zod";
import type { ApiScope } from "@/lib/api-keys/scopes";

export const DOC_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type DocMethod = (typeof DOC_METHODS)[number];

/** What route() attaches to every handler. */
export interface DescribedHandler {
  access: { public?: boolean; permission?: string; apiKeyScope?: ApiScope | null };
}

export interface RouteDocOptions {
  /** Longer text (Markdown). */
  description?: string;
  /** Query string schema (the one passed to ctx.query). */
  query?: z.ZodType;
  /** JSON body schema (the one passed to ctx.body). */
  body?: z.ZodType;
  /** The body is multipart/form-data (uploads); `body` then describes its fields. */
  multipart?: boolean;
  /** The success answer's schema; leave out when the route has none declared yet. */
  response?: z.ZodType;
  /** Success status (default 200; 201 for creates that say so). */
  status?: number;
  /** A non-JSON answer, e.g. "application/pdf". */
  produces?: string;
  /** Listed for coverage but left out of the document, with the reason (test hooks, framework routes). */
  internal?: string;
}

export interface RouteDoc extends RouteDocOptions {
  method: DocMethod;
  /** As on disk: "/api/tasks/[id]". */
  path: string;
  handler: DescribedHandler | undefined;
  summary: string;
}

/** `op("GET /api/tasks", tasks.GET, "List tasks", { query: listTasksQuerySchema })` */
export function op(key: `${DocMethod} /api${string}`, handler: unknown, summary: string, options: RouteDocOptions = {}): RouteDoc {
  const [method, path] = key.split(" ") as [DocMethod, string];
  return { method, path, handler: handler as DescribedHandler | undefined, summary, ...options };
}
