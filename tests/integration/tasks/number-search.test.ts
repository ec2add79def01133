import { GET as listHandler } from "@/app/api/tasks/route";
import { createTask } from "@/prisma/factories";
import { call } from "@/tests/support/auth";
import { useTestDatabase } from "@/tests/support/db";
import { person, unitWith } from "./fixtures";

/**
 * GET /api/tasks?q=32 and ?q=%2332: the number people say on the phone finds the task (the task
 * list's search box and the command palette both search through here), under the same visibility
 * rule as every other read: another member's private task is not found by its number.
 */

const testDb = useTestDatabase();

async function search(headers: Record<string, string>, q: string, extra = "") {
  const res = await call(listHandler, { path: `/api/tasks?q=${encodeURIComponent(q)}${extra}`, headers });
  expect(res.status).toBe(200);
  return res.body as { items: Array<{ id: string; displayNumber: number; title: string }>; total: number };
}
const ids = (page: { items: Array<{ id: string }> }) => page.items.map((t) => t.id);

describe("GET /api/tasks: q as a task number", () => {
  let creator: Awaited<ReturnType<typeof person>>;
  let other: Awaited<ReturnType<typeof person>>;
  let admin: Awaited<ReturnType<typeof person>>;
  let visible: { id: string; displayNumber: number | null };
  let finished: { id: string; displayNumber: number | null };
  let secret: { id: string; displayNumber: number | null };

  beforeAll(async () => {
    creator = await person(testDb.prisma);
    other = await person(testDb.prisma);
    admin = await person(testDb.prisma, "admin");
    const unit = await unitWith(testDb.prisma, creator.id, other.id);
    const make = (extra: Record<string, unknown>) => createTask(testDb.prisma, { createdById: creator.id, organizationalUnitId: unit.id, title: `Number search ${Date.now().toString(36)}`, ...extra });
    visible = await make({});
    finished = await make({ status: "completed" });
    // Assigned to `other`, who still may not see it: private tasks are their creator's and admins' only.
    secret = await make({ isPrivate: true, assigneeId: other.id, title: "Quiet engraving" });
  });

  it("finds the task by 32 and by #32, as anyone who can see it", async () => {
    for (const q of [String(visible.displayNumber), `#${visible.displayNumber}`, ` #${visible.displayNumber} `]) {
      const page = await search(other.headers, q);
      expect(ids(page)).toContain(visible.id);
      expect(page.items.find((t) => t.id === visible.id)?.displayNumber).toBe(visible.displayNumber);
    }
  });

  it("finds a finished task by number when the status filter allows it (the task list sends no status for a number)", async () => {
    expect(ids(await search(other.headers, `#${finished.displayNumber}`))).toContain(finished.id);
    expect(ids(await search(other.headers, `#${finished.displayNumber}`, "&status=open,in_progress,blocked"))).not.toContain(finished.id);
  });

  it("does not find another member's private task by its number, with or without #", async () => {
    for (const q of [String(secret.displayNumber), `#${secret.displayNumber}`]) {
      const page = await search(other.headers, q);
      expect(ids(page)).not.toContain(secret.id);
      expect(page.items.some((t) => t.displayNumber === secret.displayNumber)).toBe(false);
    }
  });

  it("finds the private task by number for its creator and for an admin", async () => {
    expect(ids(await search(creator.headers, String(secret.displayNumber)))).toContain(secret.id);
    expect(ids(await search(admin.headers, `#${secret.displayNumber}`))).toContain(secret.id);
  });

  it("a number nobody holds finds nothing by number; words are still words", async () => {
    const page = await search(other.headers, "#999999998");
    expect(page.items.some((t) => t.displayNumber === 999_999_998)).toBe(false);
    expect(ids(await search(other.headers, "Quiet engraving"))).not.toContain(secret.id);
  });
});
