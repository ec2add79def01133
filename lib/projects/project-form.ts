/**
 * The project form's state and its translation to the API body, kept pure (unit-tested): the
 * day inputs become instants in the business zone, and createProjectSchema (the handler's own
 * schema) checks the body, each message keyed by the form field it belongs to.
 */
import { z } from "zod";
import { combineDayAndTime, splitInstant } from "@/lib/dates/day-time";
import { createProjectSchema, type CreateProjectBody } from "@/lib/validations/projects";
import type { ProjectStatusValue } from "./options";

export interface ProjectFormState {
  name: string;
  description: string;
  status: ProjectStatusValue;
  department: string | null;
  ownerId: string | null;
  memberIds: string[];
  startDay: string;
  dueDay: string;
  color: string | null;
}

/** What the form starts from: the project being edited, or a new one owned by its creator. */
export function toProjectForm(
  project?: { name: string; description: string | null; status: string; department: { id: string } | null; owner: { id: string } | null; members: { id: string }[]; startDate: string | null; dueDate: string | null; color: string | null },
  defaultOwner?: string,
): ProjectFormState {
  return {
    name: project?.name ?? "",
    description: project?.description ?? "",
    status: (project?.status as ProjectStatusValue) ?? "active",
    department: project?.department?.id ?? null,
    ownerId: project ? (project.owner?.id ?? null) : (defaultOwner ?? null),
    memberIds: project?.members.map((m) => m.id) ?? [],
    startDay: splitInstant(project?.startDate, "start").day,
    dueDay: splitInstant(project?.dueDate, "due").day,
    color: project?.color ?? null,
  };
}

export function buildProjectBody(form: ProjectFormState, timeZone?: string): CreateProjectBody {
  return {
    name: form.name,
    description: form.description || null,
    status: form.status,
    department: form.department,
    ownerId: form.ownerId,
    memberIds: form.memberIds,
    startDate: form.startDay ? combineDayAndTime(form.startDay, null, "start", timeZone).toISOString() : null,
    dueDate: form.dueDay ? combineDayAndTime(form.dueDay, null, "due", timeZone).toISOString() : null,
    color: form.color,
  };
}

const FIELD_OF: Record<string, keyof ProjectFormState> = { startDate: "startDay", dueDate: "dueDay" };

/** The project form's schema for useZodForm: the form state in, the API body out. */
export const projectFormSchema = z.custom<ProjectFormState>().transform((form, ctx): CreateProjectBody => {
  const body = buildProjectBody(form);
  const parsed = createProjectSchema.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? "name");
      ctx.addIssue({ code: "custom", path: [FIELD_OF[key] ?? key], message: issue.message });
    }
  }
  return body;
});

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
