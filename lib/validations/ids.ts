import { notFound } from "@/lib/http/app-error";

/** Ids are Postgres uuids (any version: gen_random_uuid() and client-made ones). */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: unknown): boolean => typeof value === "string" && UUID_PATTERN.test(value);

/** A path id that is not a uuid cannot exist: the same 404 as a missing row. */
export function idOrNotFound(value: unknown, message = "Not found"): string {
  if (!isUuid(value)) throw notFound(message);
  return value as string;
}
