/**
 * Walks the API half of the authorization matrix (tests/authorization/api) in-process: for
 * every row and every caller kind, fresh members and resources, a real sign-in through
 * POST /api/login (a session cookie, or a bearer access token for "mobile"; an API key for
 * "apiKey"), one request to the handler that app/api/<row.route>/route.ts exports for the row's
 * method, and the status compared with the table. The handlers are found by their file on disk,
 * as Next finds them, so the walk never depends on how a handler is built. The pages half needs
 * Next's router and proxy and stays in Playwright (e2e/authorization-matrix.spec.ts).
 *
 * The rows are walked in API_MATRIX_PARTS test files (api-matrix-<n>.test.ts), every n-th row
 * each: one file walked them in 1-2 min on one jest worker, often the last to finish.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { POST as loginHandler } from "@/app/api/login/route";
import { addMembership, createApiKey, createUnit, createUser, DEFAULT_TEST_PASSWORD } from "@/prisma/factories";
import { TEST_ORIGIN } from "@/tests/support/auth";
import { useTestDatabase } from "@/tests/support/db";
import { inRequestScope } from "@/tests/support/request-scope";
import { exportedMethods, filesNamed, routeUrlOf } from "@/tests/support/source-files";
import { API_MATRIX } from "./api";
import { API_CALLERS, API_MATRIX_PARTS, type ApiRow, type MatrixUser, type RequestSpec, type SetupContext } from "./types";
import { freshUsers, retireCheck, type MatrixBase } from "./walk";

type Db = ReturnType<typeof useTestDatabase>["prisma"];
type Handler = (req: Request, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

const APP = path.resolve(__dirname, "../../app");

/** "/api/tasks/[id]" -> its route.ts, for every route file on disk. */
const ROUTE_FILES = new Map(filesNamed(path.join(APP, "api"), "route.ts").map((file) => [routeUrlOf(APP, file), file]));

async function handlerFor(row: ApiRow): Promise<Handler> {
  const file = ROUTE_FILES.get(row.route);
  if (!file) throw new Error(`No route.ts for ${row.route}`);
  if (!exportedMethods(readFileSync(file, "utf8")).includes(row.method)) throw new Error(`${row.route} exports no ${row.method}`);
  const mod = (await import(file)) as Record<string, Handler>;
  return mod[row.method];
}

/** The dynamic segments of `pathname` for a route pattern: [id] -> "…", [...path] / [[...path]] -> ["…", …]. */
function paramsOf(route: string, pathname: string): Record<string, string | string[]> {
  const pattern = route.split("/").filter(Boolean);
  const parts = pathname.split("/").filter(Boolean).map(decodeURIComponent);
  const params: Record<string, string | string[]> = {};
  pattern.forEach((segment, i) => {
    const catchAll = /^\[{1,2}\.\.\.(.+?)\]{1,2}$/.exec(segment);
    if (catchAll) params[catchAll[1]] = parts.slice(i);
    else if (/^\[.+\]$/.test(segment)) params[segment.slice(1, -1)] = parts[i];
    else if (parts[i] !== segment) throw new Error(`${pathname} does not match ${route}`);
  });
  return params;
}

/** Calls the row's handler the way the server would: a real Request, JSON or multipart body. */
export async function send(row: ApiRow, spec: RequestSpec, headers: Record<string, string>): Promise<Response> {
  const url = new URL(spec.path ?? row.route, TEST_ORIGIN);
  const init: RequestInit = { method: row.method, headers: new Headers({ host: url.host, ...headers }) };
  if (spec.multipart) {
    const form = new FormData();
    for (const [field, file] of Object.entries(spec.multipart)) {
      if (typeof file === "string") form.append(field, file);
      else form.append(field, new File([new Uint8Array(file.buffer)], file.name, { type: file.mimeType }));
    }
    init.body = form;
  } else if (spec.body !== undefined) {
    (init.headers as Headers).set("content-type", "application/json");
    init.body = JSON.stringify(spec.body);
  }
  const handler = await handlerFor(row);
  return inRequestScope(row.route, new Request(url, init), (req) => handler(req, { params: Promise.resolve(paramsOf(row.route, url.pathname)) }));
}

export async function login(email: string, client: "web" | "mobile" = "web"): Promise<{ response: Response; body: Record<string, unknown> }> {
  const response = await loginHandler(
    new Request(new URL("/api/login", TEST_ORIGIN), {
      method: "POST",
      headers: { host: new URL(TEST_ORIGIN).host, "content-type": "application/json" },
      body: JSON.stringify({ email, password: DEFAULT_TEST_PASSWORD, client }),
    }),
    { params: Promise.resolve({}) },
  );
  const body = (await response.json()) as Record<string, unknown>;
  if (response.status !== 200) throw new Error(`sign-in as ${email}: ${response.status} ${JSON.stringify(body)}`);
  return { response, body };
}

/** The headers that make a request come from `kind`, and the user behind it. */
export async function callerFor(db: Db, kind: string, { users }: MatrixBase): Promise<{ headers: Record<string, string>; caller: MatrixUser | null }> {
  if (kind === "anonymous") return { headers: {}, caller: null };
  if (kind === "apiKey") {
    // The staff owner's key with no scope: public routes ignore it, every other route answers 403.
    const { token } = await createApiKey(db, { createdById: users.admin.id, actingUserId: users.staff.id, scopes: [] });
    return { headers: { authorization: `Bearer ${token}` }, caller: users.staff };
  }
  if (kind === "mobile") {
    const { body } = await login(users.staff.email, "mobile");
    return { headers: { authorization: `Bearer ${(body.auth as { accessToken: string }).accessToken}` }, caller: users.staff };
  }
  const caller = users[kind as keyof typeof users];
  const { response } = await login(caller.email);
  const cookie = (response.headers.get("set-cookie") ?? "").split(";")[0].trim();
  if (!cookie) throw new Error(`sign-in as ${caller.email} set no cookie`);
  return { headers: { cookie }, caller };
}

/** Walks every API_MATRIX_PARTS-th row of the table, from row `part` (1-based) on. */
export function walkApiMatrix(part: number): void {
  const testDb = useTestDatabase();
  useUploadFolder();
  // MATRIX_ROUTES=<regex> walks only the rows whose route matches it (a domain's rows while working on it).
  const only = process.env.MATRIX_ROUTES ? new RegExp(process.env.MATRIX_ROUTES) : null;
  const rows = API_MATRIX.filter((row, i) => i % API_MATRIX_PARTS === part - 1 && (!only || only.test(row.route)));
  describe(`authorization matrix: API (part ${part} of ${API_MATRIX_PARTS})`, () => {
    for (const row of rows) {
      it(`${row.method} ${row.route}${row.case ? ` (${row.case})` : ""}`, () => walkRow(testDb.prisma, row));
    }
  });
}

async function walkRow(db: Db, row: ApiRow): Promise<void> {
  const actual: Record<string, number> = {};
  const details: string[] = [];
  for (const kind of API_CALLERS) {
    const base = await freshUsers(db);
    try {
      const { headers, caller } = await callerFor(db, kind, base);
      const ctx: SetupContext = { db, ...base, caller, login: async (email, client = "web") => (await login(email, client)).body };
      const spec = (await row.setup?.(ctx)) ?? {};
      const response = await send(row, spec, headers);
      actual[kind] = response.status;
      const text = await response.text();
      if (response.status !== row.expect[kind]) details.push(`${kind}: ${response.status} ${text.slice(0, 200)}`);
    } finally {
      await retireCheck(db, base);
    }
  }
  const expected: Record<string, number> = { ...row.expect };
  if (row.otherManager !== undefined) {
    expected.otherManager = row.otherManager;
    const base = await freshUsers(db);
    const elsewhere = await createUnit(db);
    const otherManager = await createUser(db, { role: "manager" });
    await addMembership(db, elsewhere.id, otherManager.id);
    try {
      const { response: signIn } = await login(otherManager.email);
      const cookie = (signIn.headers.get("set-cookie") ?? "").split(";")[0].trim();
      const ctx: SetupContext = { db, ...base, caller: otherManager, login: async (email, client = "web") => (await login(email, client)).body };
      const spec = (await row.setup?.(ctx)) ?? {};
      const response = await send(row, spec, { cookie });
      actual.otherManager = response.status;
      const text = await response.text();
      if (response.status !== row.otherManager) details.push(`otherManager: ${response.status} ${text.slice(0, 200)}`);
    } finally {
      await retireCheck(db, base);
      await retireCheck(db, { ...base, users: { ...base.users, manager: otherManager }, unitId: elsewhere.id });
    }
  }
  expect({ row: `${row.method} ${row.route}`, ...actual, details }).toEqual({ row: `${row.method} ${row.route}`, ...expected, details: [] });
}

/**
 * Rows that store files write them where the e2e server keeps its uploads
 * (.data/e2e-uploads/<E2E_PORT>): a folder of this file's own, removed afterwards.
 */
export function useUploadFolder(): void {
  let uploads: string;
  const saved = { E2E_PORT: process.env.E2E_PORT, UPLOAD_DIR: process.env.UPLOAD_DIR };
  beforeAll(() => {
    const root = path.resolve(__dirname, "../../.data/e2e-uploads");
    mkdirSync(root, { recursive: true });
    uploads = mkdtempSync(path.join(root, "jest-"));
    process.env.E2E_PORT = path.basename(uploads);
    process.env.UPLOAD_DIR = uploads;
  });
  afterAll(() => {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    rmSync(uploads, { recursive: true, force: true });
  });
}
