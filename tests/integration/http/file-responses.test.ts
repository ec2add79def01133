/**
 * Every operation whose descriptor `produces` a file answers through fileResponse()
 * (lib/http/file-response.ts): for each of them, each authorization-matrix row of that route is
 * set up as the matrix does it (fresh members and resources, a real sign-in), sent to the real
 * handler against the real Postgres as a caller the matrix lets through, and the file answer's
 * headers are checked: an RFC 6266 name with its exact UTF-8 form, a CSP that lets the file run
 * nothing, nosniff, and a private Cache-Control that never lets a shared cache keep it.
 */
import { isProducedType, operationKey, type Operation } from "@/lib/http/operation";
import { apiOperations } from "@/lib/openapi/operations";
import { useTestDatabase } from "@/tests/support/db";
import { API_MATRIX } from "@/tests/authorization/api";
import { callerFor, login, send, useUploadFolder } from "@/tests/authorization/api-walk";
import { API_CALLERS, type ApiRow, type SetupContext } from "@/tests/authorization/types";
import { freshUsers, retireCheck } from "@/tests/authorization/walk";

const testDb = useTestDatabase();
useUploadFolder();

const FILE_OPERATIONS = apiOperations().filter((op) => op.produces !== undefined);

/** The matrix rows of an operation, with the first caller kind each lets through (200). */
function rowsOf(op: Operation): { row: ApiRow; kind: string }[] {
  return API_MATRIX.filter((row) => row.method === op.method && row.route === op.path).flatMap((row) => {
    const kind = API_CALLERS.find((k) => row.expect[k] === 200);
    return kind ? [{ row, kind }] : [];
  });
}

/** The query variants a file operation answers with another type (format=csv|pdf|xlsx). */
function variants(path: string): string[] {
  const url = new URL(path, "http://x");
  if (!url.searchParams.has("format")) return [path];
  return ["csv", "pdf", "xlsx"].map((format) => {
    url.searchParams.set("format", format);
    return `${url.pathname}${url.search}`;
  });
}

it("there are file operations, and each has a matrix row some caller may read", () => {
  expect(FILE_OPERATIONS.length).toBeGreaterThanOrEqual(12);
  expect(FILE_OPERATIONS.filter((op) => rowsOf(op).length === 0).map(operationKey)).toEqual([]);
});

describe.each(FILE_OPERATIONS.map((op) => [operationKey(op), op] as const))("%s", (_key, op) => {
  it("answers with a file through fileResponse(): RFC 6266 name, download CSP, nosniff, private Cache-Control", async () => {
    const db = testDb.prisma;
    let checked = 0;
    for (const { row, kind } of rowsOf(op)) {
      const base = await freshUsers(db);
      try {
        const { headers, caller } = await callerFor(db, kind, base);
        const ctx: SetupContext = { db, ...base, caller, login: async (email, client = "web") => (await login(email, client)).body };
        const spec = await row.setup?.(ctx);
        for (const path of variants(spec?.path ?? row.route)) {
          const response = await send(row, { ...spec, path }, headers);
          if (response.status === 400) continue; // a format this operation does not offer
          const where = `${row.method} ${path} as ${kind}`;
          expect({ where, status: response.status }).toEqual({ where, status: 200 });
          const h = (name: string) => response.headers.get(name) ?? "";
          expect({ where, typed: isProducedType(op, h("content-type")) }).toEqual({ where, typed: true });
          expect(h("content-disposition")).toMatch(/^(inline|attachment); filename="[\x20-\x21\x23-\x5b\x5d-\x7e]+"; filename\*=UTF-8''[A-Za-z0-9%!._~-]+$/);
          expect(h("x-content-type-options")).toBe("nosniff");
          expect(h("content-security-policy")).toMatch(/^default-src 'none'/);
          expect(h("cache-control")).toMatch(/^private, no-(store|cache)$/);
          await response.arrayBuffer();
          checked++;
        }
      } finally {
        await retireCheck(db, base);
      }
    }
    expect(checked).toBeGreaterThan(0);
  });
});
