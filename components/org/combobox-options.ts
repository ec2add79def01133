import type { ComboGroup, ComboOption } from "./grouped-combobox";

const matches = (option: ComboOption, words: string[]) => {
  const haystack = `${option.label} ${option.search ?? ""}`.toLowerCase();
  return words.every((w) => haystack.includes(w));
};

/**
 * The most options the list renders at once. A large organization has thousands of members and
 * units, and rendering them all froze the page for seconds on every open; past the cap the list
 * says how many more match and the user types to narrow it.
 */
export const COMBOBOX_OPTION_LIMIT = 50;

/** The groups' matching options, cut at `limit` in order, and how many matched in all. */
export function visibleOptions(groups: ComboGroup[], query: string, limit = COMBOBOX_OPTION_LIMIT): { groups: ComboGroup[]; matched: number; shown: number } {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const shownGroups: ComboGroup[] = [];
  let matched = 0;
  let shown = 0;
  for (const g of groups) {
    const hits = g.options.filter((o) => matches(o, words));
    matched += hits.length;
    const room = Math.max(0, limit - shown);
    if (room > 0 && hits.length > 0) {
      const kept = hits.slice(0, room);
      shownGroups.push({ group: g.group, options: kept });
      shown += kept.length;
    }
  }
  return { groups: shownGroups, matched, shown };
}
