/**
 * Joins class lists; where two set the same thing (`px-4` then `px-2`, `text-sm` then
 * `text-base`, `p-0` after `px-5`), the later one wins, so a component's `className` overrides
 * its defaults. tailwind-merge does this for every Tailwind utility, but it weighs 8 KB gzipped
 * and builds its class map on first call, on every page's first load. This knows the utilities
 * this app uses, and cn.test.ts holds it to tailwind-merge's answer for each of them: a class
 * it does not know is kept as it is (never merged away), which the test then reports.
 */
export function cn(...parts: Array<string | false | null | undefined>): string {
  const classes = parts.filter(Boolean).join(" ").split(/\s+/).filter(Boolean);
  const taken = new Set<string>();
  const kept: string[] = [];
  for (let i = classes.length - 1; i >= 0; i--) {
    const { variant, utility } = split(classes[i]);
    const group = groupOf(utility);
    if (group) {
      if (taken.has(variant + group)) continue;
      taken.add(variant + group);
      for (const other of CONFLICTS[group] ?? []) taken.add(variant + other);
    }
    kept.push(classes[i]);
  }
  return kept.reverse().join(" ");
}

/** `md:hover:!px-4` → variant "hover:md:!" (modifiers sorted, as tailwind-merge does), utility "px-4". */
function split(cls: string): { variant: string; utility: string } {
  const modifiers: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < cls.length; i++) {
    const c = cls[i];
    if (c === "[" || c === "(") depth++;
    else if (c === "]" || c === ")") depth--;
    else if (c === ":" && depth === 0) {
      modifiers.push(cls.slice(start, i));
      start = i + 1;
    }
  }
  let utility = cls.slice(start);
  let important = "";
  if (utility.startsWith("!") || utility.endsWith("!")) {
    important = "!";
    utility = utility.replace(/^!|!$/g, "");
  }
  // Arbitrary variants ([&>svg]:…) keep their place; named ones are order-free.
  return { variant: (modifiers.some((m) => m.startsWith("[")) ? modifiers : modifiers.sort()).join(":") + ":" + important, utility };
}

const CONFLICTS: Record<string, string[]> = {
  p: ["px", "py", "ps", "pe", "pt", "pr", "pb", "pl"],
  px: ["ps", "pe", "pr", "pl"],
  py: ["pt", "pb"],
  m: ["mx", "my", "ms", "me", "mt", "mr", "mb", "ml"],
  mx: ["ms", "me", "mr", "ml"],
  my: ["mt", "mb"],
  size: ["w", "h"],
  inset: ["inset-x", "inset-y", "start", "end", "top", "right", "bottom", "left"],
  "inset-x": ["start", "end", "right", "left"],
  "inset-y": ["top", "bottom"],
  gap: ["gap-x", "gap-y"],
  overflow: ["overflow-x", "overflow-y"],
  flex: ["basis", "grow", "shrink"],
  "font-size": ["leading"],
  "line-clamp": ["display", "overflow"],
  rounded: ["rounded-t", "rounded-r", "rounded-b", "rounded-l", "rounded-tl", "rounded-tr", "rounded-br", "rounded-bl"],
  "rounded-t": ["rounded-tl", "rounded-tr"],
  "rounded-r": ["rounded-tr", "rounded-br"],
  "rounded-b": ["rounded-br", "rounded-bl"],
  "rounded-l": ["rounded-tl", "rounded-bl"],
  "border-w": ["border-w-x", "border-w-y", "border-w-t", "border-w-r", "border-w-b", "border-w-l"],
  "border-w-x": ["border-w-r", "border-w-l"],
  "border-w-y": ["border-w-t", "border-w-b"],
  "border-color": ["border-color-x", "border-color-y", "border-color-t", "border-color-r", "border-color-b", "border-color-l"],
  "border-color-x": ["border-color-r", "border-color-l"],
  "border-color-y": ["border-color-t", "border-color-b"],
};

/** Utilities that are a whole group on their own (`hidden`, `truncate`, …). */
const KEYWORDS: Record<string, string> = {
  ...of("display", "block inline-block inline flex inline-flex table inline-table table-cell table-row flow-root grid inline-grid contents list-item hidden"),
  ...of("position", "static fixed absolute relative sticky"),
  ...of("visibility", "visible invisible collapse"),
  ...of("text-overflow", "truncate text-ellipsis text-clip"),
  ...of("text-transform", "uppercase lowercase capitalize normal-case"),
  ...of("font-style", "italic not-italic"),
  ...of("text-decoration", "underline overline line-through no-underline"),
  ...of("fvn-figure", "lining-nums oldstyle-nums"),
  ...of("fvn-spacing", "proportional-nums tabular-nums"),
  ...of("sr", "sr-only not-sr-only"),
  ...of("font-smoothing", "antialiased subpixel-antialiased"),
  ...of("shrink", "shrink"),
  ...of("grow", "grow"),
  ...of("resize", "resize resize-none resize-x resize-y"),
  ...of("transition", "transition transition-all transition-colors transition-opacity transition-shadow transition-transform transition-none"),
  ...of("border-w", "border"),
  ...of("shadow", "shadow"),
  ...of("ring-w", "ring"),
  ...of("ring-w-inset", "ring-inset"),
  ...of("outline-style", "outline outline-none outline-hidden outline-dashed outline-dotted outline-double outline-solid"),
  ...of("rounded", "rounded"),
  ...of("break", "break-normal break-words break-all break-keep"),
};

function of(group: string, names: string): Record<string, string> {
  return Object.fromEntries(names.split(" ").map((name) => [name, group]));
}

const FONT_SIZES = new Set(["xs", "sm", "base", "lg", "xl", "2xl", "3xl", "4xl", "5xl", "6xl", "7xl", "8xl", "9xl"]);
const FONT_WEIGHTS = new Set(["thin", "extralight", "light", "normal", "medium", "semibold", "bold", "extrabold", "black"]);
const SHADOW_SIZES = new Set(["2xs", "xs", "sm", "md", "lg", "xl", "2xl", "none", "inner"]);
const ROUNDED_SIDES = new Set(["t", "r", "b", "l", "tl", "tr", "br", "bl"]);
const SIDES: Record<string, string> = { x: "x", y: "y", t: "t", r: "r", b: "b", l: "l" };
/** A bare number, a fraction, `px`, or an arbitrary length: a width or size, not a color. */
const isWidth = (value: string) => /^(\d+(\.\d+)?|px|\[\d[^\]]*(px|rem|em|%)?\])$/.test(value);
const isSpacing = (value: string) => /^(\d+(\.\d+)?|px|auto|\[[^\]]+\])$/.test(value);
const isArbitraryLength = (value: string) => /^\[(length:)?[\d.]+(px|rem|em|%|vh|vw|ch)\]$/.test(value);

/** The group a utility belongs to (two in one group set the same thing), or null when it is not one this app merges. */
function groupOf(utility: string): string | null {
  if (KEYWORDS[utility]) return KEYWORDS[utility];
  // An arbitrary property ([animation-delay:-0.3s]) is its own group, by property.
  if (utility.startsWith("[") && utility.includes(":")) return utility.slice(0, utility.indexOf(":"));
  const bare = utility.replace(/^-/, "");
  const dash = bare.indexOf("-");
  if (dash < 0) return null;
  const head = bare.slice(0, dash);
  const value = bare.slice(dash + 1);
  switch (head) {
    case "p": case "px": case "py": case "ps": case "pe": case "pt": case "pr": case "pb": case "pl":
    case "m": case "mx": case "my": case "ms": case "me": case "mt": case "mr": case "mb": case "ml":
      // A spacing value (a number, px, auto or an arbitrary one): "my-day" is a word, not a margin.
      return isSpacing(value) ? head : null;
    case "w": case "h": case "size": case "z": case "top": case "right": case "bottom": case "left": case "start": case "end":
    case "opacity": case "order": case "basis": case "grow": case "shrink": case "leading": case "tracking":
    case "duration": case "delay": case "ease": case "animate": case "origin": case "cursor": case "select": case "whitespace":
    case "aspect": case "accent": case "caret": case "fill": case "stroke": case "columns": case "align": case "appearance":
    case "underline": case "decoration": case "indent": case "rotate": case "skew": case "divide": case "backdrop": case "blur":
      return groupWithValue(head, value);
    case "min": case "max": {
      const [axis, ...rest] = value.split("-");
      return rest.length ? `${head}-${axis}` : null;
    }
    case "space": return value.startsWith("x-") ? (value === "x-reverse" ? "space-x-reverse" : "space-x") : value.startsWith("y-") ? (value === "y-reverse" ? "space-y-reverse" : "space-y") : null;
    case "gap": return value.startsWith("x-") ? "gap-x" : value.startsWith("y-") ? "gap-y" : "gap";
    case "transition": return "transition";
    case "inset": return value.startsWith("x-") ? "inset-x" : value.startsWith("y-") ? "inset-y" : "inset";
    case "overflow": return value.startsWith("x-") ? "overflow-x" : value.startsWith("y-") ? "overflow-y" : "overflow";
    case "overscroll": return value.startsWith("x-") ? "overscroll-x" : value.startsWith("y-") ? "overscroll-y" : "overscroll";
    case "text":
      if (FONT_SIZES.has(value) || isArbitraryLength(value)) return "font-size";
      if (["left", "center", "right", "justify", "start", "end"].includes(value)) return "text-alignment";
      if (["wrap", "nowrap", "balance", "pretty"].includes(value)) return "text-wrap";
      return "text-color";
    case "font":
      return FONT_WEIGHTS.has(value) || /^\[\d+\]$/.test(value) ? "font-weight" : "font-family";
    case "bg":
      if (/^(linear|radial|conic|none)/.test(value)) return "bg-image";
      if (["fixed", "local", "scroll"].includes(value)) return "bg-attachment";
      if (["auto", "cover", "contain"].includes(value)) return "bg-size";
      if (/^(center|top|bottom|left|right)/.test(value)) return "bg-position";
      if (/^(repeat|no-repeat)/.test(value)) return "bg-repeat";
      if (value.startsWith("clip-")) return "bg-clip";
      return "bg-color";
    case "from": case "via": case "to":
      return /^\d+%$/.test(value) ? `gradient-${head}-pos` : `gradient-${head}`;
    case "border": {
      const [first, ...rest] = value.split("-");
      if (["solid", "dashed", "dotted", "double", "hidden", "none"].includes(value)) return "border-style";
      if (["collapse", "separate"].includes(value)) return "border-collapse";
      if (SIDES[first]) {
        const sideValue = rest.join("-");
        return !sideValue || isWidth(sideValue) ? `border-w-${first}` : `border-color-${first}`;
      }
      return isWidth(value) ? "border-w" : "border-color";
    }
    case "rounded": {
      const [first] = value.split("-");
      return ROUNDED_SIDES.has(first) ? `rounded-${first}` : "rounded";
    }
    case "shadow":
      return SHADOW_SIZES.has(value) || value.startsWith("[") ? "shadow" : "shadow-color";
    case "ring":
      if (value.startsWith("offset-")) return isWidth(value.slice(7)) ? "ring-offset-w" : "ring-offset-color";
      return isWidth(value) ? "ring-w" : "ring-color";
    case "outline":
      if (value.startsWith("offset-")) return "outline-offset";
      return isWidth(value) ? "outline-w" : "outline-color";
    case "flex":
      if (["row", "row-reverse", "col", "col-reverse"].includes(value)) return "flex-direction";
      if (["wrap", "wrap-reverse", "nowrap"].includes(value)) return "flex-wrap";
      return "flex";
    case "justify": case "place": return /^(items|self|content)-/.test(value) ? `${head}-${value.split("-")[0]}` : head;
    case "items": case "self": case "content": return head;
    case "list": return ["inside", "outside"].includes(value) ? "list-position" : "list-type";
    case "object": return ["contain", "cover", "fill", "none", "scale-down"].includes(value) ? "object-fit" : "object-position";
    case "pointer": return "pointer-events";
    case "touch": return "touch";
    case "line": return value.startsWith("clamp-") ? "line-clamp" : null;
    case "grid": return value.startsWith("cols-") ? "grid-cols" : value.startsWith("rows-") ? "grid-rows" : value.startsWith("flow-") ? "grid-flow" : null;
    case "col": return value.startsWith("span-") ? "col-span" : value.startsWith("start-") ? "col-start" : value.startsWith("end-") ? "col-end" : null;
    case "translate": return value.startsWith("x-") ? "translate-x" : value.startsWith("y-") ? "translate-y" : "translate";
    case "scale": return value.startsWith("x-") ? "scale-x" : value.startsWith("y-") ? "scale-y" : "scale";
    default:
      return null;
  }
}

/** Groups named after their prefix, split where one prefix sets two things (`leading-none` vs `leading-6` are both line height; `whitespace-*` one). */
function groupWithValue(head: string, value: string): string {
  if (head === "underline" && value.startsWith("offset-")) return "underline-offset";
  if (head === "divide") return value.startsWith("x") ? "divide-x" : value.startsWith("y") ? "divide-y" : "divide-color";
  if (head === "backdrop") return `backdrop-${value.split("-")[0]}`;
  return head;
}
