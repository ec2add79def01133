import { spawnSync } from "node:child_process";
import path from "node:path";

/**
 * The lint fence around lib/dates (eslint.config.mjs): outside it no code formats a date in the
 * viewer's own zone and locale. toLocaleString on a Date shows the viewer's zone (an approval time
 * read in Denver would differ from the business's Chicago), so it is fenced with its two siblings.
 * ESLint runs as a separate process: it loads the project's ES-module config itself.
 */
function lint(code: string, filePath: string): string[] {
  const result = spawnSync(path.resolve("node_modules/.bin/eslint"), ["--format", "json", "--stdin", "--stdin-filename", filePath], { input: code, encoding: "utf8" });
  const [report] = JSON.parse(result.stdout) as { messages: { ruleId: string | null; message: string }[] }[];
  return report.messages.filter((m) => m.ruleId === "no-restricted-syntax").map((m) => m.message);
}

describe("toLocale* are fenced into lib/dates", () => {
  it("toLocaleString, toLocaleDateString and toLocaleTimeString outside lib/dates are errors, each of them; inside lib/dates they are allowed", () => {
    const calls = ["new Date(iso).toLocaleString()", "new Date(iso).toLocaleDateString()", "new Date(iso).toLocaleTimeString()", 'total.toLocaleString("en-US")'];
    const code = `export const f = (iso: string, total: number) => [\n${calls.join(",\n")},\n];\n`;
    const outside = lint(code, "components/time/example.tsx");
    expect(outside).toHaveLength(calls.length);
    for (const message of outside) expect(message).toContain("lib/dates");
    expect(lint(code, "lib/dates/example.ts")).toEqual([]);
  }, 90_000);
});
