/**
 * The custody log's hash chain (docs/cases.md "Custody log"). Each event's hash is
 * sha256(canonical(event fields) + "\n" + previous hash); the first event of a case chains to
 * GENESIS_HASH. Pure: the canonical text is built here; the server hashes it (node:crypto).
 */
export const GENESIS_HASH = "0".repeat(64);

export interface ChainedFields {
  caseId: string;
  seq: number;
  kind: string;
  station: string | null;
  chamberId: string | null;
  memberId: string | null;
  deviceTime: Date;
  serverTime: Date;
  note: string | null;
  photoKey: string | null;
  offline: boolean;
  clientUuid: string | null;
  details: unknown;
}

/** JSON with object keys sorted at every depth (so jsonb's own key order never matters). */
export function canonicalJson(value: unknown): string {
  if (value === null || value === undefined) return "null";
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/** The text an event's hash covers: its fields in a fixed order, then the previous hash. */
export function chainInput(fields: ChainedFields, prevHash: string): string {
  return `${canonicalJson({
    caseId: fields.caseId,
    seq: fields.seq,
    kind: fields.kind,
    station: fields.station,
    chamberId: fields.chamberId,
    memberId: fields.memberId,
    deviceTime: fields.deviceTime.toISOString(),
    serverTime: fields.serverTime.toISOString(),
    note: fields.note,
    photoKey: fields.photoKey,
    offline: fields.offline,
    clientUuid: fields.clientUuid,
    details: fields.details ?? {},
  })}\n${prevHash}`;
}

export type ChainBreak = { seq: number; eventId: string; reason: "hash" | "prev_hash" | "seq" };

/**
 * Walks a case's events in seq order and returns the first that does not hold: a gap in seq,
 * a prev_hash that is not the previous hash, or a stored hash that is not the recomputed one.
 */
export function findChainBreak<E extends ChainedFields & { id: string; prevHash: string; hash: string }>(events: readonly E[], sha256: (text: string) => string): ChainBreak | null {
  let prev = GENESIS_HASH;
  for (let i = 0; i < events.length; i++) {
    const event = events[i];
    if (event.seq !== i + 1) return { seq: event.seq, eventId: event.id, reason: "seq" };
    if (event.prevHash !== prev) return { seq: event.seq, eventId: event.id, reason: "prev_hash" };
    if (sha256(chainInput(event, prev)) !== event.hash) return { seq: event.seq, eventId: event.id, reason: "hash" };
    prev = event.hash;
  }
  return null;
}
