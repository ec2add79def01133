/**
 * Today's shift and the next one, from my upcoming shifts (in order, not yet ended). Pure.
 */
import { dateKeyOf } from "@/lib/dates";
import { shiftSpan } from "./format";

interface Upcoming {
  startsAt: string;
  endsAt: string;
  placeName: string | null;
}

export function todayAndNext<S extends Upcoming>(shifts: readonly S[], today: string): { today: S | null; next: S | null } {
  const first = shifts[0] ?? null;
  if (first && dateKeyOf(first.startsAt) <= today) return { today: first, next: shifts[1] ?? null };
  return { today: null, next: first };
}

/** "Your shift: 8:00–4:30 at Front desk". */
export const yourShiftLine = (shift: Upcoming) => `Your shift: ${shiftSpan(shift.startsAt, shift.endsAt)}${shift.placeName ? ` at ${shift.placeName}` : ""}`;
