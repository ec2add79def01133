/**
 * How a shift reads to people: "8:00–4:30" (the business zone's clock, as a whiteboard writes
 * it), "Mon, Dec 14 8:00–4:30 at Front desk". Pure.
 */
import { clockTime, formatWeekdayDate } from "@/lib/dates";

const bare = (clock: string) => clock.replace(/\s?[AP]M$/i, "");

/** "8:00–4:30"; "10:00 PM–6:00 AM" when the shift crosses noon or midnight the other way round. */
export function shiftSpan(startsAt: string | Date, endsAt: string | Date): string {
  const [from, to] = [clockTime(startsAt), clockTime(endsAt)];
  const [fromHalf, toHalf] = [/PM$/i.test(from), /PM$/i.test(to)];
  // A day shift reads as the whiteboard writes it; a night (PM to AM) keeps its halves.
  if (fromHalf && !toHalf) return `${from}–${to}`;
  return `${bare(from)}–${bare(to)}`;
}

/** "Mon, Dec 14 8:00–4:30 at Front desk". */
export function shiftLine(shift: { startsAt: string | Date; endsAt: string | Date; placeName?: string | null; roleLabel?: string | null }): string {
  const where = shift.placeName ? ` at ${shift.placeName}` : "";
  const role = shift.roleLabel ? ` (${shift.roleLabel})` : "";
  return `${formatWeekdayDate(shift.startsAt)} ${shiftSpan(shift.startsAt, shift.endsAt)}${where}${role}`;
}
