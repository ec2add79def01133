import { twMerge } from "tailwind-merge";
import { sourceFiles } from "@/tests/support/source-files";
import { cn } from "./cn";

/**
 * Every class written in a string in these files (a superset of what reaches cn: extra ones
 * only make the check stricter).
 */
function classesIn(files: Array<{ file: string; text: string }>): string[] {
  const classes = new Set<string>();
  for (const { text } of files) {
    for (const match of text.matchAll(/"([^"\n]{2,400})"|`([^`\n]{2,400})`/g)) {
      const value = (match[1] ?? match[2]).replace(/\$\{[^}]*\}/g, " ");
      // Only strings that read as class lists.
      if (!/(^|\s)(p[xytrbl]?-\S|m[xytrbl]?-\S|h-\S|w-\S|text-\S|bg-\S|flex|grid|rounded|border|gap-\S|font-\S|items-\S|justify-\S|shadow|ring|size-\S)/.test(value)) continue;
      for (const cls of value.split(/\s+/)) if (/^[!a-z0-9[@-]/i.test(cls) && !/[{}();'=,]/.test(cls)) classes.add(cls);
    }
  }
  return [...classes].sort();
}

describe("cn", () => {
  it("joins, skips falsy parts, and lets the later of two conflicting classes win", () => {
    expect(cn("px-4 py-2", false, null, undefined, "px-2")).toBe("py-2 px-2");
    expect(cn("px-5 py-4", "p-0")).toBe("p-0");
    expect(cn("text-sm text-slate-700", "text-base")).toBe("text-slate-700 text-base");
    expect(cn("h-8", "size-10")).toBe("size-10");
    expect(cn("hover:bg-slate-100", "bg-white")).toBe("hover:bg-slate-100 bg-white");
    expect(cn("focus:ring-2 focus:ring-indigo-600/20", "focus:ring-red-500/20")).toBe("focus:ring-2 focus:ring-red-500/20");
  });

  // Beyond the app's classes: a look-alike that sets something else is kept (never merged away),
  // and variants with brackets, parentheses or "!" read as tailwind-merge reads them.
  it("keeps look-alikes of the classes it knows, and reads variants as tailwind-merge does", () => {
    const lookAlikes = [
      ["my-day", "my-1"],
      ["text-wrap", "text-red-500"],
      ["space-y-reverse", "space-y-2"],
      ["rotate-x-45", "rotate-45"],
      ["inset-ring-2", "inset-0"],
      ["bg-conic-300", "bg-white"],
      ["border-none", "border-2"],
      ["transition-discrete", "transition"],
    ];
    for (const [a, b] of lookAlikes) {
      expect(cn(a, b)).toBe(`${a} ${b}`);
      expect(cn(b, a)).toBe(`${b} ${a}`);
    }
    for (const [first, second] of [
      ["hover:focus:p-1", "focus:hover:p-2"],
      ["has-[:checked]:bg-white", "has-[:checked]:bg-black"],
      ["[&:nth-child(2)]:px-2", "[&:nth-child(2)]:px-4"],
      ["supports-(display:grid):p-1", "supports-(display:grid):p-2"],
      ["p-1!", "!p-2"],
      ["p-1", "!p-2"],
    ]) {
      expect(cn(first, second)).toBe(twMerge(first, second));
    }
  });

  // The guard: a class in a file that merges with cn, against every class the app writes, in
  // both orders: cn keeps what tailwind-merge keeps. A new utility that cn does not know
  // fails here with its name.
  it("agrees with tailwind-merge on every pair of classes the app merges", () => {
    const files = sourceFiles("components", "app").filter(({ file }) => !file.endsWith("cn.ts"));
    // button-look.ts holds the button's classes, which buttonClasses merges with cn.
    const merged = classesIn(files.filter(({ file, text }) => /\bcn\(/.test(text) || file.endsWith("button-look.ts")));
    const classes = classesIn(files);
    expect(merged.length).toBeGreaterThan(100);
    expect(classes.length).toBeGreaterThan(400);
    const disagreements: string[] = [];
    for (const a of merged) {
      for (const b of classes) {
        if (a === b) continue;
        for (const [first, second] of [[a, b], [b, a]]) {
          const expected = twMerge(first, second);
          const actual = cn(first, second);
          if (actual !== expected) disagreements.push(`"${first}" then "${second}": tailwind-merge "${expected}", cn "${actual}"`);
        }
      }
    }
    expect(disagreements.slice(0, 40)).toEqual([]);
  });
});
