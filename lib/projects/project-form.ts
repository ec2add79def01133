/**
 * The project form's values are the API body (spec §7 "Project") under the API's own names,
 * checked by the handler's own schema (createProjectSchema), so a 400 from the server names a
 * form field. Two fields hold what their inputs show, converted here and nowhere else: startDate
 * and dueDate a day (business zone), and a blank description is sent as none. The task form's
 * pattern (lib/tasks/task-form.ts).
 */
import { z } from "zod";
import { combineDayAndTime, splitInstant } from "@/lib/dates/day-time";
import { createProjectSchema, type CreateProjectInput } from "@/lib/validations/projects";
import type { ProjectStatusValue } from "./options";

const none = null as string | null;
export const emptyProjectForm = () => ({
  name: "",
  description: "",
  status: "active" as ProjectStatusValue,
  department: none,
  ownerId: none,
  memberIds: [] as string[],
  /** Days ("2026-03-02"), or "" for none. */
  startDate: "",
  dueDate: "",
  color: none,
});
export type ProjectFormValues = ReturnType<typeof emptyProjectForm>;

/** What the form starts from: the project being edited, or a new one owned by its creator. */
export function projectToForm(
  project?: { name: string; description: string | null; status: string; department: { id: string } | null; owner: { id: string } | null; members: { id: string }[]; startDate: string | null; dueDate: string | null; color: string | null },
  defaultOwner?: string,
): ProjectFormValues {
  if (!project) return { ...emptyProjectForm(), ownerId: defaultOwner ?? null };
  return {
    name: project.name,
    description: project.description ?? "",
    status: project.status as ProjectStatusValue,
    department: project.department?.id ?? null,
    ownerId: project.owner?.id ?? null,
    memberIds: project.members.map((m) => m.id),
    startDate: splitInstant(project.startDate, "start").day,
    dueDate: splitInstant(project.dueDate, "due").day,
    color: project.color,
  };
}

type Check = z.ZodType<unknown, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- the API's checks take unknown (preprocess)
const api = createProjectSchema.shape as Record<"startDate" | "dueDate" | "description", Check>;
const day = (kind: "start" | "due", check: Check) => z.string().transform((value) => (value ? combineDayAndTime(value, null, kind).toISOString() : null)).pipe(check);

/** The form's values in, the API's body out: the API's own schema, its day fields converted first. */
export const projectFormSchema = z.custom<ProjectFormValues>().pipe(
  (createProjectSchema as z.ZodObject).safeExtend({
    startDate: day("start", api.startDate),
    dueDate: day("due", api.dueDate),
    description: z.string().transform((text) => text || null).pipe(api.description),
  }) as unknown as z.ZodType<CreateProjectInput, ProjectFormValues>,
);

export const QUICK_ADD_DEPARTMENT_REQUIRED = "Department is required";

/**
 * The project page's quick add: a title and a due day. The task goes to the project's
 * department; a project without one cannot quick-add (the full task form asks for it).
 */
export function quickAddSchema(department: string | null) {
  return z
    .object({
      title: z.string().trim().min(1, "Title is required").max(500, "Title must be at most 500 characters"),
      dueDay: z.string().min(1, "Due date is required"),
    })
    .superRefine((_, ctx) => {
      if (!department) ctx.addIssue({ code: "custom", path: ["dueDay"], message: QUICK_ADD_DEPARTMENT_REQUIRED });
    });
}
