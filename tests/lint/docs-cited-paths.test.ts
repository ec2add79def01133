import fs from "node:fs";
import path from "node:path";

/**
 * The docs cite the code as it is: every file or folder path named in docs/*.md and README.md
 * exists, and every function or constant named in backticks (`visibleTaskWhere(caller)`,
 * `PRIVATE_TASK_TITLE`) is defined or used somewhere in the source tree. A rename that leaves a
 * doc behind fails here, with the doc and the name.
 */
const ROOT = path.resolve(__dirname, "../..");
const DOCS = [path.join(ROOT, "README.md"), ...fs.readdirSync(path.join(ROOT, "docs")).filter((f) => f.endsWith(".md")).map((f) => path.join(ROOT, "docs", f))];
const SOURCE_ROOTS = ["app", "components", "lib", "prisma", "scripts", "tests", "e2e", "bench", "proxy.ts", "eslint.config.mjs", "next.config.ts", "playwright.config.ts", "jest.config.mjs", "package.json"];
const SKIP_DIRS = new Set(["node_modules", ".next", "generated"]);

/**
 * A path of this repository: a run of path characters that starts at one of its top-level folders
 * or files. A placeholder or pattern (lib/<domain>/, e2e/*.spec.ts, recurrence-{fields,preview}.tsx)
 * is not checked; a path without an extension is a folder, or, in backticks, a module as imported
 * (`lib/db`, `lib/dates/business-days`). Generated code (lib/generated) exists only after a build.
 */
const CANDIDATE = /(?<![\w@./-])(?:(?:app|components|lib|prisma|scripts|tests|e2e|bench|docs|public|\.ci|\.github)\/[^\s`'"|,;:]*|(?:proxy|next\.config|playwright\.config)\.ts|(?:eslint|jest)\.config\.mjs)/g;
const MODULE_FILES = ["", ".ts", ".tsx", ".mjs", "/index.ts", "/index.tsx"];

function exists(cited: string, inBackticks: boolean): boolean {
  if (/\.[a-z]+$/.test(cited) || cited.endsWith("/")) return fs.existsSync(path.join(ROOT, cited));
  if (fs.existsSync(path.join(ROOT, cited))) return true;
  return inBackticks ? MODULE_FILES.some((ext) => fs.existsSync(path.join(ROOT, cited + ext))) : true;
}

function walk(dir: string, out: string[]) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (SKIP_DIRS.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else if (/\.(ts|tsx|mjs|js|json|sql|prisma)$/.test(entry.name)) out.push(full);
  }
}

let identifiers: Set<string> | undefined;
/** Every word of the source (docs aside): cheap, and enough to tell a name that exists from one that does not. */
function sourceIdentifiers(): Set<string> {
  if (identifiers) return identifiers;
  const files: string[] = [];
  for (const root of SOURCE_ROOTS) {
    const full = path.join(ROOT, root);
    if (!fs.existsSync(full)) continue;
    if (fs.statSync(full).isDirectory()) walk(full, files);
    else files.push(full);
  }
  identifiers = new Set();
  for (const file of files) for (const word of fs.readFileSync(file, "utf8").match(/[A-Za-z_$][\w$]*/g) ?? []) identifiers.add(word);
  return identifiers;
}

/** A backticked code name: `name`, `name(args)` or `Name.member`, camelCase or a CONSTANT, not a plain word. */
const CODE = /`([A-Za-z_$][\w$]*)(?:\([^`]*\)|\.[\w$.]+)?`/g;
const looksLikeCode = (name: string) => (/^[a-z]+[A-Z][\w$]*$/.test(name) || /^[A-Z][A-Z0-9]*_[A-Z0-9_]+$/.test(name)) && !/X(?=[A-Z]|$)/.test(name);
/** Settings of other tools that the docs quote (Kubernetes, Next's experimental flags, Prisma, Playwright): not names of this code. */
const OTHER_TOOLS = new Set([
  "terminationGracePeriodSeconds",
  "noModule",
  "relationJoins",
  "minChunkSize",
  "addRoutes",
  "turbopackCjsScopeHoisting",
  "turbopackCjsTreeShaking",
  "turbopackCrossModuleConstants",
  "turbopackMangleViaMaterializedNamespaceObject",
  "turbopackRemoveUnusedImports",
  "turbopackModuleFragments",
]);

function cited(doc: string) {
  const text = fs.readFileSync(doc, "utf8");
  const paths: Array<{ path: string; inBackticks: boolean }> = [];
  for (const match of text.matchAll(CANDIDATE)) {
    const value = match[0].replace(/#.*$/, "").replace(/[.)\]]+$/, "").replace(/\(([^)]*)$/, "");
    if (/[<>*{}…]|\.\.\./.test(match[0]) || value.startsWith("lib/generated/")) continue;
    paths.push({ path: value, inBackticks: text[match.index - 1] === "`" });
  }
  // Relative links between docs: [testing](testing.md).
  for (const match of text.matchAll(/\]\(([\w./-]+\.md)(?:#[\w-]*)?\)/g)) paths.push({ path: path.relative(ROOT, path.resolve(path.dirname(doc), match[1])), inBackticks: false });
  const names = new Set<string>();
  for (const match of text.matchAll(CODE)) if (looksLikeCode(match[1]) && !OTHER_TOOLS.has(match[1])) names.add(match[1]);
  return { paths, names: [...names] };
}

describe("the docs cite what exists", () => {
  it.each(DOCS.map((doc) => [path.relative(ROOT, doc), doc]))("%s: every cited path exists", (_name, doc) => {
    const missing = cited(doc).paths.filter((p) => !exists(p.path, p.inBackticks)).map((p) => p.path);
    expect(missing).toEqual([]);
  });

  it.each(DOCS.map((doc) => [path.relative(ROOT, doc), doc]))("%s: every function or constant named in backticks is in the code", (_name, doc) => {
    const words = sourceIdentifiers();
    const missing = cited(doc).names.filter((name) => !words.has(name));
    expect(missing).toEqual([]);
  });
});
