import { AppError } from "@/lib/http/app-error";
import { deviceTimeProblem, recordedTime } from "./device-time";
import { OFFLINE_MAX_AGE_MS, OFFLINE_MESSAGES } from "./rules";

const now = new Date("2026-03-08T08:30:00Z");

describe("the one device-time rule", () => {
  it("takes the arrival instant itself and exactly 72 hours before it; refuses 1 ms ahead or 1 ms older", () => {
    expect(deviceTimeProblem(now, now)).toBeNull();
    expect(deviceTimeProblem(new Date(now.getTime() - OFFLINE_MAX_AGE_MS), now)).toBeNull();
    expect(deviceTimeProblem(new Date(now.getTime() + 1), now)).toBe("in-future");
    expect(deviceTimeProblem(new Date(now.getTime() - OFFLINE_MAX_AGE_MS - 1), now)).toBe("too-old");
    expect(deviceTimeProblem(new Date("1970-01-02T00:00:00Z"), now)).toBe("too-old");
  });

  it("an online write is recorded at the server's time whatever the device says; an offline one at its checked device time", () => {
    expect(recordedTime({ offline: false, deviceTime: new Date("1970-01-02T00:00:00Z") }, now, "scan")).toBe(now);
    expect(recordedTime({ offline: false }, now, "scan")).toBe(now);
    const tapped = new Date(now.getTime() - 3_600_000);
    expect(recordedTime({ offline: true, deviceTime: tapped }, now, "scan")).toBe(tapped);
  });

  it("refuses an offline write without a device time or with one it cannot trust, naming the field and the kind of write", () => {
    const refusal = (fn: () => unknown) => {
      try {
        fn();
      } catch (error) {
        return error as AppError;
      }
      throw new Error("not refused");
    };
    const missing = refusal(() => recordedTime({ offline: true }, now, "scan"));
    expect([missing.status, missing.extra.field]).toEqual([400, "deviceTime"]);
    expect(refusal(() => recordedTime({ offline: true, deviceTime: new Date(0) }, now, "scan")).message).toMatch(/offline scan is more than 72 hours old/);
    expect(refusal(() => recordedTime({ offline: true, deviceTime: new Date(0) }, now, "punch")).message).toBe(OFFLINE_MESSAGES.deviceTimeTooOld);
    expect(refusal(() => recordedTime({ offline: true, deviceTime: new Date(now.getTime() + 1000) }, now, "punch")).message).toBe(OFFLINE_MESSAGES.deviceTimeInFuture);
  });
});
