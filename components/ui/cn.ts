/**
 * Joins class lists; where two set the same thing (`px-4` then `px-2`, `text-sm` then
 * `text-base`, `p-0` after `px-5`), the later one wins, so a component's `className` overrides
 * its defaults. tailwind-merge does this for every Tailwind utility, but it weighs 8 KB gzipped
 * and builds its class map on first call, on every page's first load. This knows the utilities
 * this app uses, and cn.test.ts holds it to tailwind-merge's answer for each of them: a class
 * it does not know is kept as it is (never merged away), which the test then reports.
 *
 * The rules are data: NAMED lists fixed utilities by group, RULES gives the group of one with
 * a value, and CONFLICTS says which groups a group also sets. A utility this app starts to use
 * goes in the first of them that fits (cn.test.ts names it).
 */
export function cn(...parts: Array<string | false | null | undefined>): string {
  const classes = parts.filter(Boolean).join(" ").split(/\s+/).filter(Boolean);
  const taken = new Set<string>();
  const kept: string[] = [];
  for (let i = classes.length - 1; i >= 0; i--) {
    const [variant, group] = parse(classes[i]);
    if (group) {
      if (taken.has(variant + group)) continue;
      for (const set of [group, ...(CONFLICTS[group]?.split(" ") ?? [])]) taken.add(variant + set);
    }
    kept.unshift(classes[i]);
  }
  return kept.join(" ");
}

/** The variant and group of each class seen so far (the app writes some hundreds): cn runs on every render. */
const parsed = new Map<string, [variant: string, group: string | null]>();

/** `md:hover:!px-4` → variant "hover:md:!" (modifiers sorted, as tailwind-merge does) and the group of "px-4". */
function parse(cls: string): [variant: string, group: string | null] {
  let result = parsed.get(cls);
  if (!result) {
    // At each colon outside [] and (): one inside is followed by the closing bracket before any
    // opening one (has-[:checked]:, [animation-delay:-0.3s], supports-(display:grid):).
    const modifiers = cls.split(/:(?![^[]*\]|[^(]*\))/);
    const [, before, utility, after] = /^(!?)(.*?)(!?)$/.exec(modifiers.pop()!)!;
    // Arbitrary variants ([&>svg]:…) keep their place; named ones are order-free.
    if (!modifiers.some((m) => m[0] === "[")) modifiers.sort();
    result = [[...modifiers, before || after].join(":"), groupOf(utility)];
    // A bound, should classes ever be built from data.
    if (parsed.size > 5000) parsed.clear();
    parsed.set(cls, result);
  }
  return result;
}

/**
 * Fixed utilities, one group a line (named in its comment): "hidden" and "flex" both set
 * display. A utility's group is the first word of its line. Only the words the app writes: one
 * it starts to use (static, visible) joins its group's line.
 */
const NAMED = [
  "block inline inline-block flex inline-flex grid contents hidden table-cell", // display
  "absolute fixed relative sticky", // position
  "invisible", // visibility
  "truncate", // text-overflow
  "uppercase capitalize", // text-transform
  "italic", // font-style
  "underline line-through", // text-decoration
  "tabular-nums", // font-variant-numeric spacing
  "antialiased", // font-smoothing
  "text-left text-center text-right", // text-align
  "font-sans font-serif font-mono", // font-family
  "font-normal font-medium font-semibold font-bold font-extrabold", // font-weight
  "flex-row flex-col flex-col-reverse", // flex-direction
  "flex-wrap",
  "border-dashed", // border-style
  "outline-none outline-dashed", // outline-style
  "ring-inset",
  "object-contain object-cover", // object-fit
  "list-decimal list-disc list-none", // list-style-type
  "break-all break-words", // word-break
  "touch-none", // touch-action
  "overscroll-contain", // overscroll-behavior
  "backdrop-blur",
];
const GROUP_OF_NAMED = new Map(
  NAMED.flatMap((line) => line.split(" ").map((name) => [name, line.split(" ")[0]] as const)),
);

/** A length or size step (2, 0.5, 1/2, px, sm, 2xl, full, [10px]): a width or font size, not a color. */
const SIZE = String.raw`(\d[\d./]*|px|\d?(xs|sm|md|lg|xl)|base|full|\[[\d.]+[a-z%]*\])`;
/** A palette color (slate-50 … slate-950; not a gradient's angle, bg-conic-300), white, black, transparent or current, with an optional /opacity. */
const COLOR = String.raw`((?!conic|linear|radial)[a-z]+-\d?[05]0|white|black|transparent|current)(\/\d+)?`;

/**
 * Utilities with a value, tried in order: the first pattern that matches the whole utility
 * gives its group, with `$1` the name before the value (`-` in front is a negative value).
 */
const RULES: Array<[RegExp, string]> = [
  // An arbitrary property ([animation-delay:-0.3s]) is its own group, by property.
  [/^\[([^:]+):.+\]$/, "[$1"],
  // Only a number (0.5, 1/2), px, auto, full or an arbitrary value: "my-day" is a word, not a
  // margin, and space-y-reverse, rotate-x-45 or inset-ring-2 are other groups.
  [/^-?([pm][xytrbl]?|inset(-[xy])?|top|right|bottom|left|space-[xy]|translate-[xy]|rotate|scale)-(\d[\d./]*|px|auto|full|\[.+\])$/, "$1"],
  // The bare name is the default width or radius: border, border-l, ring, shadow, rounded-r.
  [RegExp(`^(border(-[xytrbl])?|ring|shadow|rounded(-[tb][lr]?|-[lr])?|divide-[xy])(-${SIZE})?$`), "$1"],
  // A size (text-sm, flex-1, outline-2, ring-offset-2); text-slate-700 (below) is a color.
  [RegExp(`^(text|flex|outline|ring-offset)-${SIZE}$`), "$1"],
  // Any value sets the same thing (cursor-not-allowed, max-w-screen-2xl, grid-cols-[auto_1fr]).
  [
    /^-?(size|[wh]|(min|max)-[wh]|z|gap(-[xy])?|opacity|leading|tracking|duration|ease|animate|origin|cursor|whitespace|aspect|align|appearance|select|pointer-events|resize|grid-cols|col-span|items|justify(-self|-items)?|self|shrink|overflow(-[xy])?|(underline|outline)-offset)-.+$/,
    "$1",
  ],
  // Not transition-discrete: that sets another property.
  [/^transition(-(all|colors|opacity|shadow|transform|none|\[.+\]))?$/, "transition"],
  [RegExp(`^(text|bg|border|ring|outline|divide|shadow|accent|from|via|to)-${COLOR}$`), "$1-color"],
  // tailwind-merge reads this old gradient name as a color (Tailwind 4 calls it bg-linear-to-b).
  [/^bg-gradient-to-b$/, "bg-color"],
];

/** Groups that also set others: after p-4 an earlier pt-2 goes, after size-4 an earlier h-8. */
const CONFLICTS: Record<string, string> = {
  p: "px py pt pr pb pl",
  px: "pr pl",
  py: "pt pb",
  m: "mx my mt mr mb ml",
  mx: "mr ml",
  my: "mt mb",
  size: "w h",
  inset: "inset-x inset-y top right bottom left",
  "inset-x": "right left",
  "inset-y": "top bottom",
  gap: "gap-x gap-y",
  overflow: "overflow-x overflow-y",
  // flex-1 sets flex-grow, flex-shrink and flex-basis.
  flex: "shrink",
  // The font size sets a line height too.
  text: "leading",
  border: "border-x border-y border-t border-r border-b border-l",
  "border-x": "border-r border-l",
  "border-y": "border-t border-b",
  rounded: "rounded-t rounded-r rounded-b rounded-l rounded-tl rounded-tr rounded-br rounded-bl",
  "rounded-t": "rounded-tl rounded-tr",
  "rounded-r": "rounded-tr rounded-br",
  "rounded-b": "rounded-br rounded-bl",
  "rounded-l": "rounded-tl rounded-bl",
};

/** The group a utility belongs to (two in one group set the same thing), or null when it is not one this app merges. */
function groupOf(utility: string): string | null {
  const named = GROUP_OF_NAMED.get(utility);
  if (named) return named;
  const rule = RULES.find(([pattern]) => pattern.test(utility));
  return rule ? utility.replace(...rule) : null;
}
