/**
 * Every path parameter and every query parameter of every operation descriptor gets the hostile
 * values of ./hostile.ts (NUL, CR/LF, a lone surrogate, malformed percent-encodings, numbers out
 * of an integer column's range, a 2,000-character segment), one call each, signed in as an
 * administrator (who passes every permission check, so the call reaches the parsing). The answer
 * must be a 4xx with the flat error body, or for a query value the schema takes, a success: never
 * a 5xx. Bodies are fuzzed by ./write-routes.test.ts.
 */
import path from "node:path";
import type { z } from "zod";
import type { Operation } from "@/lib/http/operation";
import { operationKey } from "@/lib/http/operation";
import { PATH_PARAMS, PATH_SEGMENT, pathParamNames } from "@/lib/http/path-params";
import { apiOperations } from "@/lib/openapi/operations";
import { addMembership, createUnit, createUser } from "@/prisma/factories";
import { signIn, TEST_ORIGIN } from "@/tests/support/auth";
import { useTestDatabase } from "@/tests/support/db";
import { inRequestScope } from "@/tests/support/request-scope";
import { HOSTILE_SEGMENTS } from "./hostile";

const testDb = useTestDatabase();
const APP = path.resolve(__dirname, "../../app");

/** Operations whose handler is not route() (so not parsed by lib/http/path-params.ts), and why. */
const NOT_ROUTE: Record<string, string> = {
  "GET /api/auth/[...nextauth]": "next-auth's own handler reads its segments itself (a fixed list of actions)",
  "POST /api/auth/[...nextauth]": "next-auth's own handler reads its segments itself (a fixed list of actions)",
};

/** A value of each kind that parses, for the parameters not under test. */
const PLACEHOLDER: Record<keyof typeof PATH_SEGMENT, string | string[]> = {
  uuid: "00000000-0000-4000-8000-000000000000",
  ref: "C-2026-99999",
  int: "1",
  token: "AAAAAAAAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA",
  key: "hours",
  rest: ["nothing-here"],
};

/** Query values a URL can carry (a lone surrogate cannot: a URL encodes it as U+FFFD). */
const HOSTILE_QUERY = ["\u0000", "line\r\nbreak", "%E0%A4%A", "%", "99999999999", "-99999999999", "1e308"];

const operations = apiOperations().filter((op) => !(operationKey(op) in NOT_ROUTE));

const placeholderParams = (op: Operation): Record<string, string | string[]> =>
  Object.fromEntries(pathParamNames(op.path).map((name) => [name, PLACEHOLDER[PATH_PARAMS[name as keyof typeof PATH_PARAMS]]]));

/** The keys of a query schema's object (through optional, pipe and refinement wrappers). */
function queryKeys(schema: z.core.$ZodType): string[] {
  const def = schema._zod.def as unknown as { type: string; shape?: Record<string, unknown>; innerType?: z.core.$ZodType; in?: z.core.$ZodType; left?: z.core.$ZodType; right?: z.core.$ZodType };
  if (def.type === "object") return Object.keys(def.shape ?? {});
  if (def.innerType) return queryKeys(def.innerType);
  if (def.in) return queryKeys(def.in);
  if (def.left && def.right) return [...queryKeys(def.left), ...queryKeys(def.right)];
  return [];
}

type RouteModule = Record<string, (req: Request, ctx: { params: Promise<unknown> }) => Promise<Response>>;

async function send(op: Operation, headers: Record<string, string>, params: Record<string, string | string[]>, query = "") {
  const mod = (await import(path.join(APP, op.path, "route.ts"))) as RouteModule;
  const url = new URL(op.path.replace(/\[(?:\.\.\.)?[^\]]+\]/g, "x") + query, TEST_ORIGIN);
  const writes = op.method !== "GET";
  const init: RequestInit = { method: op.method, headers: { ...headers, host: url.host, ...(writes ? { "content-type": "application/json" } : {}) }, body: writes ? "{}" : undefined };
  const res = await inRequestScope(op.path, new Request(url, init), (req) => mod[op.method](req, { params: Promise.resolve(params) }));
  const text = await res.text();
  return { status: res.status, text };
}

const problem = (status: number, text: string, acceptSuccess: boolean) => {
  if (status >= 500) return true;
  if (status < 400) return !acceptSuccess;
  try {
    const body = JSON.parse(text) as { message?: unknown; code?: unknown };
    return typeof body.message !== "string" || typeof body.code !== "string";
  } catch {
    return true;
  }
};

let headers: Record<string, string>;

beforeAll(async () => {
  const admin = await createUser(testDb.prisma, { role: "admin" });
  await addMembership(testDb.prisma, (await createUnit(testDb.prisma)).id, admin.id);
  headers = await signIn(admin);
});

describe("hostile path segments: a 4xx, never a 5xx", () => {
  const withParams = operations.filter((op) => pathParamNames(op.path).length > 0);

  it.each(withParams.map((op) => [operationKey(op), op] as const))("%s", async (_key, op) => {
    const failures: string[] = [];
    for (const name of pathParamNames(op.path)) {
      for (const value of HOSTILE_SEGMENTS) {
        const params = { ...placeholderParams(op), [name]: op.path.includes(`[...${name}]`) ? [value] : value };
        const res = await send(op, headers, params);
        if (problem(res.status, res.text, false)) failures.push(`${name} = ${JSON.stringify(value).slice(0, 40)}: ${res.status} ${res.text.slice(0, 160)}`);
      }
    }
    expect(failures).toEqual([]);
  });
});

describe("hostile query values: a 4xx or a success, never a 5xx", () => {
  const withQuery = operations.filter((op) => op.query && queryKeys(op.query as z.core.$ZodType).length > 0);

  it.each(withQuery.map((op) => [operationKey(op), op] as const))("%s", async (_key, op) => {
    const failures: string[] = [];
    for (const key of queryKeys(op.query as z.core.$ZodType)) {
      for (const value of HOSTILE_QUERY) {
        const res = await send(op, headers, placeholderParams(op), `?${new URLSearchParams({ [key]: value })}`);
        if (problem(res.status, res.text, true)) failures.push(`${key} = ${JSON.stringify(value)}: ${res.status} ${res.text.slice(0, 160)}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
