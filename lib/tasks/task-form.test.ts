import type { Task } from "@/lib/queries/tasks";
import { createTaskForm, emptyTaskForm, previewBody, taskToForm, updateTaskForm, type TaskFormValues } from "./task-form";

// The business zone of these cases: America/Chicago (lib/dates/zone.ts's default).
const UNIT = "3f2c0a57-8f1e-4c3e-9a7a-6d3c1f2e4b5a";
const USER = "0b6f6a7e-2d47-4e43-a6f1-1f5d7a9c2b11";
const VENDOR = "9a1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d";

const form = (over: Partial<TaskFormValues> = {}): TaskFormValues => ({ ...emptyTaskForm(), title: "Call family", department: UNIT, dueDate: { day: "2026-11-24", time: "" }, ...over });
const body = (values: TaskFormValues) => createTaskForm.parse(values);
const errors = (values: TaskFormValues, schema: typeof createTaskForm | typeof updateTaskForm = createTaskForm) =>
  Object.fromEntries((schema.safeParse(values).error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]));

describe("the task form's schema (createTaskSchema with the screen-shaped fields)", () => {
  it("shows the three required messages on an empty form, under the API's field names", () => {
    expect(errors(emptyTaskForm())).toMatchObject({ title: "Title is required", department: "Department is required", dueDate: "Due date is required" });
  });

  it("a blank due time is the end of the day; a blank start time is midnight", () => {
    const sent = body(form({ startDate: { day: "2026-11-23", time: "" } }));
    expect(sent.dueDate?.toISOString()).toBe("2026-11-25T05:59:59.999Z");
    expect(sent.startDate?.toISOString()).toBe("2026-11-23T06:00:00.000Z");
  });

  it("reads the due time and the estimate (H:MM or minutes); estimatedHours is sent in minutes", () => {
    const sent = body(form({ dueDate: { day: "2026-11-24", time: "17:30" }, estimatedHours: "1:30" }));
    expect(sent.dueDate?.toISOString()).toBe("2026-11-24T23:30:00.000Z");
    expect(sent.estimatedHours).toBe(90);
    expect(body(form({ estimatedHours: "45" })).estimatedHours).toBe(45);
  });

  it("rejects 24:00 and 9:60 under the time's own input, other messages alongside", () => {
    expect(errors(form({ dueDate: { day: "2026-11-24", time: "24:00" } }))).toEqual({ "dueDate.time": "Hours must be 0-23" });
    expect(errors(form({ title: "", estimatedHours: "9:60" }))).toEqual({ title: "Title is required", estimatedHours: "Minutes must be 0-59" });
  });

  it("sends the assignee picker's value: a member id, or vendor-<id> (the server resolves it)", () => {
    expect(body(form({ assigneeId: `vendor-${VENDOR}` })).assigneeId).toBe(`vendor-${VENDOR}`);
    expect(body(form({ assigneeId: USER })).assigneeId).toBe(USER);
  });

  it("sends the checklist's titles trimmed, in order, blanks dropped", () => {
    const rows = [{ key: "a", title: " One " }, { key: "b", title: "" }, { key: "c", title: "Two" }];
    expect(body(form({ hasChecklist: true, checklistItems: rows })).checklistItems).toEqual(["One", "Two"]);
  });

  it("validates the recurrence: interval and max count at least 1, an end date when ending on a date", () => {
    const recurring = { isRecurring: true, recurringPattern: "weekly" as const };
    expect(errors(form({ ...recurring, recurringInterval: 0 })).recurringInterval).toBe("Recurring interval must be at least 1");
    expect(errors(form({ ...recurring, recurringInterval: null })).recurringInterval).toBe("Recurring interval must be a number");
    expect(errors(form({ ...recurring, recurringEndType: "after", recurringMaxCount: 0 })).recurringMaxCount).toBe("Max occurrences must be at least 1");
    expect(errors(form({ ...recurring, recurringEndType: "on" })).recurringEndDate).toBe("Recurring end date is required");
    const sent = body(form({ ...recurring, recurringDaysOfWeek: [5, 1], recurringEndType: "after", recurringMaxCount: 4, recurringEndDate: "2027-01-01" }));
    expect(sent).toMatchObject({ recurringDaysOfWeek: [1, 5], recurringMaxCount: 4, recurringEndDate: null, recurringMonthlyType: null, holidayCalendar: null });
  });

  it("while Recurring is unticked, the hidden recurrence fields neither block nor are sent", () => {
    const sent = body(form({ recurringInterval: null, recurringEndType: "after", recurringMaxCount: 0 }));
    expect(sent.isRecurring).toBe(false);
    expect(JSON.parse(JSON.stringify(sent))).not.toHaveProperty("recurringInterval");
    expect(JSON.parse(JSON.stringify(sent))).not.toHaveProperty("recurringPattern");
  });

  it("refuses a lead who is not on the team, under leadAssigneeId", () => {
    expect(errors(form({ assigneeIds: [], leadAssigneeId: USER })).leadAssigneeId).toBe("The lead must be one of the team members");
  });

  it("the edit form checks with updateTaskSchema: a cleared department is still required", () => {
    expect(errors(form({ department: null }), updateTaskForm).department).toBe("Department is required");
  });
});

describe("taskToForm", () => {
  it("shows a stored task as the form holds it", () => {
    const task = {
      ...body(form()),
      description: null,
      organizationalUnitId: UNIT,
      assigneeType: "vendor",
      assigneeId: null,
      vendorId: VENDOR,
      dueDate: "2026-11-24T15:05:00.000Z",
      startDate: "2026-11-20T06:00:00.000Z",
      estimatedHours: 120,
      checklist: [{ id: "x", title: "One" }],
      recurringPattern: null,
      recurringEndDate: null,
      recurringSchedule: null,
      holidayCalendar: null,
    } as unknown as Task;
    expect(taskToForm(task)).toMatchObject({
      description: "",
      department: UNIT,
      assigneeId: `vendor-${VENDOR}`,
      dueDate: { day: "2026-11-24", time: "9:05" },
      startDate: { day: "2026-11-20", time: "" },
      estimatedHours: "2:00",
      checklistItems: [{ key: "x", title: "One" }],
      recurringPattern: "weekly",
      holidayCalendar: "US",
      recurringSchedule: { excludedDayPolicy: "skip", monthlyWeek: null },
    });
  });
});

describe("previewBody", () => {
  it("is the rule once the due date and numbers allow, else null and what is missing", () => {
    expect(previewBody(form({ dueDate: { day: "", time: "" } }))).toEqual({ body: null, missing: "Due date is required" });
    const due = { day: "2031-01-13", time: "" };
    expect(previewBody(form({ dueDate: due, recurringEndType: "after", recurringMaxCount: null }))).toEqual({ body: null, missing: "Max occurrences must be at least 1" });
    expect(previewBody(form({ dueDate: { ...due, time: "25:00" } })).missing).toBe("Hours must be 0-23");
    expect(previewBody(form({ dueDate: due, recurringInterval: 0 })).body).toBeNull();
    const { body: rule, missing } = previewBody(form({ dueDate: { day: "2031-01-13", time: "9:00" }, recurringPattern: "monthly", recurringDaysOfWeek: [1] }));
    expect(missing).toBeUndefined();
    expect(rule).toMatchObject({ recurringPattern: "monthly", recurringDaysOfWeek: [], recurringMonthlyType: "date", recurringEndType: "never" });
    expect(rule?.dueDate.toISOString()).toBe("2031-01-13T15:00:00.000Z");
  });
});
