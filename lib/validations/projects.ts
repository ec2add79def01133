import { z } from "zod";
import { OPEN_TASK_ACTIONS, PROJECT_SHOWS, PROJECT_SORTS, PROJECT_STATUSES } from "@/lib/projects/options";
import { isoDateTime } from "./common";
import { UUID_PATTERN } from "./ids";
import { multilineText, text } from "./text";
import { dateString } from "./dates";

/**
 * Project bodies and queries, shared by the project form and the API handlers. Checks that
 * need the database (the department, owner and members exist) live in lib/services/projects.
 */

export const PROJECT_NAME_REQUIRED = "Name is required";
export const PROJECT_DATES_ORDER = "The start date must be on or before the target date";

const id = (what: string) => z.string().regex(UUID_PATTERN, `must be a valid ${what}`);
const blankToNull = (value: unknown) => (value === "" ? null : value);
const isoDate = (what: string) => dateString(`${what} must be a valid date`, { error: `${what} must be an ISO date` });

const fields = {
  name: text({ error: PROJECT_NAME_REQUIRED }).trim().min(1, PROJECT_NAME_REQUIRED).max(200, "Name must be at most 200 characters"),
  description: multilineText().max(100_000, "Description is too long").nullish(),
  status: z.enum(PROJECT_STATUSES),
  department: z.preprocess(blankToNull, id("department").nullish()),
  ownerId: z.preprocess(blankToNull, id("owner").nullish()),
  memberIds: z
    .array(id("member"))
    .max(100, "A project has at most 100 members")
    .refine((ids) => new Set(ids).size === ids.length, "lists a member twice"),
  startDate: z.preprocess(blankToNull, isoDate("Start date").nullish()),
  dueDate: z.preprocess(blankToNull, isoDate("Target date").nullish()),
  color: z.preprocess(
    blankToNull,
    z
      .string()
      .regex(/^#[0-9a-fA-F]{6}$/, "Colour must look like #4f46e5")
      .transform((c) => c.toLowerCase())
      .nullish(),
  ),
};

function datesInOrder(value: { startDate?: Date | null; dueDate?: Date | null }, ctx: z.RefinementCtx) {
  if (value.startDate && value.dueDate && value.startDate > value.dueDate) {
    ctx.addIssue({ code: "custom", path: ["startDate"], message: PROJECT_DATES_ORDER });
  }
}

export const createProjectSchema = z
  .object({ ...fields, status: fields.status.optional(), memberIds: fields.memberIds.optional() })
  .superRefine(datesInOrder);
export type CreateProjectInput = z.output<typeof createProjectSchema>;
export type CreateProjectBody = z.input<typeof createProjectSchema>;

export const updateProjectSchema = z
  .object({
    name: fields.name.optional(),
    description: fields.description,
    status: fields.status.optional(),
    department: fields.department,
    ownerId: fields.ownerId,
    memberIds: fields.memberIds.optional(),
    startDate: fields.startDate,
    dueDate: fields.dueDate,
    color: fields.color,
    /** Admins: archive (true) or bring back (false). */
    archived: z.boolean().optional(),
    /** When completing a project with open tasks: complete them, cancel them, or keep them open. */
    openTasks: z.enum(OPEN_TASK_ACTIONS).optional(),
  })
  .superRefine(datesInOrder);
export type UpdateProjectInput = z.output<typeof updateProjectSchema>;
export type UpdateProjectBody = z.input<typeof updateProjectSchema>;

const csv = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .union([text(), z.array(text())])
    .transform((raw) => (Array.isArray(raw) ? raw : [raw]).flatMap((part) => part.split(",")).map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(z.enum(values)));
const flag = z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1");

/**
 * GET /api/projects. Without `view` the answer is the pickers' `[{ id, name }]` (spec §7);
 * `view=summary` answers a page of project cards with progress.
 */
export const listProjectsQuerySchema = z.object({
  view: z.enum(["options", "summary"]).default("options"),
  q: text().trim().max(200, "q must be at most 200 characters").optional(),
  status: csv(PROJECT_STATUSES).optional(),
  unitId: id("department").optional(),
  /** Projects I own, created, or am a member of. */
  mine: flag.optional(),
  show: z.enum(PROJECT_SHOWS).default("current"),
  sort: z.enum(PROJECT_SORTS).default("dueDate"),
  order: z.enum(["asc", "desc"]).optional(),
  page: z.coerce.number().int().min(1, "page must be at least 1").max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1, "pageSize must be at least 1").max(100, "pageSize must be at most 100").default(24),
});
export type ListProjectsQuery = z.output<typeof listProjectsQuerySchema>;

// ---------------------------------------------------------------- answers

const person = z.object({ id: z.string(), firstName: z.string(), lastName: z.string() });

/** GET /api/projects (no `view`): the pickers' list. */
export const projectOptionsSchema = z.array(z.object({ id: z.string(), name: z.string() }));

/** The card / row of the project list: progress counts visible tasks only. */
export const projectSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(PROJECT_STATUSES),
  color: z.string().nullable(),
  startDate: isoDateTime.nullable(),
  dueDate: isoDateTime.nullable(),
  archivedAt: isoDateTime.nullable(),
  deletedAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  department: z.object({ id: z.string(), name: z.string() }).nullable(),
  owner: person.nullable(),
  memberCount: z.number().int(),
  progress: z.object({
    /** Visible tasks, cancelled ones left out. */
    total: z.number().int(),
    done: z.number().int(),
    open: z.number().int(),
    overdue: z.number().int(),
    percent: z.number(),
    /** Hours clocked into the visible tasks (running clocks count up to now), one decimal. */
    hoursLogged: z.number(),
    atRisk: z.boolean(),
  }),
  permissions: z.object({ canEdit: z.boolean(), canArchive: z.boolean(), canDelete: z.boolean(), canRestore: z.boolean() }),
});
export type ProjectSummary = z.infer<typeof projectSummarySchema>;

export const projectPageSchema = z.object({
  items: z.array(projectSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  hasMore: z.boolean(),
});
export type ProjectListPage = z.infer<typeof projectPageSchema>;

/** GET /api/projects: the pickers' list, or with `view=summary` a page of project cards. */
export const projectListSchema = z.union([projectOptionsSchema, projectPageSchema]);

export const projectDetailSchema = projectSummarySchema.extend({
  description: z.string().nullable(),
  createdBy: person,
  deletedBy: person.nullable(),
  members: z.array(person),
  processRuns: z.array(
    z.object({ id: z.string(), name: z.string(), startDate: z.string().describe("yyyy-MM-dd"), createdAt: isoDateTime, process: z.object({ id: z.string(), name: z.string() }) }),
  ),
});
export type ProjectDetail = z.infer<typeof projectDetailSchema>;
