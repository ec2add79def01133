/**
 * The authorization matrix: every /api route handler and every page, against every kind of
 * caller, with the outcome each must get. The tables are written out by hand (they never read
 * lib/auth or the route options they check), walked by tests/authorization/api-walk.ts
 * (the API rows, in-process) and e2e/authorization-matrix.spec.ts (the pages, against the real
 * server), and checked for completeness against the handlers and pages
 * on disk by tests/authorization/matrix-complete.test.ts.
 *
 * Adding a route: add a row to the domain's file under tests/authorization/api/ (or a new file,
 * listed in api/index.ts). Adding a page: a row in tests/authorization/pages.ts.
 */
import type { PrismaClient } from "@/lib/generated/prisma/client";

/**
 * Who calls. "staff" owns the resources a row's setup creates; "otherStaff" is another staff
 * member of the same department; "manager" manages that department (is a member of it);
 * "admin" is not a member of it; "mobile" is the staff owner with a bearer access token;
 * "apiKey" is an API key acting as the staff owner that holds no scope: public routes
 * ignore it (the anonymous outcome), every other route refuses it with 403 (a missing scope, or
 * a route closed to keys) but GET /api/user (whom the key acts as). The helpers below derive it,
 * so rows need not name it.
 */
/** How many test files share the API walk: api-matrix-1.test.ts … api-matrix-<n>.test.ts (./api-walk.ts). */
export const API_MATRIX_PARTS = 4;

/** "clinic" is a clinic's user (docs/clinics.md): not a member; 403 on every staff operation. */
export const API_CALLERS = ["anonymous", "staff", "otherStaff", "manager", "admin", "mobile", "apiKey", "clinic"] as const;
export type ApiCaller = (typeof API_CALLERS)[number];

/** 200/201 allowed (303: a browser redirect, single sign-on), 401 not signed in, 403 signed in but not allowed, 404 not there or not yours; 400 only where no caller can succeed. */
export type ApiOutcome = 200 | 201 | 303 | 400 | 401 | 403 | 404;
export type ApiExpectation = Record<ApiCaller, ApiOutcome>;

export const HTTP_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export interface MatrixUser {
  id: string;
  email: string;
  role: string;
}

export interface MatrixUsers {
  staff: MatrixUser;
  otherStaff: MatrixUser;
  manager: MatrixUser;
  admin: MatrixUser;
  /** A user of a fresh clinic (`clinicVendorId`). */
  clinic: MatrixUser;
}

export interface SetupContext {
  db: PrismaClient;
  users: MatrixUsers;
  /** The department of staff, otherStaff and manager. */
  unitId: string;
  /** The clinic (a vendor of kind clinic) of users.clinic. */
  clinicVendorId: string;
  /** The user the request is sent as (the staff owner for "mobile"); null when anonymous. */
  caller: MatrixUser | null;
  /** Signs a user in through POST /api/login and returns the response body (mobile: tokens too). */
  login(email: string, client?: "web" | "mobile"): Promise<Record<string, unknown>>;
}

export interface RequestSpec {
  /** Concrete path with query (defaults to the route when it has no [segments]). */
  path?: string;
  /** JSON body. */
  body?: unknown;
  /** A multipart/form-data body instead (upload routes): field name -> file, or a text field's value. */
  multipart?: Record<string, { name: string; mimeType: string; buffer: Buffer } | string>;
}

export interface ApiRow {
  /** As on disk: "/api/tasks/[id]". */
  route: string;
  method: HttpMethod;
  /** Tells two rows of the same route and method apart (e.g. "private task"). */
  case?: string;
  /** Builds the resources of one request (run once per caller, so every caller gets fresh ones). */
  setup?: (ctx: SetupContext) => Promise<RequestSpec>;
  expect: ApiExpectation;
  /**
   * A manager of another department: a manager who is a member of a unit of their own, not of the
   * row's (the setup runs with them as `ctx.caller`). Walked only where a row declares it; the
   * rows of the operations scoped by department (schedule, availability, time off) must
   * (matrix-complete.test.ts). A list scoped to one's departments answers 200 with none of the
   * row's; what it leaves out is checked by the domain's integration tests.
   */
  otherManager?: ApiOutcome;
}

/** The routes whose rows must declare `otherManager` (operations scoped by department). */
export const OTHER_MANAGER_ROUTES = /^\/api\/(schedule|availability|time-off)(\/|$)/;

/** Anyone, signed in or not. */
export const everyone = (outcome: ApiOutcome): ApiExpectation => ({
  anonymous: outcome,
  staff: outcome,
  otherStaff: outcome,
  manager: outcome,
  admin: outcome,
  mobile: outcome,
  apiKey: outcome,
  clinic: outcome,
});

/** Any signed-in caller; `overrides` for those that differ. */
export const signedIn = (outcome: ApiOutcome, overrides: Partial<ApiExpectation> = {}): ApiExpectation => ({
  ...everyone(outcome),
  anonymous: 401,
  apiKey: 403,
  // A clinic user is refused on every staff operation (route(), docs/clinics.md).
  clinic: 403,
  ...overrides,
});

/** Administrators only: everyone else signed in gets 403. */
export const adminOnly = (outcome: ApiOutcome): ApiExpectation => ({
  anonymous: 401,
  staff: 403,
  otherStaff: 403,
  manager: 403,
  admin: outcome,
  mobile: 403,
  apiKey: 403,
  clinic: 403,
});

/** A clinic user's own operations (the portal): every member gets 403, an API key too. */
export const clinicOnly = (outcome: ApiOutcome): ApiExpectation => ({
  anonymous: 401,
  staff: 403,
  otherStaff: 403,
  manager: 403,
  admin: 403,
  mobile: 403,
  apiKey: 403,
  clinic: outcome,
});

// ---------------------------------------------------------------- pages

/** Pages are opened in a browser: no bearer tokens. */
export const PAGE_CALLERS = ["anonymous", "staff", "otherStaff", "manager", "admin", "clinic"] as const;
export type PageCaller = (typeof PAGE_CALLERS)[number];

/**
 * "render": 200; "redirect": a redirect to / (the sign-in page, or the dashboard for a signed-in member);
 * "portal": a redirect to /clinic (a clinic user's home, docs/clinics.md); "notFound": 404.
 */
export type PageOutcome = "render" | "redirect" | "portal" | "notFound";
export type PageExpectation = Record<PageCaller, PageOutcome>;

export interface PageRow {
  /** As on disk, without route groups: "/tasks/[id]". */
  page: string;
  case?: string;
  setup?: (ctx: SetupContext) => Promise<{ path: string }>;
  expect: PageExpectation;
}
