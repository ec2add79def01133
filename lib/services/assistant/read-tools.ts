import "server-only";
import { z } from "zod";
import { can } from "@/lib/auth/permissions";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import { AppError } from "@/lib/http/app-error";
import { containsText } from "@/lib/search/contains-text";
import { getMemberProfile } from "@/lib/services/members/get-member-profile";
import { getPunchStatus } from "@/lib/services/punch/get-punch-status";
import { listOnTheClock } from "@/lib/services/punch/list-on-the-clock";
import { getTask } from "@/lib/services/tasks/get-task";
import { listTaskHistory } from "@/lib/services/tasks/list-task-history";
import { listTasks } from "@/lib/services/tasks/list-tasks";
import { visibleTaskWhere } from "@/lib/services/visibility/tasks";
import { businessDayRange } from "@/lib/dates/instants";
import { TASK_STATUSES } from "@/lib/tasks/options";
import { listTasksQuerySchema } from "@/lib/validations/tasks";
import { formatInstant, plainText } from "./format";
import { numbered } from "@/lib/services/tasks/next-display-number";

/**
 * The assistant's read tools. Each one calls the screens' own services with the caller's
 * identity, so it sees exactly what the caller sees (private tasks, other members' time), and
 * returns a bounded result (at most READ_LIMIT rows, short strings).
 */
export const READ_LIMIT = 20;
const OPEN_STATUSES = ["open", "in_progress", "blocked"] as const;

export const findTasksInput = z.object({
  text: z.string().max(200).optional().describe("Words of the title, or a task number such as 42"),
  department: z.string().max(100).optional().describe("Department (organizational unit) name"),
  dueToday: z.boolean().optional().describe("Only tasks due today (business time zone)"),
  overdue: z.boolean().optional().describe("Only unfinished tasks whose due date has passed"),
  mine: z.boolean().optional().describe("Only tasks the user is assigned to"),
  status: z.array(z.enum(TASK_STATUSES)).max(5).optional(),
});
export type FindTasksInput = z.infer<typeof findTasksInput>;

export interface TaskLine {
  number: number;
  title: string;
  status: string;
  priority: string;
  due: string;
  department: string | null;
  assignee: string | null;
  url: string;
}

export async function findTasks(caller: Caller, input: FindTasksInput, now = new Date()) {
  const query: Record<string, unknown> = { pageSize: READ_LIMIT, sort: "dueDate" };
  if (input.text?.trim()) query.q = input.text.trim().slice(0, 200);
  if (input.mine) query.mine = "true";
  if (input.status?.length) query.status = input.status.join(",");
  if (input.dueToday) {
    const { start, end } = businessDayRange(now);
    query.dueFrom = start.toISOString();
    query.dueTo = end.toISOString();
    if (!input.status?.length) query.status = OPEN_STATUSES.join(",");
  }
  if (input.overdue) {
    query.dueTo = now.toISOString();
    if (!input.status?.length) query.status = OPEN_STATUSES.join(",");
  }
  if (input.department?.trim()) {
    const unit = await db.organizationalUnit.findFirst({
      where: { name: containsText(input.department.trim()) },
      select: { id: true, name: true },
      orderBy: { name: "asc" },
    });
    if (!unit) return { total: 0, totalCapped: false, items: [] as TaskLine[], note: `No department named "${plainText(input.department, 100)}".` };
    query.unitId = unit.id;
  }
  const page = await listTasks(caller, listTasksQuerySchema.parse(query));
  return {
    total: page.total,
    totalCapped: page.totalCapped,
    items: page.items.slice(0, READ_LIMIT).map(toTaskLine),
  };
}

export function toTaskLine(task: Awaited<ReturnType<typeof getTask>>): TaskLine {
  return {
    number: numbered(task.displayNumber),
    title: plainText(task.title, 200),
    status: task.status,
    priority: task.priority,
    due: formatInstant(task.dueDate),
    department: task.department?.name ?? null,
    assignee: task.assignee?.name ?? null,
    url: `/tasks/${task.id}`,
  };
}

export const taskRefInput = z.object({
  task: z.string().min(1).max(200).describe("The task's number (e.g. 42 or #42) or words of its title"),
});

/** The visible task a reference names: "#42", "42", or words of the title (the best match). */
export async function resolveTaskRef(caller: Caller, ref: string): Promise<{ id: string; displayNumber: number; title: string }> {
  const trimmed = ref.trim();
  const number = /^#?(\d{1,9})$/.exec(trimmed);
  const words = trimmed.split(/\s+/).filter(Boolean).slice(0, 8);
  const task = await db.task.findFirst({
    where: {
      AND: [visibleTaskWhere(caller), { isRecurring: false }, number ? { displayNumber: Number(number[1]) } : { AND: words.map((w) => ({ title: containsText(w) })) }],
    },
    select: { id: true, displayNumber: true, title: true },
    orderBy: [{ status: "asc" }, { dueDate: "asc" }],
  });
  if (!task) throw new AppError("NOT_FOUND", `Task not found: no task "${plainText(trimmed, 100)}" that you can see.`);
  return { ...task, displayNumber: numbered(task.displayNumber) };
}

export async function taskDetails(caller: Caller, ref: string) {
  const found = await resolveTaskRef(caller, ref);
  const [task, history, subTasks] = await Promise.all([
    getTask(caller, found.id),
    listTaskHistory(caller, found.id),
    listTasks(caller, listTasksQuerySchema.parse({ parentTaskId: found.id, pageSize: READ_LIMIT })),
  ]);
  const checklist = (task.checklist ?? []) as Array<{ title: string; isCompleted: boolean }>;
  return {
    ...toTaskLine(task),
    description: plainText(task.description ?? "", 1000),
    isPrivate: task.isPrivate,
    checklist: checklist.slice(0, 30).map((item) => ({ item: plainText(item.title, 200), done: item.isCompleted })),
    checklistLeft: checklist.filter((item) => !item.isCompleted).length,
    subTasks: subTasks.items.map(toTaskLine),
    history: history.items.slice(0, 15).map((row) => ({
      when: formatInstant(row.createdAt),
      who: row.actor ? `${row.actor.firstName} ${row.actor.lastName}`.trim() : "system",
      action: row.action,
      changed: changedFields(row.before, row.after),
    })),
  };
}

function changedFields(before: unknown, after: unknown): string[] {
  const b = (before && typeof before === "object" ? before : {}) as Record<string, unknown>;
  const a = (after && typeof after === "object" ? after : {}) as Record<string, unknown>;
  return Object.keys(a)
    .filter((key) => JSON.stringify(a[key]) !== JSON.stringify(b[key]))
    .slice(0, 10)
    .map((key) => (typeof a[key] === "string" || typeof a[key] === "number" ? `${key}: ${plainText(String(a[key]), 80)}` : key));
}

/** The caller's own hours this week: another member's time is never asked for here. */
export async function hoursThisWeek(caller: Caller, now = new Date()) {
  const profile = await getMemberProfile(caller, caller.userId, now);
  const minutes = profile.hoursThisWeek?.minutes ?? 0;
  return {
    hours: Math.floor(minutes / 60),
    minutes: minutes % 60,
    weekStart: profile.hoursThisWeek ? formatInstant(profile.hoursThisWeek.weekStart, { dateOnly: true }) : null,
  };
}

export async function punchStatus(caller: Caller) {
  const status = await getPunchStatus(caller);
  return {
    isPunchedIn: status.isPunchedIn,
    since: status.isPunchedIn && status.lastPunchIn ? formatInstant(status.lastPunchIn) : null,
    lastPunchIn: status.lastPunchIn ? formatInstant(status.lastPunchIn) : null,
    clockedIntoTask: status.activeTask ? { number: status.activeTask.displayNumber ?? null, title: plainText(status.activeTask.title ?? "", 200), since: formatInstant(status.activeTask.startedAt) } : null,
  };
}

/** Admins and managers only (assistant.team-clock); the tool is not offered to anyone else. */
export async function whoIsOnTheClock(caller: Caller) {
  if (!can(caller, "assistant.team-clock")) throw new AppError("FORBIDDEN", "Access denied");
  const rows = await listOnTheClock(READ_LIMIT);
  return {
    total: rows.total,
    people: rows.items.map((row) => ({ name: plainText(row.name, 120), since: formatInstant(row.since), location: row.location })),
  };
}
