/**
 * My day as this device last saw it, for the offline start page (/offline, served by the service
 * worker for `/` when there is no signal): who was signed in, their punch state and their tasks
 * due today. A few hundred bytes to a few kilobytes in localStorage (never the server's pages):
 * the status is kept wherever it is polled (usePunchStatus), the list wherever "my tasks for
 * today" is read (useMyTasksForToday: My day, /mobile-punch). Another person's status replaces
 * the whole record; signing out forgets it (clearSignedInState).
 */
import type { z } from "zod";
import { forgetKeptMyRuns } from "@/lib/offline/kept-my-runs";
import { forgetKeptMyShifts } from "@/lib/offline/kept-my-shifts";
import type { publicUserSchema } from "@/lib/validations/auth";
import type { punchStatusSchema } from "@/lib/validations/punch";

export const KEPT_MY_DAY_KEY = "bfs.keptMyDay.v1";

export interface KeptTask {
  id: string;
  displayNumber: number | null;
  title: string;
  dueDate: string;
}

export interface KeptMyDay {
  user: Omit<z.output<typeof publicUserSchema>, "memberType">;
  /** The punch state the server last gave (null until one was read). */
  status: z.output<typeof punchStatusSchema> | null;
  /** When the server gave that status (ms since the epoch). */
  statusAt: number | null;
  today: {
    /** The business day the list is for (YYYY-MM-DD): another day's list is not shown. */
    date: string;
    items: KeptTask[];
    hasMore: boolean;
    /** When the server gave that list (ms). */
    at: number;
  } | null;
}

type KeptUser = KeptMyDay["user"];
type KeptStatus = NonNullable<KeptMyDay["status"]>;

// Hand-written checks, not a schema: this module is on every page's first load (the punch
// status keeps itself here), and zod would bring some 30 KB of script with it.
type Fields = Record<string, unknown>;
const isFields = (v: unknown): v is Fields => typeof v === "object" && v !== null && !Array.isArray(v);
const isText = (v: unknown): v is string => typeof v === "string";
const isTextOrNull = (v: unknown) => v === null || isText(v);
const isCount = (v: unknown) => v === null || (typeof v === "number" && Number.isInteger(v));

const isTask = (v: unknown) => isFields(v) && isText(v.id) && isCount(v.displayNumber) && isText(v.title) && isText(v.dueDate);
const isUser = (v: unknown) =>
  isFields(v) && isText(v.id) && isText(v.email) && isText(v.firstName) && isText(v.lastName) && isText(v.role) && typeof v.mustChangePassword === "boolean";
const isActiveTask = (v: unknown) =>
  v === null ||
  (isFields(v) && isText(v.id) && isCount(v.displayNumber) && isText(v.title) && isText(v.startedAt) && isTextOrNull(v.completedAt) && isTextOrNull(v.completedBy));
const isStatus = (v: unknown) => v === null || (isFields(v) && typeof v.isPunchedIn === "boolean" && isTextOrNull(v.lastPunchIn) && isActiveTask(v.activeTask));
const isToday = (v: unknown) =>
  v === null || (isFields(v) && isText(v.date) && Array.isArray(v.items) && v.items.every(isTask) && typeof v.hasMore === "boolean" && typeof v.at === "number");

function isKeptMyDay(v: unknown): v is KeptMyDay {
  return isFields(v) && isUser(v.user) && isStatus(v.status) && (v.statusAt === null || typeof v.statusAt === "number") && isToday(v.today);
}

type Listener = () => void;
const listeners = new Set<Listener>();
let cached: { raw: string | null; value: KeptMyDay | null } | null = null;

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The kept record, or null (none, another format, or unreadable): the same object until it changes. */
export function readKeptMyDay(): KeptMyDay | null {
  const raw = storage()?.getItem(KEPT_MY_DAY_KEY) ?? null;
  if (cached && cached.raw === raw) return cached.value;
  let value: KeptMyDay | null = null;
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    value = isKeptMyDay(parsed) ? parsed : null;
  } catch {
    value = null;
  }
  cached = { raw, value };
  return value;
}

function write(value: KeptMyDay | null) {
  const store = storage();
  if (!store) return;
  const raw = value ? JSON.stringify(value) : null;
  if (raw === (store.getItem(KEPT_MY_DAY_KEY) ?? null)) return;
  try {
    if (raw === null) store.removeItem(KEPT_MY_DAY_KEY);
    else store.setItem(KEPT_MY_DAY_KEY, raw);
  } catch {
    // Storage full or refused: the start page simply has nothing newer to show.
    return;
  }
  listeners.forEach((listener) => listener());
}

/** The record of this person: theirs as kept, or a new one (another person's is replaced whole). */
function recordOf(user: KeptUser): KeptMyDay {
  const before = readKeptMyDay();
  const person = { id: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName, role: user.role, mustChangePassword: user.mustChangePassword };
  return before?.user.id === user.id ? { ...before, user: person } : { user: person, status: null, statusAt: null, today: null };
}

/** Keeps the person and their punch state as the server last gave it (never a state made up from the offline queue). */
export function keepPunchStatus(user: KeptUser, status: KeptStatus, at: number): void {
  const punch = { isPunchedIn: status.isPunchedIn, lastPunchIn: status.lastPunchIn, activeTask: status.activeTask };
  write({ ...recordOf(user), status: punch, statusAt: at });
}

/** Keeps the person's tasks due today (the first page: at most 20 rows, four fields each). */
export function keepTodayTasks(user: KeptUser, date: string, items: readonly KeptTask[], hasMore: boolean, at: number): void {
  const kept = items.map((task) => ({ id: task.id, displayNumber: task.displayNumber, title: task.title, dueDate: task.dueDate }));
  write({ ...recordOf(user), today: { date, items: kept, hasMore, at } });
}

/** Signing out: nothing of this person stays for the next one to see. */
export function forgetKeptMyDay(): void {
  write(null);
}

export function subscribeKeptMyDay(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === KEPT_MY_DAY_KEY || event.key === null) listener();
  };
  if (typeof window !== "undefined") window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    if (typeof window !== "undefined") window.removeEventListener("storage", onStorage);
  };
}

/**
 * The service worker's copies of pages (public/sw.js: caches named `bfs-shell-*`): the punch and
 * scan screens as their last visitor saw them (name, punch state), and the offline start page,
 * which holds nothing of a person and stays. Code (`bfs-static-*`) stays too.
 */
const PAGE_CACHE_PREFIX = "bfs-shell-";
const OFFLINE_START_PATH = "/offline";

/**
 * Signing out: the kept My day, the kept shifts (kept-my-shifts.ts), the kept runs (kept-my-runs.ts) and every kept screen go, so the next person on this device, or
 * anyone who opens the app without a signal, sees nothing of this one.
 */
export async function forgetKeptOnDevice(): Promise<void> {
  forgetKeptMyDay();
  forgetKeptMyShifts();
  forgetKeptMyRuns();
  try {
    // Each registration's worker forgets too, so a screen it is fetching now is not stored after this.
    if (typeof navigator !== "undefined" && "serviceWorker" in navigator) {
      for (const registration of await navigator.serviceWorker.getRegistrations()) {
        for (const worker of [registration.active, registration.waiting, registration.installing]) worker?.postMessage({ type: "forget-pages" });
      }
    }
  } catch {
    // No service worker here: only the caches below.
  }
  try {
    if (typeof caches === "undefined") return;
    for (const name of await caches.keys()) {
      if (!name.startsWith(PAGE_CACHE_PREFIX)) continue;
      const cache = await caches.open(name);
      for (const request of await cache.keys()) if (new URL(request.url).pathname !== OFFLINE_START_PATH) await cache.delete(request);
    }
  } catch {
    // No Cache Storage (an insecure origin, private mode): nothing was kept there.
  }
}
