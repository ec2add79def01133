import { z } from "zod";
import { AppError } from "./app-error";

/**
 * Other names a list's query accepts for its own parameters, as other APIs spell them:
 * `limit` is `pageSize` wherever a list pages with `pageSize` (and has no `limit` of its own).
 * route() applies them before the descriptor's schema parses the query, and the OpenAPI document
 * lists each alias beside its parameter, so the two never disagree.
 */
export const QUERY_ALIASES = { limit: "pageSize" } as const satisfies Record<string, string>;

/** The keys of a query schema's object, through defaults, optionals and pipes (transforms). */
export function queryKeys(schema: z.ZodType): Set<string> {
  let current: z.ZodType = schema;
  for (let i = 0; i < 10; i++) {
    if (current instanceof z.ZodObject) return new Set(Object.keys(current.shape));
    if (current instanceof z.ZodPipe) current = current.in as z.ZodType;
    else if (current instanceof z.ZodDefault || current instanceof z.ZodOptional) current = current.unwrap() as z.ZodType;
    else break;
  }
  return new Set();
}

/** The aliases a query schema takes: alias -> parameter. */
export function aliasesOf(schema: z.ZodType): Array<[alias: string, target: string]> {
  const keys = queryKeys(schema);
  return Object.entries(QUERY_ALIASES).filter(([alias, target]) => keys.has(target) && !keys.has(alias));
}

/**
 * The raw query with each alias renamed to its parameter. Both given with different values is a
 * 400 naming the alias (which one was meant is not ours to guess); the same value twice is fine.
 */
export function applyQueryAliases(schema: z.ZodType, raw: Record<string, string | string[]>): Record<string, string | string[]> {
  const aliases = aliasesOf(schema).filter(([alias]) => alias in raw);
  if (aliases.length === 0) return raw;
  const out = { ...raw };
  for (const [alias, target] of aliases) {
    const value = out[alias];
    delete out[alias];
    if (target in out && String(out[target]) !== String(value)) {
      throw new AppError("BAD_REQUEST", `${alias}: is another name for ${target}; send one of them`, {
        fieldErrors: [{ path: alias, message: `is another name for ${target}; send one of them` }],
      });
    }
    out[target] = value;
  }
  return out;
}
