import { badRequest } from "@/lib/http/app-error";
import { OFFLINE_MAX_AGE_HOURS, OFFLINE_MAX_AGE_MS, OFFLINE_MESSAGES } from "./rules";

/**
 * The one device-time rule of the server, for every write a phone may queue without a signal
 * (punches, checkpoint scans, checklist ticks): a write is recorded at the server's time, unless it was queued
 * offline; then it is recorded at the phone's time, which must be no later than its arrival and at
 * most OFFLINE_MAX_AGE_HOURS before it (a phone clock ahead, or a queue left for days, is refused).
 * Pure: the server's services import it; the device may too.
 */

export type DeviceTimeProblem = "in-future" | "too-old";

/** What is wrong with a queued write's device time, or null when the server can take it. */
export function deviceTimeProblem(deviceTime: Date, receivedAt: Date): DeviceTimeProblem | null {
  if (deviceTime.getTime() > receivedAt.getTime()) return "in-future";
  if (receivedAt.getTime() - deviceTime.getTime() > OFFLINE_MAX_AGE_MS) return "too-old";
  return null;
}

/** What was queued, in the refusal's words. */
export type DeviceTimeWhat = "punch" | "scan" | "checklist tick" | "shift claim" | "pickup";

/** How to do it again, once the phone's clock is right or the write is too old to keep. */
const AGAIN: Record<Exclude<DeviceTimeWhat, "punch">, { inFuture: string; tooOld: string }> = {
  scan: { inFuture: "scan again", tooOld: "Scan the case again now." },
  "checklist tick": { inFuture: "tick the item again", tooOld: "Tick the item again now." },
  "shift claim": { inFuture: "claim the shift again", tooOld: "Claim the shift again now." },
  pickup: { inFuture: "record the pickup again", tooOld: "Record the pickup again now." },
};

/** The refusal's sentence, in the words of what was queued ("punch", "scan", "checklist tick"). */
export function deviceTimeMessage(problem: DeviceTimeProblem, what: DeviceTimeWhat): string {
  if (what === "punch") return problem === "in-future" ? OFFLINE_MESSAGES.deviceTimeInFuture : OFFLINE_MESSAGES.deviceTimeTooOld;
  return problem === "in-future"
    ? `This offline ${what} is dated later than the server's time. Check the phone's date and time, then ${AGAIN[what].inFuture}.`
    : `This offline ${what} is more than ${OFFLINE_MAX_AGE_HOURS} hours old and can no longer be recorded. ${AGAIN[what].tooOld}`;
}

/** Throws the 400 (field `deviceTime`) for a device time the server cannot trust. */
export function assertDeviceTime(deviceTime: Date, receivedAt: Date, what: DeviceTimeWhat): void {
  const problem = deviceTimeProblem(deviceTime, receivedAt);
  if (problem) throw badRequest(deviceTimeMessage(problem, what), { field: "deviceTime" });
}

/**
 * The instant a write is recorded at: the server's arrival time for a write made online (whatever
 * clock the phone sent), the checked device time for a write queued offline.
 */
export function recordedTime(write: { offline: boolean; deviceTime?: Date | null }, receivedAt: Date, what: DeviceTimeWhat): Date {
  if (!write.offline) return receivedAt;
  if (!write.deviceTime) throw badRequest(`deviceTime is required for an offline ${what}`, { field: "deviceTime" });
  assertDeviceTime(write.deviceTime, receivedAt, what);
  return write.deviceTime;
}
