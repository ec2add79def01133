import { formatElapsed, formatElapsedSince } from "./format-elapsed";

const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;

describe("formatElapsed", () => {
  it.each([
    [0, "00:00:00"],
    [999, "00:00:00"],
    [S, "00:00:01"],
    [59 * S, "00:00:59"],
    [M, "00:01:00"],
    [59 * M + 59 * S, "00:59:59"],
    [H, "01:00:00"],
    [9 * H + 5 * M + 7 * S + 999, "09:05:07"],
    [23 * H + 59 * M + 59 * S, "23:59:59"],
    [D, "24:00:00"],
    [D + 2 * H + 3 * M + 4 * S, "26:03:04"],
    [3 * D, "72:00:00"],
    [100 * H + 1 * S, "100:00:01"],
  ])("%i ms reads %s", (ms, text) => {
    expect(formatElapsed(ms)).toBe(text);
  });

  it.each([[-1], [-H], [NaN], [Infinity], [-Infinity]])("%p reads 00:00:00", (ms) => {
    expect(formatElapsed(ms)).toBe("00:00:00");
  });
});

describe("formatElapsedSince", () => {
  const start = Date.parse("2026-11-22T08:00:00.000Z");

  it("counts from an ISO timestamp", () => {
    expect(formatElapsedSince("2026-11-22T08:00:00.000Z", start + 2 * H + 30 * M + 15 * S)).toBe("02:30:15");
  });

  it("accepts a Date or epoch milliseconds", () => {
    expect(formatElapsedSince(new Date(start), start + 61 * S)).toBe("00:01:01");
    expect(formatElapsedSince(start, start + 61 * S)).toBe("00:01:01");
  });

  it("crosses midnight and days (a shift left open over a weekend)", () => {
    expect(formatElapsedSince("2026-11-20T23:59:59.000Z", Date.parse("2026-11-21T00:00:01.000Z"))).toBe("00:00:02");
    expect(formatElapsedSince("2026-11-20T17:00:00.000Z", Date.parse("2026-11-23T08:00:00.000Z"))).toBe("63:00:00");
  });

  it("is computed from the timestamp, so a tab that slept shows the true time at once", () => {
    // No accumulated ticks: ten hours later the text is simply ten hours.
    expect(formatElapsedSince(start, start + 10 * H)).toBe("10:00:00");
  });

  it("shows 00:00:00 when the client clock is behind the server's punch time", () => {
    expect(formatElapsedSince(start, start - 5 * S)).toBe("00:00:00");
  });

  it("shows 00:00:00 for a missing or unreadable start", () => {
    expect(formatElapsedSince(null, start)).toBe("00:00:00");
    expect(formatElapsedSince(undefined, start)).toBe("00:00:00");
    expect(formatElapsedSince("", start)).toBe("00:00:00");
    expect(formatElapsedSince("not a date", start)).toBe("00:00:00");
  });

  it("handles a leap day", () => {
    expect(formatElapsedSince("2028-02-28T12:00:00.000Z", Date.parse("2028-03-01T12:00:00.000Z"))).toBe("48:00:00");
  });
});
