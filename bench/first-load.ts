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
 * misses its 170 KB budget (docs/performance.md). `--files` lists the scripts; `--later` adds
 * what the first route loads on use and what a navigation from it to each other route adds
 * (the price of merging chunks).
 *
 * Each file counts as the server sends it (scripts/static-assets.ts): the build's Zopfli gzip
 * copy, beside it the Brotli copy that browsers get, and Next's own gzip (level 6, what a build
 * without the copies would send) for comparison. The budget is held to the gzip copy.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { runInNewContext } from "node:vm";
import { precompressedLevel, precompressStatic } from "../scripts/precompress";

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

interface Sizes {
  /** The gzip copy the server sends (Next's own gzip when the build has no copies). */
  kb: number;
  br: number | null;
  /** Next's per-request gzip at level 6. */
  level6: number;
}

function sizesOf(file: string): Sizes {
  const full = path.join(next, file);
  const copy = (ext: string) => (existsSync(full + ext) ? statSync(full + ext).size / 1024 : null);
  const level6 = gzipSync(readFileSync(full)).length / 1024;
  return { kb: copy(".gz") ?? level6, br: copy(".br"), level6 };
}

function measure(route: string): Sizes & { files: Array<Sizes & { file: string }> } {
  const files = entryFiles(route)
    .map((file) => ({ file, ...sizesOf(file) }))
    .sort((a, b) => b.kb - a.kb);
  const sum = (pick: (f: Sizes) => number | null) => files.reduce<number | null>((total, f) => (total === null || pick(f) === null ? null : total + (pick(f) as number)), 0);
  return { kb: sum((f) => f.kb) as number, br: sum((f) => f.br), level6: sum((f) => f.level6) as number, files };
}

/** Every script the route's first-load scripts can fetch later (each `import()` of theirs), less the first load's own. */
function onUseFiles(firstLoad: string[]): string[] {
  const have = new Set(firstLoad);
  const later = new Set<string>();
  for (const file of firstLoad) {
    // Turbopack's loader for a dynamic import: Promise.all(["static/chunks/a.js", ...].map(load)).
    for (const match of readFileSync(path.join(next, file), "utf8").matchAll(/Promise\.all\(\[([^\]]*)\]\.map/g)) {
      for (const chunk of JSON.parse(`[${match[1]}]`) as string[]) if (!have.has(chunk)) later.add(chunk);
    }
  }
  return [...later];
}

/**
 * `--later`: what a change to chunking costs after the first load. All the route's on-use code
 * together (every dialog, menu and screen part it loads on use), and for each other route the
 * scripts a navigation from the first route adds.
 */
function reportLater(routes: string[]): void {
  const [from, ...others] = routes;
  const first = entryFiles(from);
  const total = (files: string[]) => files.reduce((sum, file) => sum + sizesOf(file).kb, 0);
  const later = onUseFiles(first);
  console.log(`[first-load] ${from}, on use: ${total(later).toFixed(1)} KB gzip in ${later.length} scripts, everything its dynamic imports load`);
  for (const to of others) {
    const added = entryFiles(to).filter((file) => !first.includes(file));
    console.log(`[first-load] ${from} → ${to}: +${total(added).toFixed(1)} KB gzip in ${added.length} scripts`);
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const verbose = args.includes("--files");
  const routes = args.filter((a) => !a.startsWith("--"));
  let missed = false;
  // The build writes fast copies; the server remakes them at the strongest level once it runs.
  // Count what a running server sends: make those now if no server has yet.
  if (precompressedLevel(next) === "fast") {
    console.log("[first-load] making the build's strongest Brotli and Zopfli copies first (scripts/precompress.js) ...");
    await precompressStatic(next, { level: "max" });
  }
  for (const route of routes.length ? routes : DEFAULT_ROUTES) {
    const { kb, br, level6, files } = measure(route);
    const budget = BUDGET_KB[route];
    const verdict = budget === undefined ? "" : kb <= budget ? ` — within the ${budget} KB budget` : ` — MISSED: over the ${budget} KB budget`;
    missed ||= budget !== undefined && kb > budget;
    const others = br === null ? "no precompressed copies in this build" : `Brotli ${br.toFixed(1)} KB, Next's own gzip ${level6.toFixed(1)} KB`;
    console.log(`[first-load] ${route}: ${kb.toFixed(1)} KB gzip in ${files.length} scripts (${others})${verdict}`);
    if (verbose) for (const f of files) console.log(`[first-load]   ${f.kb.toFixed(1).padStart(6)} KB  (br ${f.br?.toFixed(1) ?? "-"}, level 6 ${f.level6.toFixed(1)})  ${f.file}`);
  }
  if (args.includes("--later")) reportLater(routes.length ? routes : DEFAULT_ROUTES);
  if (missed) process.exitCode = 1;
}

void main();
