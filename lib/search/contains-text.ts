/**
 * Case-insensitive "contains" for a search word, as a Prisma string filter. Prisma turns
 * `contains` into ILIKE '%word%' (backslash is Postgres' escape character) without escaping the
 * word, so `q=%` matched everything: %, _ and \ are escaped here. Every text
 * search (tasks, deleted tasks, members, vendors) goes through this.
 */
export const escapeLike = (word: string) => word.replace(/[\\%_]/g, "\\$&");

export const containsText = (word: string) => ({ contains: escapeLike(word), mode: "insensitive" as const });
