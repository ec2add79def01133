/**
 * The "Start process" form's state and its translation to the API body, kept pure (unit-tested):
 * startProcessSchema (the handler's own schema) checks the body, plus the one rule only the
 * process knows: steps without a department need the run's department.
 */
import { z } from "zod";
import { startProcessSchema, type StartProcessBody } from "@/lib/validations/processes";
import type { RunTarget } from "./options";

export const RUN_DEPARTMENT_REQUIRED = "Department is required";

export interface StartFormState {
  name: string;
  startDate: string;
  target: RunTarget;
  projectId: string;
  department: string | null;
  /** Assignee picker values for the steps without one, by step position. */
  people: Record<number, string | null>;
}

/** What the form needs to know of the process's steps. */
export interface StartFormStep {
  position: number;
  department: unknown;
  assigneeKind: string;
  assignee?: { isActive: boolean } | null;
}

/** Steps whose task would start without anyone: no default, or a default member who left. */
export const unassignedSteps = <S extends StartFormStep>(steps: S[]): S[] =>
  steps.filter((s) => s.assigneeKind === "none" || (s.assigneeKind === "member" && !s.assignee?.isActive));

export function buildStartBody(form: StartFormState, steps: StartFormStep[], uuid: string): StartProcessBody {
  return {
    uuid,
    name: form.name,
    startDate: form.startDate,
    department: form.department,
    target: form.target,
    projectId: form.target === "existing_project" ? form.projectId || null : null,
    stepOverrides: unassignedSteps(steps)
      .filter((s) => form.people[s.position])
      .map((s) => ({ position: s.position, assigneeId: form.people[s.position] })),
  };
}

/** The form's schema for useZodForm, for one process and one opening (its uuid). */
export function startFormSchema(steps: StartFormStep[], uuid: string) {
  const lacksDepartment = steps.some((s) => !s.department);
  return z.custom<StartFormState>().transform((form, ctx): StartProcessBody => {
    const body = buildStartBody(form, steps, uuid);
    const parsed = startProcessSchema.safeParse(body);
    const seen = new Set<string>();
    for (const issue of parsed.success ? [] : parsed.error.issues) {
      const path = String(issue.path[0] ?? "name");
      if (seen.has(path)) continue;
      seen.add(path);
      ctx.addIssue({ code: "custom", path: [path], message: issue.message });
    }
    if (lacksDepartment && !form.department && !seen.has("department")) ctx.addIssue({ code: "custom", path: ["department"], message: RUN_DEPARTMENT_REQUIRED });
    return body;
  });
}
