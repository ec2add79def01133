import { randomUUID } from "node:crypto";

/** Keys are ours: "<prefix>/<yyyy>/<mm>/<uuid>", lower-case letters, digits, "-" and "/" only. */
const KEY_PATTERN = /^[a-z0-9][a-z0-9-]*(?:\/[a-z0-9][a-z0-9-]*)*$/;

export function newStorageKey(prefix: string, at = new Date()): string {
  const month = String(at.getUTCMonth() + 1).padStart(2, "0");
  return assertValidKey(`${prefix}/${at.getUTCFullYear()}/${month}/${randomUUID()}`);
}

/** A key from the database is still checked before it becomes a path or an object name. */
export function assertValidKey(key: string): string {
  if (!KEY_PATTERN.test(key) || key.length > 300) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
  return key;
}
