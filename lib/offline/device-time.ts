import { badRequest } from "@/lib/http/app-error";
import { OFFLINE_MAX_AGE_HOURS, OFFLINE_MAX_AGE_MS, OFFLINE_MESSAGES } from "./rules";

/**
 * The one device-time rule of the server, for every write a phone may queue without a signal
 * (punches and checkpoint scans): a write is recorded at the server's time, unless it was queued
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

/** The refusal's sentence, in the words of what was queued ("punch", "scan"). */
export function deviceTimeMessage(problem: DeviceTimeProblem, what: "punch" | "scan"): string {
  if (what === "punch") return problem === "in-future" ? OFFLINE_MESSAGES.deviceTimeInFuture : OFFLINE_MESSAGES.deviceTimeTooOld;
  return problem === "in-future"
    ? "This offline scan is dated later than the server's time. Check the phone's date and time, then scan again."
    : `This offline scan is more than ${OFFLINE_MAX_AGE_HOURS} hours old and can no longer be recorded. Scan the case again now.`;
}

/** Throws the 400 (field `deviceTime`) for a device time the server cannot trust. */
export function assertDeviceTime(deviceTime: Date, receivedAt: Date, what: "punch" | "scan"): void {
  const problem = deviceTimeProblem(deviceTime, receivedAt);
  if (problem) throw badRequest(deviceTimeMessage(problem, what), { field: "deviceTime" });
}

/**
 * The instant a write is recorded at: the server's arrival time for a write made online (whatever
 * clock the phone sent), the checked device time for a write queued offline.
 */
export function recordedTime(write: { offline: boolean; deviceTime?: Date | null }, receivedAt: Date, what: "punch" | "scan"): Date {
  if (!write.offline) return receivedAt;
  if (!write.deviceTime) throw badRequest(`deviceTime is required for an offline ${what}`, { field: "deviceTime" });
  assertDeviceTime(write.deviceTime, receivedAt, what);
  return write.deviceTime;
}
