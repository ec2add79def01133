import { POST as addHandler } from "@/app/api/tasks/[id]/comments/route";
import { GET as getPrefs, PUT as putPrefs } from "@/app/api/user/notification-preferences/route";
import { createTask } from "@/prisma/factories";
import { call } from "@/tests/support/auth";
import { useTestDatabase } from "@/tests/support/db";
import { person, unitWith } from "../tasks/fixtures";

const testDb = useTestDatabase();
type Person = Awaited<ReturnType<typeof person>>;

const read = (who: Person | null) => call(getPrefs, { path: "/api/user/notification-preferences", headers: who?.headers });
const save = (who: Person | null, body: unknown) => call(putPrefs, { method: "PUT", path: "/api/user/notification-preferences", headers: who?.headers, body });

describe("notification preferences", () => {
  let author: Person, quiet: Person, loud: Person;
  let unitId: string;

  beforeAll(async () => {
    [author, quiet, loud] = await Promise.all([person(testDb.prisma), person(testDb.prisma), person(testDb.prisma)]);
    unitId = (await unitWith(testDb.prisma, author.id)).id;
  });

  it("defaults to the bell and e-mail; a change is read back, per member; bad input names the field", async () => {
    expect((await read(null)).status).toBe(401);
    expect((await read(quiet)).body).toEqual({
      channels: { mention: "bell_email", assignment: "bell_email", comment: "bell_email", alert: "bell_email", schedule: "bell_email" },
      push: { mention: true, assignment: true, comment: true, alert: true, schedule: true },
    });
    const bad = await save(quiet, { channels: { mention: "sms" } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/mention/);
    expect((await save(quiet, { channels: { birthday: "bell" } })).status).toBe(400);
    const saved = await save(quiet, { channels: { mention: "bell" } });
    expect(saved.status).toBe(200);
    expect(saved.body.channels).toEqual({ mention: "bell", assignment: "bell_email", comment: "bell_email", alert: "bell_email", schedule: "bell_email" });
    // Saving again is harmless; another member is untouched.
    expect((await save(quiet, { channels: { mention: "bell" } })).body.channels.mention).toBe("bell");
    expect((await read(quiet)).body.channels.mention).toBe("bell");
    expect((await read(loud)).body.channels.mention).toBe("bell_email");
  });

  it("a mention reaches the bell of both, and e-mails only the one who wants e-mail", async () => {
    await save(quiet, { channels: { mention: "bell" } });
    const task = await createTask(testDb.prisma, { createdById: author.id, organizationalUnitId: unitId });
    const res = await call(addHandler, { method: "POST", path: `/api/tasks/${task.id}/comments`, headers: author.headers, params: { id: task.id }, body: { body: "<p>@both</p>", mentions: [quiet.id, loud.id] } });
    expect(res.status).toBe(201);
    const bell = await testDb.prisma.alertRecipient.findMany({ where: { alert: { subjectId: res.body.id } }, select: { userId: true } });
    expect(bell.map((r) => r.userId).sort()).toEqual([quiet.id, loud.id].sort());
    const mails = await testDb.prisma.alertEmail.findMany({ where: { alert: { subjectId: res.body.id } }, select: { userId: true } });
    expect(mails.map((m) => m.userId)).toEqual([loud.id]);
  });
});
