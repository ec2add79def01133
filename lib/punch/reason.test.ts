import { PUNCH_OUT_REASONS } from "@/lib/constants";
import { punchOutSchema } from "@/lib/validations/punch";
import { REASON_OTHER_MAX_LENGTH, buildPunchOutPayload, isPunchOutReason, isReasonComplete } from "./reason";

describe("punch-out reasons", () => {
  it("are the spec's six, in order", () => {
    expect(PUNCH_OUT_REASONS).toEqual(["End of Workday", "Lunch", "Break", "School", "Personal", "Other"]);
  });

  it("recognises only the listed reasons, exactly", () => {
    for (const reason of PUNCH_OUT_REASONS) expect(isPunchOutReason(reason)).toBe(true);
    for (const value of ["", "lunch", "End of workday", " Lunch", "Vacation", null, undefined, 3]) expect(isPunchOutReason(value)).toBe(false);
  });
});

describe("isReasonComplete (the confirm button)", () => {
  it("needs a reason", () => {
    expect(isReasonComplete(null, null)).toBe(false);
    expect(isReasonComplete("", "")).toBe(false);
    expect(isReasonComplete("Nap", null)).toBe(false);
  });

  it.each(PUNCH_OUT_REASONS.filter((r) => r !== "Other"))("%s needs no text", (reason) => {
    expect(isReasonComplete(reason, null)).toBe(true);
    expect(isReasonComplete(reason, "")).toBe(true);
  });

  it("Other needs non-blank text", () => {
    expect(isReasonComplete("Other", null)).toBe(false);
    expect(isReasonComplete("Other", undefined)).toBe(false);
    expect(isReasonComplete("Other", "")).toBe(false);
    expect(isReasonComplete("Other", "   \n\t ")).toBe(false);
    expect(isReasonComplete("Other", "Doctor's appointment")).toBe(true);
    expect(isReasonComplete("Other", " x ")).toBe(true);
  });

  it("Other's text has the server's length limit", () => {
    expect(isReasonComplete("Other", "a".repeat(REASON_OTHER_MAX_LENGTH))).toBe(true);
    expect(isReasonComplete("Other", "a".repeat(REASON_OTHER_MAX_LENGTH + 1))).toBe(false);
  });
});

describe("buildPunchOutPayload", () => {
  it("sends location and reason only, for a listed reason", () => {
    expect(buildPunchOutPayload({ location: "desktop", reason: "Lunch", reasonOther: "leftover text" })).toEqual({ location: "desktop", reason: "Lunch" });
  });

  it("sends the trimmed text only for Other", () => {
    expect(buildPunchOutPayload({ location: "desktop", reason: "Other", reasonOther: "  Vet visit " })).toEqual({
      location: "desktop",
      reason: "Other",
      reasonOther: "Vet visit",
    });
  });

  it("adds forceClockOut only when forcing", () => {
    expect(buildPunchOutPayload({ location: "desktop", reason: "Break" }, true)).toEqual({ location: "desktop", reason: "Break", forceClockOut: true });
    expect("forceClockOut" in buildPunchOutPayload({ location: "desktop", reason: "Break" }, false)).toBe(false);
  });
});

describe("punchOutSchema (the server's rule, same as the dialog's)", () => {
  it("requires reasonOther for Other and names the field", () => {
    const result = punchOutSchema.safeParse({ location: "desktop", reason: "Other", reasonOther: "   " });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].path).toEqual(["reasonOther"]);
  });

  it("drops reasonOther for any other reason", () => {
    expect(punchOutSchema.parse({ location: "desktop", reason: "School", reasonOther: "ignored" })).toEqual({
      location: "desktop",
      reason: "School",
      reasonOther: null,
      forceClockOut: false,
    });
  });

  it("keeps the trimmed reasonOther for Other", () => {
    expect(punchOutSchema.parse({ location: "desktop", reason: "Other", reasonOther: " Vet ", forceClockOut: true })).toMatchObject({
      reason: "Other",
      reasonOther: "Vet",
      forceClockOut: true,
    });
  });

  it("rejects a reason off the list and a missing location", () => {
    expect(punchOutSchema.safeParse({ location: "desktop", reason: "Nap" }).error?.issues[0].path).toEqual(["reason"]);
    expect(punchOutSchema.safeParse({ reason: "Lunch" }).error?.issues[0].path).toEqual(["location"]);
  });
});
