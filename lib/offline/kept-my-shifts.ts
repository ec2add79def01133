/**
 * My upcoming shifts as this device last saw them, for /schedule/me without a signal (the service
 * worker keeps the page, this record its shifts): a few hundred bytes to a few kilobytes in
 * localStorage, written whenever GET /api/schedule/me answers (useMySchedule). Another person's
 * answer replaces the whole record; signing out forgets it (forgetKeptOnDevice). docs/schedules.md,
 * "Offline".
 */
export const KEPT_MY_SHIFTS_KEY = "bfs.keptMyShifts.v1";
/** At most this many shifts are kept (four weeks of a busy schedule). */
export const KEPT_MY_SHIFTS_MAX = 60;

export interface KeptShift {
  id: string;
  startsAt: string;
  endsAt: string;
  unitName: string;
  roleLabel: string | null;
  placeName: string | null;
  breakMinutes: number;
  note: string | null;
}

export interface KeptMyShifts {
  /** Whose shifts (null when the page did not know the person yet). */
  userId: string | null;
  /** When the server gave them (ms since the epoch). */
  at: number;
  shifts: KeptShift[];
}

// Hand-written checks, not a schema: kept-my-day.ts (on every page's first load) imports this
// module, and zod would bring some 30 KB of script with it.
type Fields = Record<string, unknown>;
const isFields = (v: unknown): v is Fields => typeof v === "object" && v !== null && !Array.isArray(v);
const isText = (v: unknown): v is string => typeof v === "string";
const isTextOrNull = (v: unknown) => v === null || isText(v);
const isShift = (v: unknown) =>
  isFields(v) &&
  isText(v.id) &&
  isText(v.startsAt) &&
  isText(v.endsAt) &&
  isText(v.unitName) &&
  isTextOrNull(v.roleLabel) &&
  isTextOrNull(v.placeName) &&
  typeof v.breakMinutes === "number" &&
  Number.isInteger(v.breakMinutes) &&
  isTextOrNull(v.note);

function isKeptMyShifts(v: unknown): v is KeptMyShifts {
  return isFields(v) && isTextOrNull(v.userId) && typeof v.at === "number" && Array.isArray(v.shifts) && v.shifts.every(isShift);
}

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

let cached: { raw: string | null; value: KeptMyShifts | null } | null = null;

/** The kept record, or null (none, another format, or unreadable): the same object until it changes. */
export function readKeptMyShifts(): KeptMyShifts | null {
  const raw = storage()?.getItem(KEPT_MY_SHIFTS_KEY) ?? null;
  if (cached && cached.raw === raw) return cached.value;
  let value: KeptMyShifts | null = null;
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    value = isKeptMyShifts(parsed) ? parsed : null;
  } catch {
    value = null;
  }
  cached = { raw, value };
  return value;
}

/** Keeps the shifts the server gave (the fields the screen shows, soonest first, capped). */
export function keepMyShifts(userId: string | null, shifts: readonly KeptShift[], at: number): void {
  const store = storage();
  if (!store) return;
  const kept = [...shifts]
    .sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt))
    .slice(0, KEPT_MY_SHIFTS_MAX)
    .map((s) => ({ id: s.id, startsAt: s.startsAt, endsAt: s.endsAt, unitName: s.unitName, roleLabel: s.roleLabel, placeName: s.placeName, breakMinutes: s.breakMinutes, note: s.note }));
  try {
    store.setItem(KEPT_MY_SHIFTS_KEY, JSON.stringify({ userId, at, shifts: kept }));
  } catch {
    // Storage full or refused: the page simply has nothing newer to show offline.
  }
}

/**
 * The kept shifts not yet ended at `now`, when they are this person's (`userId` null: the person is
 * not known offline; the record is the last signed-in person's, as the kept page is).
 */
export function keptShiftsFor(kept: KeptMyShifts | null, userId: string | null, now: number): KeptMyShifts | null {
  if (!kept) return null;
  if (userId && kept.userId && kept.userId !== userId) return null;
  return { ...kept, shifts: kept.shifts.filter((s) => Date.parse(s.endsAt) > now) };
}

/** Signing out: nothing of this person stays for the next one to see. */
export function forgetKeptMyShifts(): void {
  try {
    storage()?.removeItem(KEPT_MY_SHIFTS_KEY);
  } catch {
    // Unreadable storage kept nothing.
  }
}
