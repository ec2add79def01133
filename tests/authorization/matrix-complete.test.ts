/**
 * No route ships unreviewed: every API operation (its descriptor, lib/openapi/operations.ts; the
 * OpenAPI test ties each to its handler on disk) and every app/**\/page.tsx must have its rows in
 * the authorization matrix (and the matrix must not list what no longer exists). The walks are
 * api-matrix-<n>.test.ts (API, in-process, ./api-walk.ts) and e2e/authorization-matrix.spec.ts (pages).
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import { API_MATRIX } from "./api";
import { PAGE_MATRIX } from "./pages";
import { API_CALLERS, API_MATRIX_PARTS, OTHER_MANAGER_ROUTES, PAGE_CALLERS } from "./types";
import { exportedMethods, filesNamed, routeUrlOf } from "@/tests/support/source-files";
import { operationKey } from "@/lib/http/operation";
import { apiOperations } from "@/lib/openapi/operations";

const APP = path.resolve(__dirname, "../../app");
const urlOf = (file: string) => routeUrlOf(APP, file);

describe("the authorization matrix covers every API operation", () => {
  const onDisk = apiOperations().map(operationKey);
  const inTable = new Set(API_MATRIX.map((row) => `${row.method} ${row.route}`));

  it("walks every part of the table: one api-matrix-<n>.test.ts per part", () => {
    const files = readdirSync(__dirname).filter((name) => /^api-matrix-\d+\.test\.ts$/.test(name));
    expect(files.sort()).toEqual(Array.from({ length: API_MATRIX_PARTS }, (_, i) => `api-matrix-${i + 1}.test.ts`).sort());
  });

  it("finds the route handlers (sanity)", () => {
    expect(onDisk.length).toBeGreaterThan(40);
    expect(onDisk).toContain("GET /api/tasks");
    expect(onDisk).toContain("GET /api/auth/[...nextauth]");
  });

  it("has a row for every exported handler", () => {
    expect(onDisk.filter((key) => !inTable.has(key))).toEqual([]);
  });

  it("lists nothing that is not on disk", () => {
    expect([...inTable].filter((key) => !onDisk.includes(key))).toEqual([]);
  });

  it("gives every row an outcome for every caller kind, and a setup when the path has segments", () => {
    for (const row of API_MATRIX) {
      expect([row.route, row.method, Object.keys(row.expect).sort()]).toEqual([row.route, row.method, [...API_CALLERS].sort()]);
      if (row.route.includes("[")) expect([row.route, typeof row.setup]).toEqual([row.route, "function"]);
    }
  });

  it("has every row of an operation scoped by department say what a manager of another department gets", () => {
    const missing = API_MATRIX.filter((row) => OTHER_MANAGER_ROUTES.test(row.route) && row.otherManager === undefined).map((row) => `${row.method} ${row.route}`);
    expect(missing).toEqual([]);
    expect(API_MATRIX.filter((row) => row.otherManager !== undefined).length).toBeGreaterThan(30);
  });

  it("names rows uniquely", () => {
    const keys = API_MATRIX.map((row) => `${row.method} ${row.route} ${row.case ?? ""}`);
    expect(keys.filter((key, i) => keys.indexOf(key) !== i)).toEqual([]);
  });
});

describe("the authorization matrix covers every page on disk", () => {
  const onDisk = filesNamed(APP, "page.tsx").map(urlOf);
  const inTable = new Set(PAGE_MATRIX.map((row) => row.page));

  it("has a row for every page", () => {
    expect(onDisk.length).toBeGreaterThan(20);
    expect(onDisk.filter((page) => !inTable.has(page))).toEqual([]);
  });

  it("lists nothing that is not on disk", () => {
    expect([...inTable].filter((page) => !onDisk.includes(page))).toEqual([]);
  });

  it("gives every row an outcome for every caller kind, and a setup when the path has segments", () => {
    for (const row of PAGE_MATRIX) {
      expect([row.page, Object.keys(row.expect).sort()]).toEqual([row.page, [...PAGE_CALLERS].sort()]);
      if (row.page.includes("[")) expect([row.page, typeof row.setup]).toEqual([row.page, "function"]);
    }
  });
});

describe("exportedMethods", () => {
  it("reads the three export styles", () => {
    expect(exportedMethods("export const GET = route(...);\nexport async function POST() {}")).toEqual(["GET", "POST"]);
    expect(exportedMethods("const handler = NextAuth(o);\nexport { handler as GET, handler as POST };")).toEqual(["GET", "POST"]);
    expect(exportedMethods("export { PATCH, DELETE } from './x';")).toEqual(["DELETE", "PATCH"]);
    expect(exportedMethods("export const dynamic = 'force-dynamic';")).toEqual([]);
  });
});
