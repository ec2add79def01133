/** Source files of the project, for tests that check a rule across the code (not a test file itself). */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

export const ROOT = path.resolve(__dirname, "../..");

/** Every .ts/.tsx file under the given folders (relative to the repo), generated code and tests excluded. */
export function sourceFiles(...folders: string[]): Array<{ file: string; text: string }> {
  const out: Array<{ file: string; text: string }> = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      const rel = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== "generated" && entry.name !== "node_modules") walk(rel);
      } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        out.push({ file: rel, text: readFileSync(path.join(ROOT, rel), "utf8") });
      }
    }
  };
  for (const folder of folders) walk(folder);
  return out;
}

/** Every file with this exact name under dir (absolute paths). */
export function filesNamed(dir: string, name: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name === name)
    .map((e) => path.join(e.parentPath, e.name));
}

/** "/api/tasks/[id]" from <app>/api/tasks/[id]/route.ts; route groups "(app)" leave the URL. */
export const routeUrlOf = (app: string, file: string) =>
  "/" +
  path
    .relative(app, path.dirname(file))
    .split(path.sep)
    .filter((s) => s && !/^\(.*\)$/.test(s))
    .join("/");

const ROUTE_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

/** The HTTP methods a route module exports: `export const GET`, `export async function GET`, `export { h as GET }`. */
export function exportedMethods(source: string): string[] {
  const found = new Set<string>();
  const methods = ROUTE_METHODS.join("|");
  for (const m of source.matchAll(new RegExp(`export\\s+(?:const|let|async\\s+function|function)\\s+(${methods})\\b`, "g"))) found.add(m[1]);
  for (const block of source.matchAll(/export\s*\{([^}]*)\}/g)) {
    for (const m of block[1].matchAll(new RegExp(`(?:\\bas\\s+|^|,)\\s*(${methods})\\s*(?=,|$)`, "g"))) found.add(m[1]);
  }
  return [...found].sort();
}
