import { describeDuration, formatMinutes, normalizeTimeInput, parseTimeInput } from "./time-input";

describe("normalizeTimeInput (what the field shows)", () => {
  it.each([
    ["", ""],
    ["0", "0"],
    ["5", "5"],
    ["59", "59"],
    ["60", "60"],
    ["123", "1:23"],
    ["1234", "12:34"],
    ["2359", "23:59"],
    ["2400", "24:00"],
    ["12345", "12:34"],
    ["1:730", "17:30"],
    ["12:345", "12:34"],
    ["123:4", "12:34"],
    ["17:", "17:"],
    ["9:60", "9:60"],
    ["9:5", "9:5"],
    ["1:2:3", "1:23"],
    ["abc", ""],
    ["  12:30 pm ", "12:30"],
    ["1h30", "1:30"],
    ["-45", "45"],
    ["٣", ""],
  ])("%j -> %j", (raw, shown) => {
    expect(normalizeTimeInput(raw)).toBe(shown);
  });
});

describe("parseTimeInput (minutes)", () => {
  it.each([
    ["", null],
    ["   ", null],
    ["0", 0],
    ["5", 5],
    ["59", 59],
    ["60", 60],
    ["99", 99],
    ["123", 83],
    ["1234", 754],
    ["2359", 1439],
    ["0:00", 0],
    ["9:05", 545],
    ["23:59", 1439],
    ["Due at 7:45!", 465],
  ])("%j -> %j minutes", (raw, minutes) => {
    expect(parseTimeInput(raw)).toEqual({ ok: true, minutes });
  });

  it.each([
    ["2400", "Hours must be 0-23"],
    ["24:00", "Hours must be 0-23"],
    ["9:60", "Minutes must be 0-59"],
    ["199", "Minutes must be 0-59"],
    ["9:5", "Use H:MM or minutes"],
    ["9:", "Use H:MM or minutes"],
    [":30", "Use H:MM or minutes"],
  ])("%j is rejected: %s", (raw, error) => {
    expect(parseTimeInput(raw)).toEqual({ ok: false, error });
  });
});

describe("formatMinutes / describeDuration", () => {
  it("formats H:MM", () => {
    expect(formatMinutes(0)).toBe("0:00");
    expect(formatMinutes(5)).toBe("0:05");
    expect(formatMinutes(60)).toBe("1:00");
    expect(formatMinutes(1439)).toBe("23:59");
    expect(formatMinutes(null)).toBe("");
  });
  it("describes durations", () => {
    expect(describeDuration(0)).toBe("0m");
    expect(describeDuration(45)).toBe("45m");
    expect(describeDuration(60)).toBe("1h");
    expect(describeDuration(90)).toBe("1h 30m");
    expect(describeDuration(undefined)).toBe("");
  });
  it("round-trips every minute of the day", () => {
    for (let m = 0; m < 1440; m++) expect(parseTimeInput(formatMinutes(m))).toEqual({ ok: true, minutes: m });
  });
});
