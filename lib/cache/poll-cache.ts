import "server-only";
import { createHash } from "node:crypto";
import type { Caller } from "@/lib/auth/resolve-caller";
import { readPunchPoll } from "@/lib/services/punch/get-punch-status";
import { cacheEpoch, countLookup, isCurrent } from "./member-versions";

/**
 * GET /api/auth/punch/status's answer per member, per process (docs/performance.md
 * "Poll versions and caches"): the JSON text as sent and its ETag, kept under the member's poll
 * version. A poll whose version is current answers from here without touching the database; a
 * punch, a task clock started or stopped, a completion or rename of the clocked task, an alert
 * arriving, read, resolved, acknowledged or snoozed, an offline replay and an admin's correction
 * all bump the version by trigger (migration 20261210070000) and so end the entry. The one change
 * no write announces, a snooze running out, ends it by time (`until`).
 */
export interface PollAnswer {
  /** The answer's JSON text (the same fields and values as Response.json of getPunchPoll). */
  body: string;
  /** A weak validator of exactly this body for this member and role. */
  etag: string;
}

interface Entry extends PollAnswer {
  role: string;
  version: number;
  epoch: number;
  until: number;
}

const MAX_ENTRIES = 20_000;
const globalForPolls = globalThis as unknown as { bfsPollCache?: Map<string, Entry> };
const entries = (globalForPolls.bfsPollCache ??= new Map());

export async function punchPollAnswer(caller: Pick<Caller, "userId" | "role">): Promise<PollAnswer> {
  const entry = entries.get(caller.userId);
  if (entry !== undefined) {
    if (entry.role === caller.role && Date.now() < entry.until && isCurrent("poll", caller.userId, entry.version, entry.epoch)) {
      countLookup("poll", "hit");
      return entry;
    }
    entries.delete(caller.userId);
  }
  const epoch = cacheEpoch();
  countLookup("poll", epoch === null ? "bypass" : "miss");
  const { poll, version, nextWake } = await readPunchPoll(caller);
  const body = JSON.stringify(poll);
  const etag = `W/"${createHash("sha1").update(caller.userId).update(caller.role).update(body).digest("base64url")}"`;
  const answer: Entry = { body, etag, role: caller.role, version, epoch: epoch ?? -1, until: nextWake };
  if (epoch !== null && cacheEpoch() === epoch) {
    if (entries.size >= MAX_ENTRIES) entries.clear();
    entries.set(caller.userId, answer);
  }
  return answer;
}

/** `If-None-Match` holds this ETag (a list, or `*`). */
export function matchesEtag(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch === etag) return true;
  const weak = etag.slice(2);
  return ifNoneMatch.split(",").some((tag) => {
    const t = tag.trim();
    return t === "*" || t === etag || t === weak;
  });
}

/** Tests: forget everything. */
export function clearPollCache(): void {
  entries.clear();
}
