import { buildTaskBody, emptyTaskForm, taskToForm, type TaskFormState } from "./task-form";

const TZ = "America/Chicago";
const UNIT = "3f2c0a57-8f1e-4c3e-9a7a-6d3c1f2e4b5a";
const USER = "0b6f6a7e-2d47-4e43-a6f1-1f5d7a9c2b11";
const VENDOR = "9a1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d";

const form = (over: Partial<TaskFormState> = {}): TaskFormState => ({ ...emptyTaskForm(), title: "Call family", department: UNIT, dueDay: "2026-11-24", ...over });

describe("emptyTaskForm", () => {
  it("defaults to priority normal, status open, interval 1 and end type never (spec §9)", () => {
    expect(emptyTaskForm()).toMatchObject({ priority: "normal", status: "open", recurringInterval: "1", recurringEndType: "never", hasChecklist: false });
  });
});

describe("buildTaskBody", () => {
  it("shows the three required messages on an empty form", () => {
    const { errors, ok } = buildTaskBody(emptyTaskForm(), { timeZone: TZ });
    expect(ok).toBe(false);
    expect(errors).toMatchObject({ title: "Title is required", department: "Department is required", dueDay: "Due date is required" });
  });

  it("a blank due time is the end of the day; a blank start time is midnight", () => {
    const { body, ok } = buildTaskBody(form({ startDay: "2026-11-23" }), { timeZone: TZ });
    expect(ok).toBe(true);
    expect(body.dueDate).toBe("2026-11-25T05:59:59.999Z");
    expect(body.startDate).toBe("2026-11-23T06:00:00.000Z");
  });

  it("reads due time and duration inputs, duration in minutes", () => {
    const { body } = buildTaskBody(form({ dueTime: "17:30", duration: "1:30" }), { timeZone: TZ });
    expect(body.dueDate).toBe("2026-11-24T23:30:00.000Z");
    expect(body.estimatedHours).toBe(90);
    expect(buildTaskBody(form({ duration: "45" }), { timeZone: TZ }).body.estimatedHours).toBe(45);
  });

  it("rejects 24:00 and 9:60 with the field's own error", () => {
    expect(buildTaskBody(form({ dueTime: "24:00" }), { timeZone: TZ }).errors).toEqual({ dueTime: "Hours must be 0-23" });
    expect(buildTaskBody(form({ duration: "9:60" }), { timeZone: TZ }).errors).toEqual({ duration: "Minutes must be 0-59" });
  });

  it("turns a vendor- assignee into vendorId + assigneeType vendor", () => {
    const { body } = buildTaskBody(form({ assignee: `vendor-${VENDOR}` }), { timeZone: TZ });
    expect(body).toMatchObject({ assigneeId: null, vendorId: VENDOR, assigneeType: "vendor" });
    expect(buildTaskBody(form({ assignee: USER }), { timeZone: TZ }).body).toMatchObject({ assigneeId: USER, vendorId: null, assigneeType: "user" });
  });

  it("sends checklist items only while the checklist is on, trimmed, in order, blanks dropped", () => {
    const checklist = [{ key: "a", title: " One " }, { key: "b", title: "" }, { key: "c", title: "Two" }];
    expect(buildTaskBody(form({ hasChecklist: true, checklist }), { timeZone: TZ }).body.checklistItems).toEqual(["One", "Two"]);
    expect(buildTaskBody(form({ hasChecklist: false, checklist }), { timeZone: TZ }).body.checklistItems).toEqual([]);
  });

  it("validates recurrence: interval and max count at least 1, end date when ending on a date", () => {
    const recurring = { isRecurring: true, recurringPattern: "weekly" as const };
    expect(buildTaskBody(form({ ...recurring, recurringInterval: "0" }), { timeZone: TZ }).errors.recurringInterval).toBe("Recurring interval must be at least 1");
    expect(buildTaskBody(form({ ...recurring, recurringEndType: "after", recurringMaxCount: "0" }), { timeZone: TZ }).errors.recurringMaxCount).toBe(
      "Max occurrences must be at least 1",
    );
    expect(buildTaskBody(form({ ...recurring, recurringEndType: "on" }), { timeZone: TZ }).errors.recurringEndDay).toBe("Recurring end date is required");
    const ok = buildTaskBody(form({ ...recurring, recurringDaysOfWeek: [5, 1], recurringEndType: "after", recurringMaxCount: "4" }), { timeZone: TZ });
    expect(ok.ok).toBe(true);
    expect(ok.body).toMatchObject({ recurringDaysOfWeek: [1, 5], recurringMaxCount: 4, recurringEndDate: null });
  });

  it("keeps only a lead who is on the team", () => {
    expect(buildTaskBody(form({ team: { userIds: [USER], leadId: USER } }), { timeZone: TZ }).body.leadAssigneeId).toBe(USER);
    expect(buildTaskBody(form({ team: { userIds: [], leadId: USER } }), { timeZone: TZ }).body.leadAssigneeId).toBeNull();
  });
});

describe("taskToForm", () => {
  it("round-trips a stored task", () => {
    const original = form({ dueTime: "9:05", startDay: "2026-11-20", duration: "2:00", assignee: `vendor-${VENDOR}`, hasChecklist: true, checklist: [{ key: "x", title: "One" }] });
    const { body } = buildTaskBody(original, { timeZone: TZ });
    const back = taskToForm(
      {
        ...body,
        description: null,
        organizationalUnitId: UNIT,
        dueDate: body.dueDate!,
        startDate: body.startDate,
        recurringPattern: null,
        recurringInterval: 1,
        recurringEndDate: null,
        recurringMaxCount: null,
        recurringMonthlyType: null,
        holidayCalendar: null,
        checklist: [{ id: "x", title: "One" }],
        estimatedHours: body.estimatedHours ?? null,
        assigneeId: body.assigneeId ?? null,
        vendorId: body.vendorId ?? null,
        assigneeType: body.assigneeType ?? null,
        projectId: null,
        parentTaskId: null,
      },
      TZ,
    );
    expect(back).toMatchObject({ dueDay: "2026-11-24", dueTime: "9:05", startDay: "2026-11-20", startTime: "", duration: "2:00", assignee: `vendor-${VENDOR}` });
  });
});
