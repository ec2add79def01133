/**
 * Wall-clock readings of an instant in a time zone, as payroll exports write them ("08:05",
 * "2026-11-02 08:05"), and the datetime-local inputs of the time screens, read in the business
 * zone. Imported by its own path, `@/lib/dates/wall-clock`, so the first load does not carry it.
 */
import { partsIn, type Pattern } from "./intl";
import { BUSINESS_TIME_ZONE } from "./zone";

type Instant = Date | string | number;

const CLOCK_24: Pattern = ["en-US", { hour: "2-digit", minute: "2-digit", hourCycle: "h23" }];
const DATE_TIME_24: Pattern = ["en-US", { year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }];

/** "08:05" (24 h), for exports. */
export function clock24(value: Instant, timeZone = BUSINESS_TIME_ZONE): string {
  const part = partsIn(CLOCK_24, timeZone, new Date(value), "00");
  return `${part("hour")}:${part("minute")}`;
}

/** "2026-11-02 08:05" in the zone, for exports. */
export function localDateTime(value: Instant, timeZone = BUSINESS_TIME_ZONE): string {
  const part = partsIn(DATE_TIME_24, timeZone, new Date(value), "00");
  return `${part("year")}-${part("month")}-${part("day")} ${part("hour")}:${part("minute")}`;
}

/** A "yyyy-MM-ddTHH:mm" wall-clock value of a datetime-local input, read in `timeZone`, as an ISO instant. */
export function fromLocalInput(value: string, timeZone = BUSINESS_TIME_ZONE): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value);
  if (!m) return value;
  const [y, mo, d, h, mi] = m.slice(1).map(Number);
  // Guess with UTC, then correct by the zone's offset at that instant (twice, for DST edges).
  let guess = Date.UTC(y, mo - 1, d, h, mi);
  for (let i = 0; i < 2; i++) {
    const shown = localDateTime(new Date(guess), timeZone);
    const sm = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})$/.exec(shown)!;
    const shownUtc = Date.UTC(Number(sm[1]), Number(sm[2]) - 1, Number(sm[3]), Number(sm[4]), Number(sm[5]));
    guess += Date.UTC(y, mo - 1, d, h, mi) - shownUtc;
  }
  return new Date(guess).toISOString();
}

/** An instant as the value of a datetime-local input in `timeZone`. */
export const toLocalInput = (value: Instant, timeZone = BUSINESS_TIME_ZONE) => localDateTime(value, timeZone).replace(" ", "T");
