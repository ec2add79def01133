import "server-only";
import { randomUUID } from "node:crypto";
import pg from "pg";
import { onShutdown } from "@/lib/lifecycle";
import { onDatabaseNotice } from "@/lib/db-admin/notices";

/**
 * The per-process knowledge behind the poll cache (lib/cache/poll-cache.ts) and the caller cache
 * (lib/auth/caller-cache.ts): which version of each member's poll figures and caller the
 * database has announced (docs/performance.md "Poll versions and caches").
 *
 * Triggers (migration 20261210070000_member_versions) bump `member_versions` in the writing
 * transaction and announce `<kind> <user_id> <version>` two ways:
 * - `pg_notify('bfs_member_versions', …)`, delivered at commit to one LISTENing connection per
 *   process (this module; the same reconnect pattern as lib/jobs/wake-listener.ts);
 * - `RAISE NOTICE`, delivered at once to the connection that wrote: lib/db.ts hands it to
 *   `noteNotice`, so the writing process forgets before its write returns.
 *
 * A cached entry holds the version it was read with (in the same statement as its data) and is
 * used only while that version is at least the latest announced, the listener is healthy, and no
 * reconnect or flush happened since the read began (`epoch`). Healthy means connected AND a
 * heartbeat the listener sent itself through Postgres's notification queue came back within
 * `BEAT_STALE_MS`: notifications are delivered in commit order, so a returned beat proves every
 * change committed before it was sent has been heard. A dropped or silent connection turns every
 * cache off (reads go to the database) until the listener is back and has flushed.
 */
export const CHANNEL = "bfs_member_versions";
export type VersionKind = "poll" | "auth";

const RECONNECT_MS = 2_000;
const BEAT_MS = 1_000;
/** The longest a silently dead listener can go unnoticed: past it, every read goes to the database. */
export const BEAT_STALE_MS = 3_000;
/** A NOTICE's version is honoured this long without its NOTIFY (a write rolled back never notifies). */
const NOTICE_HOLD_MS = 10_000;

interface State {
  started: boolean;
  connected: boolean;
  /** Date.now() at which the last beat that came back was sent. */
  beatConfirmedAt: number;
  epoch: number;
  /** Counts the 'schedule' announcements heard (migration 20261210100000): the week grid's cache key. */
  scheduleGeneration: number;
  announced: Record<VersionKind, Map<string, number>>;
  noticed: Record<VersionKind, Map<string, { version: number; at: number }>>;
  close?: () => Promise<void>;
  unregister?: () => void;
  /** Cumulative lookups per cache (read by bench/loop-delay.mjs for the bench's hit ratio). */
  stats: Record<CacheName, LookupCounts>;
}

export type CacheName = "poll" | "caller" | "schedule" | "labourCost";
export interface LookupCounts {
  hits: number;
  misses: number;
  /** Lookups made while the listener was not healthy: the database answered, nothing was kept. */
  bypass: number;
}

const globalForVersions = globalThis as unknown as { bfsMemberVersions?: State };

function state(): State {
  globalForVersions.bfsMemberVersions ??= {
    started: false,
    connected: false,
    beatConfirmedAt: 0,
    epoch: 0,
    scheduleGeneration: 0,
    announced: { poll: new Map(), auth: new Map() },
    noticed: { poll: new Map(), auth: new Map() },
    stats: { poll: { hits: 0, misses: 0, bypass: 0 }, caller: { hits: 0, misses: 0, bypass: 0 }, schedule: { hits: 0, misses: 0, bypass: 0 }, labourCost: { hits: 0, misses: 0, bypass: 0 } },
  };
  return globalForVersions.bfsMemberVersions;
}

/** `MEMBER_CACHE=off` turns both caches off (every request reads the database). */
export function cachesEnabled(): boolean {
  return process.env.MEMBER_CACHE !== "off";
}

/**
 * The epoch to stamp a read with, or null when nothing may be cached or answered from the cache
 * right now (listener not started, down, or its heartbeat overdue). Starts the listener on first use.
 */
export function cacheEpoch(): number | null {
  if (!cachesEnabled()) return null;
  const s = state();
  if (!s.started) start(s);
  if (!s.connected || Date.now() - s.beatConfirmedAt > BEAT_STALE_MS) return null;
  return s.epoch;
}

/** Whether an entry read at `epoch` with `version` of `userId`'s `kind` is still what the database holds. */
export function isCurrent(kind: VersionKind, userId: string, version: number, epoch: number): boolean {
  const current = cacheEpoch();
  if (current === null || current !== epoch) return false;
  const s = state();
  const announced = s.announced[kind].get(userId);
  if (announced !== undefined && announced > version) return false;
  const noticed = s.noticed[kind].get(userId);
  if (noticed !== undefined && noticed.version > version) {
    if (Date.now() - noticed.at <= NOTICE_HOLD_MS) return false;
    s.noticed[kind].delete(userId);
  }
  return true;
}

/**
 * How many times anything the schedule's week grid shows has changed, as this process heard it
 * (a NOTICE of its own write at once, a NOTIFY of any commit). An entry read while this number
 * stayed the same, in a healthy epoch, is what the database holds (lib/cache/schedule-cache.ts).
 */
export function scheduleGeneration(): number {
  return state().scheduleGeneration;
}

/** A span of time in which punches or task clocks changed (epoch ms, `hi` Infinity for "from then on"), or null: anything else labour cost reads. */
export type PayChange = { lo: number; hi: number } | null;
const payListeners = new Set<(change: PayChange) => void>();

/** Hears every 'pay' announcement (migration 20261210110000), a NOTICE of this process's own write at once and every commit's NOTIFY. */
export function onPayChange(listener: (change: PayChange) => void): void {
  payListeners.add(listener);
}

function payChangeOf(text: string): PayChange {
  const [lo, hi] = text.split(" ");
  if (lo === "all" || lo === undefined || hi === undefined) return null;
  return { lo: Number(lo), hi: hi === "inf" ? Infinity : Number(hi) };
}

/** Counts each lookup (the bench's hit ratio, through bench/loop-delay.mjs). */
export function countLookup(cache: CacheName, result: "hit" | "miss" | "bypass"): void {
  const stats = state().stats[cache];
  if (result === "hit") stats.hits++;
  else if (result === "miss") stats.misses++;
  else stats.bypass++;
}

/** The caches' lookups so far (hits: the poll's and the caller's, the bench's ratio), and whether the listener is healthy. */
export function cacheStats(): { hits: number; poll: LookupCounts; caller: LookupCounts; schedule: LookupCounts; labourCost: LookupCounts; healthy: boolean } {
  const { poll, caller, schedule, labourCost } = state().stats;
  return { hits: poll.hits + caller.hits, poll: { ...poll }, caller: { ...caller }, schedule: { ...schedule }, labourCost: { ...labourCost }, healthy: cacheEpoch() !== null };
}

/** One announcement's text: `<kind> <user_id> <version>`, `flush`, `schedule` or `pay <span or all>`. */
function apply(text: string, source: "notify" | "notice"): void {
  const s = state();
  if (text === "flush") {
    s.epoch++;
    return;
  }
  if (text === "schedule") {
    s.scheduleGeneration++;
    return;
  }
  if (text.startsWith("pay ")) {
    const change = payChangeOf(text.slice(4));
    for (const listener of payListeners) listener(change);
    return;
  }
  const [kind, userId, raw] = text.split(" ");
  if ((kind !== "poll" && kind !== "auth") || !userId || !raw) return;
  const version = Number(raw);
  if (source === "notice") {
    const held = s.noticed[kind].get(userId);
    if (!held || held.version < version) s.noticed[kind].set(userId, { version, at: Date.now() });
    return;
  }
  const known = s.announced[kind].get(userId);
  if (known === undefined || known < version) s.announced[kind].set(userId, version);
}

const NOTICE_PREFIX = `${CHANNEL} `;

/** Every pool connection's `notice` event (lib/db-admin/notices.ts). Other notices are ignored. */
function noteNotice(notice: { message?: string }): void {
  const message = notice.message;
  if (message?.startsWith(NOTICE_PREFIX)) apply(message.slice(NOTICE_PREFIX.length), "notice");
}
onDatabaseNotice(noteNotice);

function start(s: State): void {
  const url = process.env.DATABASE_URL;
  if (!url) return;
  s.started = true;
  const beatChannel = `bfs_beat_${randomUUID().replace(/-/g, "")}`;
  const sentAt = new Map<number, number>();
  let beat = 0;
  let client: pg.Client | null = null;
  let closed = false;
  let retryTimer: NodeJS.Timeout | null = null;
  let beatTimer: NodeJS.Timeout | null = null;

  const down = (next: pg.Client) => {
    if (client === next) client = null;
    s.connected = false;
    s.epoch++;
    if (beatTimer) clearInterval(beatTimer);
    beatTimer = null;
    void next.end().catch(() => undefined);
    // No retry once stopped, or once the process points at another database (a test file's own
    // database is dropped at its end; a retry then would outlive the test's environment).
    if (closed || retryTimer || process.env.DATABASE_URL !== url) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void connect();
    }, RECONNECT_MS);
    retryTimer.unref();
  };

  async function connect(): Promise<void> {
    if (closed) return;
    const next = new pg.Client({ connectionString: url, application_name: "bfs-member-versions", keepAlive: true });
    next.on("notification", (message) => {
      if (message.channel === CHANNEL) apply(message.payload ?? "", "notify");
      else if (message.channel === beatChannel) {
        const at = sentAt.get(Number(message.payload));
        if (at !== undefined && at > s.beatConfirmedAt) s.beatConfirmedAt = at;
        sentAt.delete(Number(message.payload));
      }
    });
    next.on("error", (error) => {
      logWarn("member versions listener lost", error);
      down(next);
    });
    next.on("end", () => {
      if (client === next) down(next);
    });
    try {
      await next.connect();
      // Never keeps a process (a script, a test) alive on its own.
      (next as unknown as { connection?: { stream?: { unref?: () => void } } }).connection?.stream?.unref?.();
      await next.query(`LISTEN ${CHANNEL}`);
      await next.query(`LISTEN ${beatChannel}`);
      if (closed) {
        await next.end();
        return;
      }
      client = next;
      // Whatever was announced while no one listened is unknown: nothing cached before counts.
      s.epoch++;
      s.connected = true;
      const sendBeat = () => {
        const n = ++beat;
        sentAt.set(n, Date.now());
        if (sentAt.size > 100) sentAt.delete(sentAt.keys().next().value!);
        next.query(`SELECT pg_notify($1, $2)`, [beatChannel, String(n)]).catch(() => undefined);
      };
      sendBeat();
      beatTimer = setInterval(sendBeat, BEAT_MS);
      beatTimer.unref();
    } catch (error) {
      logWarn("member versions listener could not connect", error);
      down(next);
    }
  }

  void connect();
  s.close = async () => {
    closed = true;
    s.connected = false;
    s.epoch++;
    if (retryTimer) clearTimeout(retryTimer);
    if (beatTimer) clearInterval(beatTimer);
    const current = client;
    client = null;
    await current?.end().catch(() => undefined);
  };
  s.unregister = onShutdown(
    "member versions listener",
    async () => {
      const close = s.close;
      s.close = undefined;
      await close?.();
    },
    { phase: "connections" },
  );
}

/** Stops the listener (shutdown, tests); the caches then read the database. Started again on next use. */
export async function stopListening(): Promise<void> {
  const s = state();
  const close = s.close;
  s.close = undefined;
  s.started = false;
  s.unregister?.();
  s.unregister = undefined;
  await close?.();
}

/** Resolves once the listener is healthy (tests, and the bench's warm-up); false after `timeoutMs`. */
export async function listenerReady(timeoutMs = 5_000): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (cacheEpoch() !== null) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return false;
}

function logWarn(event: string, error: unknown): void {
  console.error(JSON.stringify({ level: "warn", source: "member-versions", event, message: error instanceof Error ? error.message : String(error) }));
}
