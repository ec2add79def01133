/**
 * The rules a process's steps obey, shared by the workflow builder (live messages) and the
 * API (400 naming the step). A step may depend only on earlier steps: that forbids
 * self-dependencies and forward dependencies, and so every cycle.
 */
export interface StepRuleInput {
  title: string;
  offsetDays: number;
  durationDays: number;
  dependsOn: readonly number[];
  assigneeKind?: string;
  assigneeId?: string | null;
  vendorId?: string | null;
}

export interface StepIssue {
  /** 0-based index of the step in the list. */
  index: number;
  field: "title" | "offsetDays" | "durationDays" | "dependsOn" | "assigneeId" | "vendorId";
  message: string;
}

export const STEP_TITLE_REQUIRED = "Step title is required";
export const OFFSET_MIN = "Offset must be 0 or more business days";
export const DURATION_MIN = "Duration must be at least 1 business day";
export const selfDependency = (position: number) => `Step ${position} can't depend on itself`;
export const forwardDependency = (position: number, on: number) => `Step ${position} can't depend on a later step (step ${on})`;
export const missingDependency = (position: number, on: number) => `Step ${position} depends on step ${on}, which does not exist`;

/** Every problem of the list, in step order (positions are 1-based: index + 1). */
export function findStepIssues(steps: readonly StepRuleInput[]): StepIssue[] {
  const issues: StepIssue[] = [];
  steps.forEach((step, index) => {
    const position = index + 1;
    if (!step.title.trim()) issues.push({ index, field: "title", message: STEP_TITLE_REQUIRED });
    if (!Number.isInteger(step.offsetDays) || step.offsetDays < 0) issues.push({ index, field: "offsetDays", message: OFFSET_MIN });
    if (!Number.isInteger(step.durationDays) || step.durationDays < 1) issues.push({ index, field: "durationDays", message: DURATION_MIN });
    for (const on of step.dependsOn) {
      if (on === position) issues.push({ index, field: "dependsOn", message: selfDependency(position) });
      else if (on > steps.length || on < 1) issues.push({ index, field: "dependsOn", message: missingDependency(position, on) });
      else if (on > position) issues.push({ index, field: "dependsOn", message: forwardDependency(position, on) });
    }
    if (step.assigneeKind === "member" && !step.assigneeId) issues.push({ index, field: "assigneeId", message: `Choose the member for step ${position}` });
    if (step.assigneeKind === "vendor" && !step.vendorId) issues.push({ index, field: "vendorId", message: `Choose the vendor for step ${position}` });
  });
  return issues;
}
