import "server-only";
import { randomUUID } from "node:crypto";
import { z } from "zod";
import type { Caller } from "@/lib/auth/resolve-caller";
import { PUNCH_LOCATION, PUNCH_OUT_REASONS } from "@/lib/constants";
import { db } from "@/lib/db";
import { AppError } from "@/lib/http/app-error";
import { parseWith } from "@/lib/http/parse";
import { containsText } from "@/lib/search/contains-text";
import { startProcess } from "@/lib/services/processes/start-process";
import { clockIntoTask } from "@/lib/services/punch/clock-into-task";
import type { RequestClient } from "@/lib/services/punch/origin";
import { punchIn } from "@/lib/services/punch/punch-in";
import { punchOut } from "@/lib/services/punch/punch-out";
import { claimTask } from "@/lib/services/tasks/claim-task";
import { createTask } from "@/lib/services/tasks/create-task";
import { getTask } from "@/lib/services/tasks/get-task";
import { updateTask } from "@/lib/services/tasks/update-task";
import { businessToday } from "@/lib/dates";
import { combineDayAndTime } from "@/lib/dates/day-time";
import { PRIORITY_LABELS, STATUS_LABELS, TASK_PRIORITIES, TASK_STATUSES } from "@/lib/tasks/options";
import type { ActionCard, ActionField, WriteTool } from "@/lib/validations/assistant";
import { startProcessSchema } from "@/lib/validations/processes";
import { punchInSchema, punchOutSchema, taskClockSchema } from "@/lib/validations/punch";
import { createTaskSchema, updateTaskSchema } from "@/lib/validations/tasks";
import { md, plainText } from "./format";
import { resolveTaskRef } from "./read-tools";

/**
 * The assistant's write tools. A model (or a quick action) only ever PROPOSES: `propose` turns
 * its input into an action card (ids resolved, nothing written). The write happens in
 * `execute`, called by POST /api/agent/chat/actions when the user clicks Confirm; it parses
 * the card's draft with the same zod schema as the screens' route and calls the same service,
 * so validation, permissions, audit rows and errors are the screens' own.
 */

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const dayOrBlank = (value: string | undefined) => (value && DAY.test(value) ? value : "");
const options = (labels: Record<string, string>) => Object.entries(labels).map(([value, label]) => ({ value, label }));

const taskField: ActionField = { name: "taskLabel", label: "Task", kind: "readonly" };

async function departmentOptions() {
  const units = await db.organizationalUnit.findMany({ select: { id: true, name: true, unitNumber: true }, orderBy: [{ unitNumber: "asc" }, { name: "asc" }], take: 300 });
  return units.map((u) => ({ value: u.id, label: u.unitNumber ? `${u.unitNumber} ${u.name}` : u.name }));
}

async function findDepartment(name: string | undefined) {
  if (!name?.trim()) return null;
  return db.organizationalUnit.findFirst({ where: { name: containsText(name.trim()) }, select: { id: true, name: true }, orderBy: { name: "asc" } });
}

/** The caller's first department, the create card's default. */
async function myFirstDepartment(caller: Caller) {
  const membership = await db.unitMembership.findFirst({ where: { userId: caller.userId }, select: { unitId: true }, orderBy: { unit: { name: "asc" } } });
  return membership?.unitId ?? "";
}

const taskLabel = (task: { displayNumber: number | null; title: string }) => `${task.displayNumber === null ? "" : `#${task.displayNumber} `}${plainText(task.title, 200)}`;
const taskLink = (task: { id: string; displayNumber: number | null; title: string }) => `[${task.displayNumber === null ? "" : `#${task.displayNumber} `}${md(plainText(task.title, 200))}](/tasks/${task.id})`;

interface WriteToolDef<I extends z.ZodType> {
  description: string;
  input: I;
  propose(caller: Caller, input: z.output<I>): Promise<Omit<ActionCard, "id" | "tool" | "status">>;
  execute(caller: Caller, client: RequestClient, draft: Record<string, string>): Promise<string>;
}

const defineWrite = <I extends z.ZodType>(def: WriteToolDef<I>) => def;

const str = (draft: Record<string, string>, key: string) => (draft[key] ?? "").trim();

export const WRITE_TOOL_DEFS = {
  createTask: defineWrite({
    description: "Propose creating a task or a sub-task (the user confirms it on a card before anything is created).",
    input: z.object({
      title: z.string().max(500),
      department: z.string().max(100).optional().describe("Department name; left out for a sub-task"),
      dueDate: z.string().max(10).optional().describe("Due day as YYYY-MM-DD in the business time zone"),
      priority: z.enum(TASK_PRIORITIES).optional(),
      parentTask: z.string().max(200).optional().describe("Parent task number or title, for a sub-task"),
      description: z.string().max(5000).optional(),
      checklistItems: z.array(z.string().max(500)).max(50).optional(),
    }),
    async propose(caller, input) {
      const [unit, parent, departments, fallbackUnit] = await Promise.all([
        findDepartment(input.department),
        input.parentTask ? resolveTaskRef(caller, input.parentTask) : null,
        departmentOptions(),
        myFirstDepartment(caller),
      ]);
      const fields: ActionField[] = [
        { name: "title", label: "Title", kind: "text", required: true },
        { name: "department", label: "Department", kind: "select", options: [{ value: "", label: parent ? "Inherited from the parent" : "Choose a department" }, ...departments] },
        { name: "dueDate", label: "Due date", kind: "date", required: true },
        { name: "priority", label: "Priority", kind: "select", options: options(PRIORITY_LABELS) },
        ...(parent ? [{ name: "parentLabel", label: "Sub-task of", kind: "readonly" as const }] : []),
        { name: "description", label: "Description", kind: "textarea" },
        { name: "checklistItems", label: "Checklist (one item a line)", kind: "textarea" },
      ];
      return {
        title: parent ? "Create a sub-task" : "Create a task",
        fields,
        draft: {
          uuid: randomUUID(),
          title: plainText(input.title, 500),
          department: parent ? (unit?.id ?? "") : (unit?.id ?? fallbackUnit),
          dueDate: dayOrBlank(input.dueDate) || businessToday(),
          priority: input.priority ?? "normal",
          parentTaskId: parent?.id ?? "",
          parentLabel: parent ? taskLabel(parent) : "",
          description: input.description ?? "",
          checklistItems: (input.checklistItems ?? []).map((item) => plainText(item, 500)).filter(Boolean).join("\n"),
        },
      };
    },
    async execute(caller, _client, draft) {
      const items = str(draft, "checklistItems").split("\n").map((s) => s.trim()).filter(Boolean);
      const dueDay = str(draft, "dueDate");
      const input = parseWith(createTaskSchema, {
        uuid: str(draft, "uuid") || null,
        title: str(draft, "title"),
        department: str(draft, "department") || null,
        dueDate: DAY.test(dueDay) ? combineDayAndTime(dueDay, null, "due").toISOString() : dueDay,
        priority: str(draft, "priority") || "normal",
        parentTaskId: str(draft, "parentTaskId") || null,
        description: str(draft, "description") ? `<p>${escapeHtml(str(draft, "description"))}</p>` : null,
        hasChecklist: items.length > 0,
        checklistItems: items,
      });
      const { task } = await createTask(caller, input);
      return `Created ${taskLink(task)}.`;
    },
  }),

  updateTask: defineWrite({
    description: "Propose changing a task's status, due date or assignee (the user confirms it on a card).",
    input: z.object({
      task: z.string().max(200).describe("Task number or title"),
      status: z.enum(TASK_STATUSES).optional(),
      dueDate: z.string().max(10).optional().describe("New due day, YYYY-MM-DD"),
      assignee: z.string().max(120).optional().describe("Name of the member to assign"),
    }),
    async propose(caller, input) {
      const task = await getTask(caller, (await resolveTaskRef(caller, input.task)).id);
      let assignee: { id: string; firstName: string; lastName: string } | null = null;
      if (input.assignee?.trim()) {
        const words = input.assignee.trim().split(/\s+/).slice(0, 3);
        assignee = await db.user.findFirst({
          where: { isActive: true, AND: words.map((w) => ({ OR: [{ firstName: containsText(w) }, { lastName: containsText(w) }] })) },
          select: { id: true, firstName: true, lastName: true },
        });
        if (!assignee) throw new AppError("NOT_FOUND", `No active member named "${plainText(input.assignee, 100)}".`);
      }
      const fields: ActionField[] = [taskField, { name: "status", label: "Status", kind: "select", options: options(STATUS_LABELS) }, { name: "dueDate", label: "Due date", kind: "date" }];
      if (assignee) fields.push({ name: "assigneeLabel", label: "Assign to", kind: "readonly" });
      const currentDue = task.dueDate ? new Date(task.dueDate) : null;
      return {
        title: "Update a task",
        fields,
        draft: {
          taskId: task.id,
          taskLabel: taskLabel(task),
          status: input.status ?? task.status,
          dueDate: dayOrBlank(input.dueDate) || (currentDue ? businessToday(currentDue) : ""),
          originalDueDate: currentDue ? businessToday(currentDue) : "",
          assigneeId: assignee?.id ?? "",
          assigneeLabel: assignee ? `${assignee.firstName} ${assignee.lastName}` : "",
        },
      };
    },
    async execute(caller, _client, draft) {
      const patch: Record<string, unknown> = {};
      if (str(draft, "status")) patch.status = str(draft, "status");
      const due = str(draft, "dueDate");
      if (due && due !== str(draft, "originalDueDate")) patch.dueDate = DAY.test(due) ? combineDayAndTime(due, null, "due").toISOString() : due;
      if (str(draft, "assigneeId")) Object.assign(patch, { assigneeId: str(draft, "assigneeId"), assigneeType: "user" });
      const task = await updateTask(caller, str(draft, "taskId"), parseWith(updateTaskSchema, patch));
      return `Updated ${taskLink(task)}: ${STATUS_LABELS[task.status as keyof typeof STATUS_LABELS] ?? task.status}.`;
    },
  }),

  addChecklistItem: defineWrite({
    description: "Propose adding a checklist item to a task (the user confirms it on a card).",
    input: z.object({ task: z.string().max(200), item: z.string().max(500) }),
    async propose(caller, input) {
      const task = await resolveTaskRef(caller, input.task);
      return {
        title: "Add a checklist item",
        fields: [taskField, { name: "item", label: "Item", kind: "text", required: true }],
        draft: { taskId: task.id, taskLabel: taskLabel(task), item: plainText(input.item, 500) },
      };
    },
    async execute(caller, _client, draft) {
      const current = await getTask(caller, str(draft, "taskId"));
      const titles = ((current.checklist ?? []) as Array<{ title: string }>).map((c) => c.title);
      const task = await updateTask(caller, current.id, parseWith(updateTaskSchema, { hasChecklist: true, checklistItems: [...titles, str(draft, "item")] }));
      return `Added "${md(str(draft, "item"))}" to ${taskLink(task)}.`;
    },
  }),

  claimTask: defineWrite({
    description: "Propose claiming a task that is available for pickup (the user confirms it on a card).",
    input: z.object({ task: z.string().max(200) }),
    async propose(caller, input) {
      const task = await resolveTaskRef(caller, input.task);
      return { title: "Claim a pickup", fields: [taskField], draft: { taskId: task.id, taskLabel: taskLabel(task) } };
    },
    async execute(caller, _client, draft) {
      const task = await claimTask(caller, str(draft, "taskId"));
      return `You claimed ${taskLink(task)}.`;
    },
  }),

  punchIn: defineWrite({
    description: "Propose punching the user in for work (the user confirms it on a card).",
    input: z.object({}),
    async propose() {
      return { title: "Punch in", fields: [{ name: "location", label: "Location", kind: "readonly" }], draft: { location: PUNCH_LOCATION } };
    },
    async execute(caller, client) {
      await punchIn(caller, parseWith(punchInSchema, { location: PUNCH_LOCATION }), client);
      return "You are now clocked in for work.";
    },
  }),

  punchOut: defineWrite({
    description: "Propose punching the user out with a reason (the user confirms it on a card).",
    input: z.object({ reason: z.enum(PUNCH_OUT_REASONS), reasonOther: z.string().max(500).optional() }),
    async propose(_caller, input) {
      return {
        title: "Punch out",
        fields: [
          { name: "reason", label: "Reason", kind: "select", options: PUNCH_OUT_REASONS.map((r) => ({ value: r, label: r })), required: true },
          { name: "reasonOther", label: "Other reason", kind: "text" },
        ],
        draft: { reason: input.reason, reasonOther: input.reasonOther ?? "" },
      };
    },
    async execute(caller, client, draft) {
      const reason = str(draft, "reason");
      await punchOut(caller, parseWith(punchOutSchema, { location: PUNCH_LOCATION, reason, reasonOther: reason === "Other" ? str(draft, "reasonOther") : null }), client);
      return "You have been clocked out.";
    },
  }),

  clockIntoTask: defineWrite({
    description: "Propose clocking the user into a task (the user confirms it on a card).",
    input: z.object({ task: z.string().max(200) }),
    async propose(caller, input) {
      const task = await resolveTaskRef(caller, input.task);
      return { title: "Clock into a task", fields: [taskField], draft: { taskId: task.id, taskLabel: taskLabel(task) } };
    },
    async execute(caller, client, draft) {
      const id = str(draft, "taskId");
      await clockIntoTask(caller, id, parseWith(taskClockSchema, { location: PUNCH_LOCATION }), client);
      const task = await getTask(caller, id);
      return `You are clocked into ${taskLink(task)}.`;
    },
  }),

  startProcess: defineWrite({
    description: "Propose starting an active process, which creates its tasks (the user confirms it on a card).",
    input: z.object({ process: z.string().max(200).describe("Process name"), name: z.string().max(300).optional(), startDate: z.string().max(10).optional() }),
    async propose(_caller, input) {
      const words = input.process.trim().split(/\s+/).filter(Boolean).slice(0, 6);
      const process = await db.process.findFirst({ where: { isActive: true, AND: words.map((w) => ({ name: containsText(w) })) }, select: { id: true, name: true }, orderBy: { name: "asc" } });
      if (!process) throw new AppError("NOT_FOUND", `No active process named "${plainText(input.process, 100)}".`);
      return {
        title: "Start a process",
        fields: [
          { name: "processLabel", label: "Process", kind: "readonly" },
          { name: "name", label: "Run name", kind: "text", required: true },
          { name: "startDate", label: "Start date", kind: "date", required: true },
        ],
        draft: { uuid: randomUUID(), processId: process.id, processLabel: plainText(process.name, 200), name: plainText(input.name || process.name, 300), startDate: dayOrBlank(input.startDate) || businessToday() },
      };
    },
    async execute(caller, _client, draft) {
      const { run } = await startProcess(caller, str(draft, "processId"), parseWith(startProcessSchema, { uuid: str(draft, "uuid"), name: str(draft, "name"), startDate: str(draft, "startDate") }));
      return `Started **${md(plainText(run.name, 300))}** from [${md(plainText(run.process.name, 200))}](${run.href ?? `/processes/${run.process.id}`}).`;
    },
  }),
} satisfies Record<WriteTool, WriteToolDef<z.ZodType>>;

/** Makes a proposal into a card with a fresh id. */
export async function proposeAction(caller: Caller, tool: WriteTool, input: unknown): Promise<ActionCard> {
  const def = WRITE_TOOL_DEFS[tool] as WriteToolDef<z.ZodType>;
  const parsed = parseWith(def.input, input);
  const card = await def.propose(caller, parsed);
  return { id: randomUUID(), tool, status: "proposed", ...card };
}

export async function executeAction(caller: Caller, client: RequestClient, tool: WriteTool, draft: Record<string, string>): Promise<string> {
  const def = WRITE_TOOL_DEFS[tool] as WriteToolDef<z.ZodType>;
  return def.execute(caller, client, draft);
}

function escapeHtml(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/\n/g, "<br>");
}
