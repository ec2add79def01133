/**
 * Screens take their answer types from the contract (the response schemas of
 * lib/validations/<domain>.ts and the types exported beside them), never from lib/services: a
 * service's type is what the server happens to build, the contract is what the wire carries.
 *
 * The rule: no file under app/ or components/ imports a type from `@/lib/services/**`, neither
 * `import type { X } from ...` nor `import { type X } from ...`. A server page may still import a
 * service function (it reads with it on the server); lint already keeps components to type
 * imports of services, and this closes that door too.
 */
import path from "node:path";
import { sourceFiles } from "@/tests/support/source-files";

/** Every import statement from lib/services with the names it brings in (comments dropped). */
const SERVICE_IMPORT = /^[ \t]*import\s+(type\s+)?(?:\{([^}]*)\}|\*\s+as\s+\w+|\w+)\s+from\s+["']@\/lib\/services\/[^"']+["']/gm;

const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");

/** The type names a file takes from lib/services. */
function serviceTypeImports(text: string): string[] {
  return [...code(text).matchAll(SERVICE_IMPORT)].flatMap((m) => {
    const names = (m[2] ?? "").split(",").map((n) => n.trim()).filter(Boolean);
    if (m[1]) return names.length ? names.map((n) => n.replace(/\s+as\s+\w+$/, "")) : ["(whole module)"];
    return names.filter((n) => /^type\s/.test(n)).map((n) => n.replace(/^type\s+/, "").replace(/\s+as\s+\w+$/, ""));
  });
}

describe("screens take answer types from the contract, never from lib/services", () => {
  const files = sourceFiles("app", "components");

  it("finds the screens (sanity)", () => {
    expect(files.map((f) => f.file)).toContain(path.join("components", "time", "day-view.tsx"));
  });

  it("no file under app/ or components/ imports a type from lib/services", () => {
    const offenders = files.flatMap(({ file, text }) => serviceTypeImports(text).map((name) => `${file.split(path.sep).join("/")} ${name}`));
    expect(offenders).toEqual([]);
  });

  it("catches the imports it is meant to catch", () => {
    expect(serviceTypeImports('import type { TimeLog } from "@/lib/services/time/get-time-log";')).toEqual(["TimeLog"]);
    expect(serviceTypeImports('import { getTask, type TaskDto as Task } from "@/lib/services/tasks/get-task";')).toEqual(["TaskDto"]);
    expect(serviceTypeImports('import type * as time from "@/lib/services/time/get-time-log";')).toEqual(["(whole module)"]);
    expect(serviceTypeImports('import { getTask } from "@/lib/services/tasks/get-task";')).toEqual([]);
    expect(serviceTypeImports('import type { TimeLog } from "@/lib/validations/time";')).toEqual([]);
    expect(serviceTypeImports('// import type { TimeLog } from "@/lib/services/time/get-time-log";')).toEqual([]);
  });
});
