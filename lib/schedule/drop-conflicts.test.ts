/** dropConflicts: what a shift dragged on the week grid runs into where it is held (docs/schedules.md "Screens"). */
import { fromLocalInput } from "@/lib/dates/wall-clock";
import { dropConflicts, type WeekContext } from "./conflicts";

const at = (local: string) => new Date(fromLocalInput(local)).toISOString();
const days = ["2032-03-01", "2032-03-02", "2032-03-03", "2032-03-04", "2032-03-05", "2032-03-06", "2032-03-07"].map((date) => ({ date }));
const shift = (id: string, userId: string | null, day: string, from = "08:00", to = "17:00") => ({ id, unitId: "u1", userId, startsAt: at(`${day}T${from}`), endsAt: at(`${day}T${to}`), breakMinutes: 0 });

const ana1 = shift("a1", "ana", "2032-03-01");
const week: WeekContext = {
  days,
  weeklyOvertimeMinutes: 2400,
  shifts: [shift("b1", "ben", "2032-03-01"), shift("b2", "ben", "2032-03-02"), shift("b3", "ben", "2032-03-03"), shift("b4", "ben", "2032-03-04"), ana1],
  timeOff: [{ userId: "ana", typeName: "Vacation", startDay: "2032-03-03", endDay: "2032-03-03" }],
  availability: [{ userId: "ana", day: "2032-03-04", blocks: [{ from: "00:00", to: "24:00", kind: "unavailable" }] }],
};

describe("dropConflicts", () => {
  const held = ana1;

  it("says nothing where the shift already is, on the open row, or on a free day", () => {
    expect(dropConflicts(held, { unitId: "u1", userId: "ana", day: "2032-03-01" }, week, "Ana Lee")).toEqual([]);
    expect(dropConflicts(held, { unitId: "u1", userId: null, day: "2032-03-03" }, week)).toEqual([]);
    expect(dropConflicts(held, { unitId: "u1", userId: "ana", day: "2032-03-02" }, week, "Ana Lee")).toEqual([]);
  });

  it("names the member's approved time off and unavailable time on the target day", () => {
    expect(dropConflicts(held, { unitId: "u1", userId: "ana", day: "2032-03-03" }, week, "Ana Lee")).toEqual([{ kind: "time_off", message: "On approved time off (Vacation)" }]);
    expect(dropConflicts(held, { unitId: "u1", userId: "ana", day: "2032-03-04" }, week, "Ana Lee")).toEqual([{ kind: "unavailable", message: "Ana Lee is unavailable then" }]);
  });

  it("warns of overtime on another member (4 × 9 h + 9 h = 45 h) and of an overlap with their shift", () => {
    expect(dropConflicts(held, { unitId: "u1", userId: "ben", day: "2032-03-05" }, week, "Ben Ortiz")).toEqual([
      { kind: "overtime", message: "Takes Ben Ortiz to 45h this week, past the 40h overtime threshold" },
    ]);
    expect(dropConflicts(held, { unitId: "u1", userId: "ben", day: "2032-03-02" }, week, "Ben Ortiz").map((c) => c.kind)).toEqual(["overlap", "overtime"]);
  });
});
