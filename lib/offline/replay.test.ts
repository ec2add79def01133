/**
 * @jest-environment jsdom
 */
import { ApiError } from "@/lib/api-client/errors";
import { enqueue } from "./queue";
import { replayQueue, type Sender } from "./replay";
import { OFFLINE_QUEUE_KEY, readQueue, updateQueue } from "./store";

const add = (id: string, kind: "punch-in" | "punch-out", owner: string | null = null) =>
  updateQueue((state) => enqueue(state, { id, kind, deviceTime: `2026-11-27T08:00:0${id.length}.000Z`, payload: { location: "mobile" }, owner }));

beforeEach(() => localStorage.clear());

describe("replayQueue", () => {
  it("sends in order with the uuid and device time, and empties the stored queue", async () => {
    add("a", "punch-in");
    add("bb", "punch-out");
    const seen: unknown[] = [];
    const send: Sender = async (_entry, body) => {
      seen.push(body);
      return { status: 201, body: { ok: true } };
    };
    const report = await replayQueue(send);
    expect(seen).toEqual([
      { location: "mobile", clientUuid: "a", deviceTime: "2026-11-27T08:00:01.000Z" },
      { location: "mobile", clientUuid: "bb", deviceTime: "2026-11-27T08:00:02.000Z" },
    ]);
    expect(report).toMatchObject({ remaining: 0, failed: [] });
    expect(report.sent.map((s) => s.entry.id)).toEqual(["a", "bb"]);
    expect(localStorage.getItem(OFFLINE_QUEUE_KEY)).toBeNull();
  });

  it("stops at no answer or a 5xx, keeping that entry first; the next run resumes there", async () => {
    add("a", "punch-in");
    add("bb", "punch-out");
    const calls: string[] = [];
    let down = true;
    const send: Sender = async (entry) => {
      calls.push(entry.id);
      if (down) throw new TypeError("Failed to fetch");
      return { status: 200 };
    };
    expect((await replayQueue(send)).remaining).toBe(2);
    expect(readQueue().entries.map((e) => [e.id, e.attempts])).toEqual([
      ["a", 1],
      ["bb", 0],
    ]);
    down = false;
    expect((await replayQueue(send)).remaining).toBe(0);
    expect(calls).toEqual(["a", "a", "bb"]);
  });

  it("moves a refused entry to the failures with the server's message and goes on", async () => {
    add("a", "punch-in");
    add("bb", "punch-out");
    const send: Sender = async (entry) => (entry.id === "a" ? { status: 400, error: new ApiError(400, "too old", { code: "BAD_REQUEST" }) } : { status: 200 });
    const report = await replayQueue(send);
    expect(report.failed).toEqual([{ entry: expect.objectContaining({ id: "a" }), message: "too old" }]);
    expect(readQueue()).toMatchObject({ entries: [], failed: [{ id: "a", error: "too old" }] });
  });

  it("names the kind of write when the refusal carries no message", async () => {
    updateQueue((state) => enqueue(state, { id: "t", kind: "checklist-tick", deviceTime: "2026-11-27T08:00:00.000Z", payload: { isCompleted: true }, target: "task/item", owner: null }));
    const report = await replayQueue(async () => ({ status: 404, error: new ApiError(404, "") }));
    expect(report.failed[0].message).toBe("The server refused this checklist tick (404).");
  });

  it("sends only the given person's entries", async () => {
    add("a", "punch-in", "ann");
    add("bb", "punch-in", "bob");
    const sent: string[] = [];
    await replayQueue(async (entry) => {
      sent.push(entry.id);
      return { status: 201 };
    }, "bob");
    expect(sent).toEqual(["bb"]);
    expect(readQueue().entries.map((e) => e.id)).toEqual(["a"]);
  });
});
