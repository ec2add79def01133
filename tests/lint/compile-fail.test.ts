import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ROOT } from "@/tests/support/source-files";

/**
 * The compile-fail fixture (tests/compile-fail/route-answers.ts) proves that an answer drifting
 * from its descriptor's response schema is a type error. `npx tsc --noEmit` checks it with its
 * `@ts-expect-error` directives (an error that disappears fails tsc); here the same file is
 * checked without them, and each marked line must fail with the error it names. The copy lives
 * in .data/ (ignored by git, excluded from the project's tsc run), where `zod` and the `@/`
 * paths still resolve.
 */
const FIXTURE = "tests/compile-fail/route-answers.ts";
const DIRECTIVE = /^\s*\/\/ @ts-expect-error (.*)$/;

it("every line the fixture marks is a type error once its @ts-expect-error is removed, and no other line is", () => {
  const lines = readFileSync(path.join(ROOT, FIXTURE), "utf8").split("\n");
  const expected = lines.flatMap((line, i) => (DIRECTIVE.test(line) ? [i + 2] : [])); // the line after the directive, 1-based
  expect(expected.length).toBeGreaterThanOrEqual(5);

  const dir = path.join(ROOT, ".data", `compile-fail-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  try {
    writeFileSync(path.join(dir, "route-answers.ts"), lines.map((line) => (DIRECTIVE.test(line) ? "" : line)).join("\n"));
    const config = {
      extends: path.join(ROOT, "tsconfig.json"),
      compilerOptions: { incremental: false, noEmit: true, typeRoots: [path.join(ROOT, "node_modules/@types")] },
      files: [path.join(dir, "route-answers.ts")],
      include: [],
    };
    writeFileSync(path.join(dir, "tsconfig.json"), JSON.stringify(config));
    const result = spawnSync(path.join(ROOT, "node_modules/.bin/tsc"), ["-p", path.join(dir, "tsconfig.json")], { encoding: "utf8", cwd: ROOT });
    const errors = [...result.stdout.matchAll(/route-answers\.ts\((\d+),\d+\): error (TS\d+)/g)].map((m) => ({ line: Number(m[1]), code: m[2] }));
    expect(result.stdout.split("\n").filter((line) => /error TS/.test(line) && !line.includes("route-answers.ts"))).toEqual([]);
    expect([...new Set(errors.map((e) => e.line))].sort((a, b) => a - b)).toEqual(expected);
    // Wrong and missing fields are assignability errors; an undeclared field in an annotated literal is an excess property.
    expect(new Set(errors.map((e) => e.code))).toEqual(new Set(["TS2322", "TS2353"]));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 240_000);

