/**
 * The workflow builder's draft: steps carry a stable client key, and "depends on" points at
 * keys, so a drag reorder never rewires a dependency; turning the draft into the API body
 * maps keys to positions, and the shared step rules then report a dependency that became
 * forward. Pure, unit-tested; the builder keeps the draft in localStorage between visits.
 */
import type { StepAssigneeKindValue } from "./options";
import { findStepIssues, type StepIssue } from "./step-rules";

export interface StepDraft {
  key: string;
  title: string;
  description: string;
  department: string | null;
  assigneeKind: StepAssigneeKindValue;
  assigneeId: string | null;
  vendorId: string | null;
  offsetDays: string;
  durationDays: string;
  checklist: Array<{ key: string; title: string }>;
  checklistRequired: boolean;
  dependsOnKeys: string[];
  availableForPickup: boolean;
}

export interface ProcessDraft {
  name: string;
  description: string;
  department: string | null;
  steps: StepDraft[];
}

let seq = 0;
export const newKey = (prefix = "step") => `${prefix}-${Date.now().toString(36)}-${++seq}`;

export function emptyStep(): StepDraft {
  return {
    key: newKey(),
    title: "",
    description: "",
    department: null,
    assigneeKind: "none",
    assigneeId: null,
    vendorId: null,
    offsetDays: "0",
    durationDays: "1",
    checklist: [],
    checklistRequired: false,
    dependsOnKeys: [],
    availableForPickup: false,
  };
}

export const emptyDraft = (): ProcessDraft => ({ name: "", description: "", department: null, steps: [] });

/** Integer text, or NaN (the rules then report it). */
const int = (text: string) => (/^\s*-?\d+\s*$/.test(text) ? Number(text) : Number.NaN);

export interface StepBodyOut {
  title: string;
  description: string | null;
  department: string | null;
  assigneeKind: StepAssigneeKindValue;
  assigneeId: string | null;
  vendorId: string | null;
  offsetDays: number;
  durationDays: number;
  checklist: string[];
  checklistRequired: boolean;
  dependsOn: number[];
  availableForPickup: boolean;
}

export function draftToBody(draft: ProcessDraft) {
  const position = new Map(draft.steps.map((s, i) => [s.key, i + 1]));
  const steps: StepBodyOut[] = draft.steps.map((s) => ({
    title: s.title.trim(),
    description: s.description.trim() || null,
    department: s.department,
    assigneeKind: s.assigneeKind,
    assigneeId: s.assigneeKind === "member" ? s.assigneeId : null,
    vendorId: s.assigneeKind === "vendor" ? s.vendorId : null,
    offsetDays: int(s.offsetDays),
    durationDays: int(s.durationDays),
    checklist: s.checklist.map((c) => c.title.trim()).filter(Boolean),
    checklistRequired: s.checklistRequired && s.checklist.some((c) => c.title.trim()),
    dependsOn: s.dependsOnKeys.map((k) => position.get(k)).filter((p): p is number => p !== undefined).sort((a, b) => a - b),
    availableForPickup: s.availableForPickup,
  }));
  return { name: draft.name.trim(), description: draft.description.trim() || null, department: draft.department, steps };
}

/** The builder's live messages: the shared step rules on the draft as it stands. */
export function draftIssues(draft: ProcessDraft): StepIssue[] {
  return findStepIssues(draftToBody(draft).steps);
}

/** Removes a step and every dependency on it. */
export function removeStep(draft: ProcessDraft, key: string): ProcessDraft {
  return { ...draft, steps: draft.steps.filter((s) => s.key !== key).map((s) => ({ ...s, dependsOnKeys: s.dependsOnKeys.filter((k) => k !== key) })) };
}

/** A saved process (GET /api/processes/{id}) as a draft. */
export function processToDraft(process: {
  name: string;
  description: string | null;
  department: { id: string } | null;
  steps: Array<{
    title: string;
    description: string | null;
    department: { id: string } | null;
    assigneeKind: StepAssigneeKindValue;
    assignee: { id: string } | null;
    vendor: { id: string } | null;
    offsetDays: number;
    durationDays: number;
    checklist: string[];
    checklistRequired?: boolean;
    dependsOn: number[];
    availableForPickup: boolean;
  }>;
}): ProcessDraft {
  const keys = process.steps.map(() => newKey());
  return {
    name: process.name,
    description: process.description ?? "",
    department: process.department?.id ?? null,
    steps: process.steps.map((s, i) => ({
      key: keys[i],
      title: s.title,
      description: s.description ?? "",
      department: s.department?.id ?? null,
      assigneeKind: s.assigneeKind,
      assigneeId: s.assignee?.id ?? null,
      vendorId: s.vendor?.id ?? null,
      offsetDays: String(s.offsetDays),
      durationDays: String(s.durationDays),
      checklist: s.checklist.map((title) => ({ key: newKey("item"), title })),
      checklistRequired: Boolean(s.checklistRequired),
      dependsOnKeys: s.dependsOn.map((p) => keys[p - 1]).filter(Boolean),
      availableForPickup: s.availableForPickup,
    })),
  };
}
