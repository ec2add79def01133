import { z } from "zod";
import { MAX_DURATION_DAYS, MAX_OFFSET_DAYS, MAX_STEPS, PROCESS_NAME_REQUIRED, RUN_TARGETS, STEP_ASSIGNEE_KINDS, STEPS_REQUIRED } from "@/lib/processes/options";
import { DURATION_MIN, findStepIssues, OFFSET_MIN, STEP_TITLE_REQUIRED } from "@/lib/processes/step-rules";
import { isoDateTime } from "./common";
import { isUuid, UUID_PATTERN } from "./ids";
import { multilineText, text } from "./text";

/**
 * Process (template) bodies, the start-a-process body and the schedule preview, shared by the
 * workflow builder, the start dialog and the API. The step rules (no self or forward
 * dependency, titles, offsets) come from lib/processes/step-rules.ts.
 */

export const START_DATE_REQUIRED = "Start date is required";
export const RUN_NAME_REQUIRED = "Name is required";
export const PROJECT_REQUIRED = "Choose the project";

const id = (what: string) => z.string().regex(UUID_PATTERN, `must be a valid ${what}`);
const blankToNull = (value: unknown) => (value === "" ? null : value);
const day = (message: string) =>
  z
    .string({ error: message })
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), message);

export const stepSchema = z.object({
  title: text({ error: STEP_TITLE_REQUIRED }).trim().min(1, STEP_TITLE_REQUIRED).max(300, "Step titles are at most 300 characters"),
  description: multilineText().trim().max(5_000, "Step descriptions are at most 5000 characters").nullish(),
  department: z.preprocess(blankToNull, id("department").nullish()),
  assigneeKind: z.enum(STEP_ASSIGNEE_KINDS).default("none"),
  assigneeId: z.preprocess(blankToNull, id("member").nullish()),
  vendorId: z.preprocess(blankToNull, id("vendor").nullish()),
  offsetDays: z.number({ error: OFFSET_MIN }).int(OFFSET_MIN).min(0, OFFSET_MIN).max(MAX_OFFSET_DAYS, `Offset must be at most ${MAX_OFFSET_DAYS} business days`).default(0),
  durationDays: z.number({ error: DURATION_MIN }).int(DURATION_MIN).min(1, DURATION_MIN).max(MAX_DURATION_DAYS, `Duration must be at most ${MAX_DURATION_DAYS} business days`).default(1),
  checklist: z
    .array(text().trim().min(1, "Checklist items must not be blank").max(500, "Checklist items must be at most 500 characters"))
    .max(100, "A step has at most 100 checklist items")
    .default([]),
  /** The step's task cannot be completed until every checklist item is ticked. */
  checklistRequired: z.boolean().default(false),
  /** Positions (1-based) of earlier steps that must finish first. */
  dependsOn: z
    .array(z.number().int())
    .max(MAX_STEPS)
    .refine((list) => new Set(list).size === list.length, "lists a step twice")
    .default([]),
  availableForPickup: z.boolean().default(false),
});
export type StepInput = z.output<typeof stepSchema>;
export type StepBody = z.input<typeof stepSchema>;

function stepRules(value: { steps?: StepInput[] }, ctx: z.RefinementCtx) {
  if (!value.steps) return;
  for (const issue of findStepIssues(value.steps)) {
    // Field-level messages from the step schema already cover these two.
    if (issue.field === "title" || issue.field === "offsetDays" || issue.field === "durationDays") continue;
    ctx.addIssue({ code: "custom", path: ["steps", issue.index, issue.field], message: issue.message });
  }
}

const processFields = {
  name: text({ error: PROCESS_NAME_REQUIRED }).trim().min(1, PROCESS_NAME_REQUIRED).max(200, "Name must be at most 200 characters"),
  description: multilineText().trim().max(5_000, "Description must be at most 5000 characters").nullish(),
  department: z.preprocess(blankToNull, id("department").nullish()),
  steps: z.array(stepSchema, { error: STEPS_REQUIRED }).min(1, STEPS_REQUIRED).max(MAX_STEPS, `A process has at most ${MAX_STEPS} steps`),
};

export const createProcessSchema = z.object(processFields).superRefine(stepRules);
export type CreateProcessInput = z.output<typeof createProcessSchema>;
export type CreateProcessBody = z.input<typeof createProcessSchema>;

/** PATCH: the builder sends everything; the list's Archive sends `isActive` alone. */
export const updateProcessSchema = z
  .object({
    name: processFields.name.optional(),
    description: processFields.description,
    department: processFields.department,
    steps: processFields.steps.optional(),
    isActive: z.boolean().optional(),
  })
  .superRefine(stepRules);
export type UpdateProcessInput = z.output<typeof updateProcessSchema>;

export const listProcessesQuerySchema = z.object({
  q: text().trim().max(200, "q must be at most 200 characters").optional(),
  show: z.enum(["active", "archived"]).default("active"),
  unitId: id("department").optional(),
});
export type ListProcessesQuery = z.output<typeof listProcessesQuerySchema>;

/** A member id, or "vendor-<id>" (the assignee picker's value). */
const assigneeValue = text().refine((value) => isUuid(value) || (value.startsWith("vendor-") && isUuid(value.slice(7))), "must be a member id or vendor-<id>");

export const startProcessSchema = z
  .object({
    /** Client-made: a repeated start with the same uuid answers with the first run. */
    uuid: z.string({ error: "uuid is required" }).regex(UUID_PATTERN, "must be a valid uuid"),
    name: text({ error: RUN_NAME_REQUIRED }).trim().min(1, RUN_NAME_REQUIRED).max(300, "Name must be at most 300 characters"),
    startDate: day(START_DATE_REQUIRED),
    /** For steps that have no department of their own. */
    department: z.preprocess(blankToNull, id("department").nullish()),
    /** For steps that have no default assignee. */
    assigneeId: z.preprocess(blankToNull, assigneeValue.nullish()),
    /** Per-step choices (position 1-based) that override the two defaults above. */
    stepOverrides: z
      .array(
        z.object({
          position: z.number().int().min(1),
          department: z.preprocess(blankToNull, id("department").nullish()),
          assigneeId: z.preprocess(blankToNull, assigneeValue.nullish()),
        }),
      )
      .max(MAX_STEPS)
      .default([]),
    target: z.enum(RUN_TARGETS).default("new_project"),
    projectId: z.preprocess(blankToNull, id("project").nullish()),
  })
  .superRefine((value, ctx) => {
    if (value.target === "existing_project" && !value.projectId) ctx.addIssue({ code: "custom", path: ["projectId"], message: PROJECT_REQUIRED });
  });
export type StartProcessInput = z.output<typeof startProcessSchema>;
export type StartProcessBody = z.input<typeof startProcessSchema>;

/** POST /api/processes/schedule: the builder's live preview. */
export const schedulePreviewSchema = z.object({
  startDate: day(START_DATE_REQUIRED),
  steps: z
    .array(
      z.object({
        offsetDays: z.number().int().min(0, OFFSET_MIN).max(MAX_OFFSET_DAYS),
        durationDays: z.number().int().min(1, DURATION_MIN).max(MAX_DURATION_DAYS),
      }),
    )
    .max(MAX_STEPS),
});
export type SchedulePreviewInput = z.output<typeof schedulePreviewSchema>;

// ---------------------------------------------------------------- answers

const person = z.object({ id: z.string(), firstName: z.string(), lastName: z.string() });

export const processSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  isActive: z.boolean(),
  department: z.object({ id: z.string(), name: z.string() }).nullable(),
  createdBy: person,
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  stepCount: z.number().int(),
  runCount: z.number().int(),
  lastStartedAt: isoDateTime.nullable(),
  permissions: z.object({ canEdit: z.boolean(), canStart: z.boolean() }),
});
export type ProcessSummary = z.infer<typeof processSummarySchema>;

export const processListSchema = z.object({ items: z.array(processSummarySchema) });

export const processStepSchema = z.object({
  id: z.string(),
  position: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  offsetDays: z.number().int(),
  durationDays: z.number().int(),
  department: z.object({ id: z.string(), name: z.string() }).nullable(),
  assigneeKind: z.enum(STEP_ASSIGNEE_KINDS),
  assignee: person.extend({ isActive: z.boolean() }).nullable(),
  vendor: z.object({ id: z.string(), name: z.string() }).nullable(),
  checklist: z.array(z.string()),
  checklistRequired: z.boolean(),
  dependsOn: z.array(z.number().int()),
  availableForPickup: z.boolean(),
});

/** A run of a process, with its progress over the tasks the caller may see. */
export const processRunSchema = z.object({
  id: z.string(),
  uuid: z.string(),
  name: z.string(),
  startDate: z.string().describe("yyyy-MM-dd"),
  target: z.enum(RUN_TARGETS),
  createdAt: isoDateTime,
  process: z.object({ id: z.string(), name: z.string() }),
  project: z.object({ id: z.string(), name: z.string() }).nullable(),
  parentTask: z.object({ id: z.string(), displayNumber: z.number().int().nullable(), title: z.string() }).nullable(),
  createdBy: person,
  /** Where the run's tasks are: the project page or the parent task page. */
  href: z.string().nullable(),
  progress: z.object({ total: z.number().int(), done: z.number().int(), percent: z.number() }),
});
export type ProcessRun = z.infer<typeof processRunSchema>;

export const processDetailSchema = processSummarySchema.extend({ steps: z.array(processStepSchema), runs: z.array(processRunSchema) });
export type ProcessDetail = z.infer<typeof processDetailSchema>;

/** POST /api/processes/schedule: each step's start and due day, the finish, and the days skipped. */
export const schedulePreviewResultSchema = z.object({
  startDate: z.string(),
  steps: z.array(z.object({ start: z.string(), due: z.string() })),
  finish: z.string(),
  skipped: z.array(z.object({ date: z.string(), reason: z.string() })),
});
export type SchedulePreview = z.infer<typeof schedulePreviewResultSchema>;
