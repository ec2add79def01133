/**
 * The client hooks' answer types come from the operations' response schemas (`z.infer<typeof
 * xSchema>` of lib/validations/<domain>.ts), never from a hand-copied shape that can drift from
 * the server.
 *
 * The rule: no file in lib/queries declares an `interface`, or a type alias whose right-hand side
 * is an object literal or mapped type (`type X = { ... }`). The one exception is a name ending in
 * `Filters`, `Options` or `Props`: what a hook takes (its filters and options), never what the
 * server answers. Request types come from the request schemas (`z.input<typeof xSchema>`).
 */
import path from "node:path";
import { sourceFiles } from "@/tests/support/source-files";

/** What a hook takes, not an answer. */
const HOOK_PARAMETERS = /(?:Filters|Options|Props)$/;

/**
 * Shapes of domains whose operations are not yet on descriptors (MIGRATION.md item 6): each goes
 * when its domain's schemas land, and the list ends empty.
 */
const PENDING = new Set<string>();

const DECLARATION = /^[ \t]*(?:export\s+)?(?:declare\s+)?(?:interface\s+(\w+)|type\s+(\w+)\s*(?:<[^=]*>)?\s*=\s*\{)/gm;

/** Comments dropped, so a declaration quoted in one does not count. */
const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");

describe("client hooks take their answer types from the response schemas", () => {
  const files = sourceFiles("lib/queries");

  it("finds the hooks (sanity)", () => {
    expect(files.map((f) => f.file)).toContain(path.join("lib", "queries", "auth.ts"));
  });

  it("declares no interface or object-literal type in lib/queries, except what a hook takes", () => {
    const offenders = files.flatMap(({ file, text }) =>
      [...code(text).matchAll(DECLARATION)]
        .map((m) => `${file.split(path.sep).join("/")} ${m[1] ?? m[2]}`)
        .filter((entry) => !HOOK_PARAMETERS.test(entry) && !PENDING.has(entry)),
    );
    expect(offenders).toEqual([]);
  });

  it("catches the shapes it is meant to catch", () => {
    const found = (text: string) => [...code(text).matchAll(DECLARATION)].map((m) => m[1] ?? m[2]);
    expect(found("export interface Invitation {\n  id: string;\n}")).toEqual(["Invitation"]);
    expect(found("type Page<T> = { items: T[] };")).toEqual(["Page"]);
    expect(found("export type Invitation = z.infer<typeof invitationSchema>;")).toEqual([]);
    expect(found("/** export interface Quoted {} */\n// type Y = {}")).toEqual([]);
  });
});
