import type { AlertKind, RuleParams } from "@/lib/validations/alerts";

/** What a rule is asked (its kind, parameters and scope) and what it finds: one condition per (subject, occurrence). */
export interface RuleForFindings {
  kind: AlertKind | string;
  params: RuleParams;
  scope: string;
  scopeUnitId: string | null;
  scopeUserIds: string[];
}

export interface FindingTask {
  id: string;
  /** null for a recurring series (a missed occurrence's finding is about its series). */
  displayNumber: number | null;
  title: string;
  isPrivate: boolean;
  createdById: string;
  deletedAt: Date | null;
}

export interface Finding {
  subjectType: "task" | "punch" | "member" | "series" | "case" | "shift";
  subjectId: string;
  occurrence: string;
  /** The member the alert is about (a task's assignee, the punching member). */
  userId: string | null;
  taskId: string | null;
  unitId: string | null;
  href: string | null;
  message: string;
  /** Who "the subject member" means for this finding (assignee and team; a pickup's unit members). */
  subjectUserIds: string[];
  /** The units whose managers "their department's managers" means. */
  unitIds: string[];
  task: FindingTask | null;
  memberName: string | null;
}
