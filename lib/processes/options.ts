/** Default assignee of a process step's task. */
export const STEP_ASSIGNEE_KINDS = ["none", "member", "vendor", "starter"] as const;
export type StepAssigneeKindValue = (typeof STEP_ASSIGNEE_KINDS)[number];

export const STEP_ASSIGNEE_LABELS: Record<StepAssigneeKindValue, string> = {
  none: "Ask when starting",
  member: "A member",
  vendor: "A vendor",
  starter: "Whoever starts the process",
};

/** Where a started process puts its tasks. */
export const RUN_TARGETS = ["new_project", "existing_project", "parent_task"] as const;
export type RunTarget = (typeof RUN_TARGETS)[number];

export const RUN_TARGET_LABELS: Record<RunTarget, string> = {
  new_project: "A new project",
  existing_project: "An existing project",
  parent_task: "A parent task with sub-tasks",
};

export const MAX_STEPS = 100;
export const MAX_OFFSET_DAYS = 365;
export const MAX_DURATION_DAYS = 365;

/** The builder's own messages, here rather than in lib/validations/processes.ts (which the API's schema uses them from) so the builder does not load zod. */
export const PROCESS_NAME_REQUIRED = "Name is required";
export const STEPS_REQUIRED = "Add at least one step";
