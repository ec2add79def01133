/**
 * A service's answer type comes from the contract (`z.input<typeof xSchema>`, or a type exported
 * beside the schema), never from a parallel interface that only the tests hold to the schema.
 *
 * The rule, by name: no file in lib/services declares an `interface X` or an object-literal
 * `type X = { ... }` when lib/validations/*.ts or a lib/<domain>/contracts.ts exports a schema
 * `xSchema` for the same name (a trailing `Dto` dropped: TaskCommentDto ~ taskCommentSchema,
 * TimeLog ~ timeLogSchema). It catches a copy that keeps the schema's name; one under another
 * name is for review to see.
 */
import path from "node:path";
import { sourceFiles } from "@/tests/support/source-files";

const SCHEMA = /export const (\w+)Schema\b/g;
const DECLARATION = /^[ \t]*export\s+(?:interface\s+(\w+)|type\s+(\w+)\s*(?:<[^=]*>)?\s*=\s*\{)/gm;

const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");

/** The names a contract declares a schema for, lowercased ("timelog" for timeLogSchema). */
function contractNames(): Set<string> {
  const files = sourceFiles("lib").filter(({ file }) => file.startsWith(path.join("lib", "validations") + path.sep) || file.endsWith(`${path.sep}contracts.ts`));
  return new Set(files.flatMap(({ text }) => [...text.matchAll(SCHEMA)].map((m) => m[1].toLowerCase())));
}

/** The service declarations that a contract's schema also declares. */
function parallelDeclarations(files: Array<{ file: string; text: string }>, names: Set<string>): string[] {
  return files.flatMap(({ file, text }) =>
    [...code(text).matchAll(DECLARATION)]
      .map((m) => m[1] ?? m[2])
      .filter((name) => names.has(name.replace(/Dto$/, "").toLowerCase()))
      .map((name) => `${file.split(path.sep).join("/")} ${name}`),
  );
}

describe("services take their answer types from the contracts", () => {
  const names = contractNames();

  it("finds the schemas (sanity)", () => {
    expect(names).toContain("timelog");
    expect(names).toContain("taskcomment");
  });

  it("no service declares an interface or object type that a contract's schema declares", () => {
    expect(parallelDeclarations(sourceFiles("lib/services"), names)).toEqual([]);
  });

  it("catches the declarations it is meant to catch", () => {
    const found = (text: string) => parallelDeclarations([{ file: "lib/services/x.ts", text }], names);
    expect(found("export interface TaskCommentDto {\n  id: string;\n}")).toEqual(["lib/services/x.ts TaskCommentDto"]);
    expect(found("export type TimeLog = { days: [] };")).toEqual(["lib/services/x.ts TimeLog"]);
    expect(found("export type TimeLog = z.input<typeof timeLogSchema>;")).toEqual([]);
    expect(found("export interface BuildOptions {\n  now: Date;\n}")).toEqual([]);
  });
});
