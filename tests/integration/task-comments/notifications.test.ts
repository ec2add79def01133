import { POST as addComment } from "@/app/api/tasks/[id]/comments/route";
import { PATCH as patchTask } from "@/app/api/tasks/[id]/route";
import { POST as postTask } from "@/app/api/tasks/route";
import { PUT as putPrefs } from "@/app/api/user/notification-preferences/route";
import { createMemoryMailer, setMailer } from "@/lib/services/mail/mailer";
import { runNotificationDigest } from "@/lib/services/notifications/send-digests";
import { businessToday } from "@/lib/dates";
import { combineDayAndTime, splitInstant } from "@/lib/dates/day-time";
import { call } from "@/tests/support/auth";
import { useTestDatabase } from "@/tests/support/db";
import { body, person, unitWith } from "../tasks/fixtures";

const testDb = useTestDatabase();
type Person = Awaited<ReturnType<typeof person>>;

const prefer = (who: Person, channels: Record<string, string>) =>
  call(putPrefs, { method: "PUT", path: "/api/user/notification-preferences", headers: who.headers, body: { channels } });
const create = (who: Person, payload: Record<string, unknown>) => call(postTask, { method: "POST", path: "/api/tasks", headers: who.headers, body: payload });
const comment = (who: Person, taskId: string, text: string, mentions: string[] = []) =>
  call(addComment, { method: "POST", path: `/api/tasks/${taskId}/comments`, headers: who.headers, params: { id: taskId }, body: { body: `<p>${text}</p>`, mentions } });

/** Who got the bell and which e-mail rows (and their status) for a subject and kind. */
async function told(kind: string, subjectId: string) {
  const alerts = await testDb.prisma.alert.findMany({ where: { kind, subjectId }, select: { recipients: { select: { userId: true } }, emails: { select: { userId: true, status: true } } } });
  return {
    bell: alerts.flatMap((a) => a.recipients.map((r) => r.userId)).sort(),
    emails: Object.fromEntries(alerts.flatMap((a) => a.emails.map((e) => [e.userId, e.status]))),
  };
}

describe("assignment and comment notifications, by each member's preference", () => {
  let boss: Person, bellOnly: Person, mailer: Person, digester: Person;
  let unitId: string;

  beforeAll(async () => {
    [boss, bellOnly, mailer, digester] = await Promise.all([person(testDb.prisma, "manager"), person(testDb.prisma), person(testDb.prisma), person(testDb.prisma)]);
    unitId = (await unitWith(testDb.prisma, boss.id, bellOnly.id, mailer.id, digester.id)).id;
    await prefer(bellOnly, { assignment: "bell", comment: "bell" });
    await prefer(digester, { assignment: "digest", comment: "digest" });
  });

  it("a task assigned to me reaches my bell, and my e-mail now, in the digest or not at all", async () => {
    const res = await create(boss, body(unitId, { assigneeId: mailer.id, assigneeIds: [bellOnly.id, digester.id] }));
    expect(res.status).toBe(201);
    const t = await told("assignment", res.body.id);
    expect(t.bell).toEqual([bellOnly.id, mailer.id, digester.id].sort());
    expect(t.emails).toEqual({ [mailer.id]: "pending", [digester.id]: "digest" });

    // Assigning myself tells nobody; re-assigning someone else tells only the new assignee.
    const mine = await create(boss, body(unitId, { assigneeId: boss.id }));
    expect((await told("assignment", mine.body.id)).bell).toEqual([]);
    const moved = await call(patchTask, { method: "PATCH", path: `/api/tasks/${mine.body.id}`, headers: boss.headers, params: { id: mine.body.id }, body: { assigneeId: digester.id } });
    expect(moved.status).toBe(200);
    expect(await told("assignment", mine.body.id)).toEqual({ bell: [digester.id], emails: { [digester.id]: "digest" } });
    // Saving the same assignee again is no new assignment.
    await call(patchTask, { method: "PATCH", path: `/api/tasks/${mine.body.id}`, headers: boss.headers, params: { id: mine.body.id }, body: { assigneeId: digester.id, title: "Renamed" } });
    expect((await told("assignment", mine.body.id)).bell).toEqual([digester.id]);
  });

  it("a comment on my task tells its creator and assignees (not the author; a mention once)", async () => {
    const task = await create(bellOnly, body(unitId, { assigneeId: mailer.id, assigneeIds: [digester.id] }));
    const c = await comment(boss, task.body.id, "Family moved the viewing to 3 pm");
    expect(c.status).toBe(201);
    expect(await told("comment", c.body.id)).toEqual({ bell: [bellOnly.id, mailer.id, digester.id].sort(), emails: { [mailer.id]: "pending", [digester.id]: "digest" } });
    // The assignee mentioned in a comment gets the mention, not a second "comment" notification.
    const m = await comment(boss, task.body.id, "@mailer see this", [mailer.id]);
    expect((await told("mention", m.body.id)).bell).toEqual([mailer.id]);
    expect((await told("comment", m.body.id)).bell).toEqual([bellOnly.id, digester.id].sort());
    // The author's own comment on their task: they are not told.
    const own = await comment(mailer, task.body.id, "On it");
    expect((await told("comment", own.body.id)).bell).toEqual([bellOnly.id, digester.id].sort());
  });

  it("a private task's comment tells only who can see it", async () => {
    const task = await create(bellOnly, body(unitId, { isPrivate: true, assigneeId: mailer.id }));
    const c = await comment(bellOnly, task.body.id, "Private note");
    // The assignee of someone else's private task cannot see it, so is not told.
    expect((await told("comment", c.body.id)).bell).toEqual([]);
  });

  it("the hourly digest sends one e-mail per member and hour, however often the job runs", async () => {
    const mail = createMemoryMailer();
    setMailer(mail);
    try {
      const waiting = await testDb.prisma.alertEmail.count({ where: { userId: digester.id, status: "digest" } });
      expect(waiting).toBeGreaterThanOrEqual(3);
      const now = new Date();
      const first = await runNotificationDigest({ now });
      const second = await runNotificationDigest({ now });
      const mine = mail.messages.filter((m) => m.to === digester.user.email);
      expect(mine).toHaveLength(1);
      expect(mine[0].subject).toBe(`${waiting} notifications in the past hour`);
      expect(mine[0].text).toContain("/tasks/");
      expect(first.digests).toBeGreaterThanOrEqual(1);
      expect(second).toMatchObject({ digests: 0, rows: 0, sent: 0 });
      expect(await testDb.prisma.alertEmail.count({ where: { userId: digester.id, status: "digest" } })).toBe(0);
      expect(await testDb.prisma.notificationDigest.count({ where: { userId: digester.id } })).toBe(1);

      // A notification after this hour's digest waits for the next hour's.
      await create(boss, body(unitId, { assigneeId: digester.id }));
      await runNotificationDigest({ now });
      expect(mail.messages.filter((m) => m.to === digester.user.email)).toHaveLength(1);
      const later = new Date(now.getTime() + 3_600_000);
      const [a, b] = await Promise.all([runNotificationDigest({ now: later }), runNotificationDigest({ now: later })]);
      expect(a.digests + b.digests).toBe(1);
      expect(mail.messages.filter((m) => m.to === digester.user.email)).toHaveLength(2);
      expect(mail.messages.filter((m) => m.to === digester.user.email)[1].subject).toBe("1 notification in the past hour");
      // Members without the digest never get one.
      expect(mail.messages.filter((m) => m.to === mailer.user.email)).toHaveLength(0);
    } finally {
      setMailer(null);
    }
  });
});

describe("quick add", () => {
  it("creates with the chips' defaults: the department, due today with a blank time (end of day); a sub-task inherits", async () => {
    const me = await person(testDb.prisma);
    const other = await person(testDb.prisma);
    const unit = await unitWith(testDb.prisma, me.id, other.id);
    const today = businessToday();
    const endOfToday = combineDayAndTime(today, null, "due").toISOString();
    const res = await create(me, { title: "Intake: Biscuit", department: unit.id, dueDate: endOfToday, priority: "normal", uuid: crypto.randomUUID() });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ title: "Intake: Biscuit", organizationalUnitId: unit.id, priority: "normal", assigneeId: null });
    expect(splitInstant(res.body.dueDate, "due")).toEqual({ day: today, minutes: null });

    const parent = await create(me, body(unit.id, { priority: "high", assigneeId: other.id }));
    const sub = await create(me, { title: "Place in cooler bay 2", parentTaskId: parent.body.id });
    expect(sub.status).toBe(201);
    expect(sub.body).toMatchObject({ organizationalUnitId: unit.id, priority: "high", assigneeId: other.id, dueDate: parent.body.dueDate, parentTaskId: parent.body.id });
  });
});
