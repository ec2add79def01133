/**
 * npm run bench:js -- [route ...]   (after `next build`)
 *
 * The JavaScript a cold load of each route fetches before anything else happens, counted from
 * the production build's own manifests: the framework's `rootMainFiles` plus the client chunks
 * of every layout, error and loading boundary and the page on the route's path, and the root
 * global-error boundary's (every page's HTML loads it), gzip of each file. Not counted: the root
 * not-found boundary's chunk (next/link, 3.3 KB), which the HTML of some routes also loads
 * (/mobile-punch and /tasks/[id], not the dashboard). Deterministic (no server, no network, no machine noise), so a change's effect on the
 * first load can be read to the tenth of a KB; Lighthouse's "JS transferred" (npm run
 * lighthouse) is the same set plus whatever loads while it watches. Exits 1 when the dashboard
 * misses issue 11's 170 KB budget.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { runInNewContext } from "node:vm";

const BUDGET_KB: Record<string, number> = { "/": 170 };
const DEFAULT_ROUTES = ["/", "/mobile-punch", "/tasks/[id]", "/admin/time-card"];

const root = path.resolve(__dirname, "..");
const next = path.join(root, ".next");

/** The app-directory page whose URL is `route` (route groups such as `(app)` are invisible in URLs). */
function pageDir(route: string): string {
  const segments = route.split("/").filter(Boolean);
  for (const prefix of [[], ["(app)"]]) {
    const dir = path.join(next, "server", "app", ...prefix, ...segments);
    if (existsSync(path.join(dir, "page_client-reference-manifest.js"))) return dir;
  }
  throw new Error(`No built page for ${route}: run \`npx next build\` first`);
}

function entryFiles(route: string): string[] {
  const dir = pageDir(route);
  const source = readFileSync(path.join(dir, "page_client-reference-manifest.js"), "utf8");
  const sandbox = { globalThis: {} as { __RSC_MANIFEST?: Record<string, { entryJSFiles: Record<string, string[]> }> } };
  runInNewContext(source, sandbox);
  const manifest = Object.values(sandbox.globalThis.__RSC_MANIFEST ?? {})[0];
  if (!manifest) throw new Error(`Unreadable client manifest for ${route}`);
  // Every entry on this route's path: layouts, boundaries and the page itself.
  const pagePrefix = `[project]/${path.relative(path.join(next, "server"), dir)}/`;
  const onPath = Object.entries(manifest.entryJSFiles).filter(([entry]) => {
    const folder = entry.slice(0, entry.lastIndexOf("/") + 1);
    return pagePrefix.startsWith(folder) && !entry.endsWith("/not-found");
  });
  const rootMain = (JSON.parse(readFileSync(path.join(next, "build-manifest.json"), "utf8")) as { rootMainFiles: string[] }).rootMainFiles;
  return [...new Set([...rootMain, ...onPath.flatMap(([, files]) => files)])];
}

function measure(route: string): { kb: number; files: Array<{ file: string; kb: number }> } {
  const files = entryFiles(route)
    .map((file) => ({ file, kb: gzipSync(readFileSync(path.join(next, file))).length / 1024 }))
    .sort((a, b) => b.kb - a.kb);
  return { kb: files.reduce((sum, f) => sum + f.kb, 0), files };
}

function main(): void {
  const args = process.argv.slice(2);
  const verbose = args.includes("--files");
  const routes = args.filter((a) => !a.startsWith("--"));
  let missed = false;
  for (const route of routes.length ? routes : DEFAULT_ROUTES) {
    const { kb, files } = measure(route);
    const budget = BUDGET_KB[route];
    const verdict = budget === undefined ? "" : kb <= budget ? ` — within the ${budget} KB budget` : ` — MISSED: over the ${budget} KB budget`;
    missed ||= budget !== undefined && kb > budget;
    console.log(`[first-load] ${route}: ${kb.toFixed(1)} KB gzip in ${files.length} scripts${verdict}`);
    if (verbose) for (const f of files) console.log(`[first-load]   ${f.kb.toFixed(1).padStart(6)} KB  ${f.file}`);
  }
  if (missed) process.exitCode = 1;
}

main();
