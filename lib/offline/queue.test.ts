import { EMPTY_QUEUE, applyQueuedPunches, dismissFailures, enqueue, entriesOf, parseQueue } from "./queue";
import { isRetryable, markFailed, markRetry, markSent, nextEntry, requestBody } from "./replay";

const entry = (id: string, kind: "punch-in" | "punch-out", deviceTime: string, payload: Record<string, unknown> = { location: "mobile" }) => ({
  id,
  kind,
  deviceTime,
  payload,
  owner: null as string | null,
});

describe("offline queue", () => {
  it("keeps the taps in order and sends the oldest first", () => {
    let state = enqueue(EMPTY_QUEUE, entry("a", "punch-in", "2026-11-27T08:00:00.000Z"));
    state = enqueue(state, entry("b", "punch-out", "2026-11-27T12:00:00.000Z"));
    expect(nextEntry(state)?.id).toBe("a");
    state = markSent(state, "a");
    expect(nextEntry(state)?.id).toBe("b");
    state = markSent(state, "b");
    expect(nextEntry(state)).toBeNull();
  });

  it("sends only the signed-in person's entries (and those of nobody in particular)", () => {
    let state = enqueue(EMPTY_QUEUE, { ...entry("a", "punch-in", "t1"), owner: "ann" });
    state = enqueue(state, { ...entry("b", "punch-in", "t2"), owner: "bob" });
    state = enqueue(state, entry("c", "punch-out", "t3"));
    expect(nextEntry(state, "bob")?.id).toBe("b");
    expect(entriesOf(state, "bob").map((e) => e.id)).toEqual(["b", "c"]);
    expect(entriesOf(state).map((e) => e.id)).toEqual(["a", "b", "c"]);
    expect(nextEntry(markSent(state, "b"), "bob")?.id).toBe("c");
  });

  it("stores a double tap (same id) once", () => {
    const once = enqueue(EMPTY_QUEUE, entry("a", "punch-in", "2026-11-27T08:00:00.000Z"));
    expect(enqueue(once, entry("a", "punch-in", "2026-11-27T08:00:01.000Z"))).toBe(once);
  });

  it("keeps a retried entry first and counts its attempts", () => {
    let state = enqueue(enqueue(EMPTY_QUEUE, entry("a", "punch-in", "t1")), entry("b", "punch-out", "t2"));
    state = markRetry(markRetry(state, "a"), "a");
    expect(state.entries.map((e) => [e.id, e.attempts])).toEqual([
      ["a", 2],
      ["b", 0],
    ]);
  });

  it("moves a refused entry to the failures with its message, and dismisses them", () => {
    let state = enqueue(EMPTY_QUEUE, entry("a", "punch-in", "t1"));
    state = markFailed(state, "a", "too old");
    expect(state.entries).toEqual([]);
    expect(state.failed).toEqual([expect.objectContaining({ id: "a", error: "too old" })]);
    expect(markFailed(state, "missing", "x")).toBe(state);
    expect(dismissFailures(state).failed).toEqual([]);
  });

  it("retries on no answer, 408, 429 and 5xx; anything else is final", () => {
    expect([null, 408, 429, 500, 502, 503, 504].every(isRetryable)).toBe(true);
    expect([200, 201, 202, 400, 401, 403, 404, 409, 413].some(isRetryable)).toBe(false);
  });

  it("sends the payload with the uuid and the device time", () => {
    const [queued] = enqueue(EMPTY_QUEUE, entry("u-1", "punch-out", "2026-11-27T12:00:00.000Z", { location: "mobile", reason: "Lunch" })).entries;
    expect(requestBody(queued!)).toEqual({ location: "mobile", reason: "Lunch", clientUuid: "u-1", deviceTime: "2026-11-27T12:00:00.000Z" });
  });

  it("shows the queued punches on top of the last known status", () => {
    const out = { isPunchedIn: false, lastPunchIn: "2026-11-26T08:00:00.000Z", activeTask: null };
    const queued = enqueue(EMPTY_QUEUE, entry("a", "punch-in", "2026-11-27T08:00:00.000Z")).entries;
    expect(applyQueuedPunches(out, queued)).toEqual({ isPunchedIn: true, lastPunchIn: "2026-11-27T08:00:00.000Z", activeTask: null });
    const both = enqueue(enqueue(EMPTY_QUEUE, entry("a", "punch-in", "2026-11-27T08:00:00.000Z")), entry("b", "punch-out", "2026-11-27T12:00:00.000Z")).entries;
    expect(applyQueuedPunches(out, both)).toEqual({ isPunchedIn: false, lastPunchIn: "2026-11-27T08:00:00.000Z", activeTask: null });
    const running = { isPunchedIn: true, lastPunchIn: "x", activeTask: { id: "t" } };
    expect(applyQueuedPunches(running, [])).toBe(running);
  });

  it("holds case scans in the same line as punches, with the case they are addressed to", () => {
    let state = enqueue(EMPTY_QUEUE, entry("a", "punch-in", "2026-11-27T08:00:00.000Z"));
    state = enqueue(state, { id: "s", kind: "case-scan", deviceTime: "2026-11-27T08:05:00.000Z", payload: { station: "intake", offline: true }, target: "C-2026-00042", owner: null });
    expect(state.entries.map((e) => e.kind)).toEqual(["punch-in", "case-scan"]);
    expect(parseQueue(JSON.stringify(state)).entries[1]).toMatchObject({ target: "C-2026-00042" });
    expect(requestBody(markSent(state, "a").entries[0]!)).toEqual({ station: "intake", offline: true, clientUuid: "s", deviceTime: "2026-11-27T08:05:00.000Z" });
    // A punch's replay does not read a scan as a punch.
    const out = { isPunchedIn: false, lastPunchIn: null, activeTask: null };
    expect(applyQueuedPunches(out, [state.entries[1]!])).toEqual(out);
  });

  it("reads back what it stored and survives garbage", () => {
    const state = enqueue(EMPTY_QUEUE, entry("a", "punch-in", "t1"));
    expect(parseQueue(JSON.stringify(state))).toEqual(state);
    expect(parseQueue(null)).toEqual(EMPTY_QUEUE);
    expect(parseQueue("{not json")).toEqual(EMPTY_QUEUE);
    expect(parseQueue(JSON.stringify({ entries: [{ id: 1 }, null, "x"], failed: "no" }))).toEqual(EMPTY_QUEUE);
  });
});
