"use client";

import { useMemo, useState } from "react";
import { DepartmentPicker } from "@/components/org/department-picker";
import { GroupedCombobox } from "@/components/org/grouped-combobox";
import { MemberPicker } from "@/components/projects/member-list-picker";
import { ChecklistEditor } from "@/components/tasks/checklist-editor";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { FieldMessage, FieldShell } from "@/components/ui/form";
import { Checkbox, Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import type { StepDraft } from "@/lib/processes/draft";
import { STEP_ASSIGNEE_KINDS, STEP_ASSIGNEE_LABELS, type StepAssigneeKindValue } from "@/lib/processes/options";
import type { StepIssue } from "@/lib/processes/step-rules";
import { useVendorsSimplified } from "@/lib/queries/vendors";

/**
 * Edits one step in place: every keystroke goes straight into the builder's draft (which is
 * saved in the browser), so closing the dialog by accident — Escape, a click outside — loses
 * nothing. "Done" just closes it. On a step just added (`fresh`), a field's problem shows once
 * that field has been changed or left, or the builder was saved (`showAll`): a new step does not
 * open on "Step title is required" before anyone could type it. A step reopened shows them all.
 */
export function StepDialog({
  open,
  step,
  position,
  steps,
  issues,
  fresh,
  showAll,
  onChange,
  onClose,
}: {
  open: boolean;
  step: StepDraft | null;
  position: number;
  steps: StepDraft[];
  issues: StepIssue[];
  fresh: boolean;
  showAll: boolean;
  onChange: (patch: Partial<StepDraft>) => void;
  onClose: () => void;
}) {
  const vendors = useVendorsSimplified();
  const vendorGroups = useMemo(() => [{ group: "Vendors", options: (vendors.data ?? []).map((v) => ({ value: v.id, label: v.name })) }], [vendors.data]);
  const [touched, setTouched] = useState<{ stepKey?: string; fields: ReadonlySet<StepIssue["field"]> }>({ fields: new Set() });
  // Each step starts untouched (state adjusted during render when another step opens).
  if (touched.stepKey !== step?.key) setTouched({ stepKey: step?.key, fields: new Set() });
  const touch = (field: StepIssue["field"]) => setTouched((t) => (t.fields.has(field) ? t : { ...t, fields: new Set(t.fields).add(field) }));
  const issue = (field: StepIssue["field"]) => (!fresh || showAll || touched.fields.has(field) ? issues.find((i) => i.field === field)?.message : undefined);
  const edit = (field: StepIssue["field"], patch: Partial<StepDraft>) => {
    touch(field);
    onChange(patch);
  };

  return (
    <Dialog open={open} onClose={onClose} title={`Step ${position}`} size="lg" footer={<Button onClick={onClose}>Done</Button>}>
      {step && (
        <div className="space-y-4">
          <FieldShell {...stepField} id="step-title" label="Title" markRequired error={issue("title")}>
            {(control) => <Input {...control} value={step.title} maxLength={300} autoFocus onBlur={() => touch("title")} onChange={(e) => edit("title", { title: e.target.value })} />}
          </FieldShell>
          <FieldShell {...stepField} id="step-description" label="Description">
            {(control) => <Textarea {...control} rows={3} value={step.description} maxLength={5000} onChange={(e) => onChange({ description: e.target.value })} />}
          </FieldShell>
          <div className="grid gap-4 sm:grid-cols-2">
            <FieldShell {...stepField} id="step-offset" label="Starts after (business days)" error={issue("offsetDays")}>
              {(control) => <Input {...control} inputMode="numeric" value={step.offsetDays} onBlur={() => touch("offsetDays")} onChange={(e) => edit("offsetDays", { offsetDays: e.target.value })} />}
            </FieldShell>
            <FieldShell {...stepField} id="step-duration" label="Duration (business days)" error={issue("durationDays")}>
              {(control) => <Input {...control} inputMode="numeric" value={step.durationDays} onBlur={() => touch("durationDays")} onChange={(e) => edit("durationDays", { durationDays: e.target.value })} />}
            </FieldShell>
          </div>
          <FieldShell {...stepField} id="step-department" label="Default department">
            {(control) => <DepartmentPicker id={control.id} value={step.department} onChange={(department) => onChange({ department })} placeholder="Ask when starting" />}
          </FieldShell>
          <div className="grid gap-4 sm:grid-cols-2">
            <FieldShell {...stepField} id="step-assignee-kind" label="Default assignee">
              {(control) => (
                <Select {...control} value={step.assigneeKind} onChange={(e) => onChange({ assigneeKind: e.target.value as StepAssigneeKindValue })}>
                  {STEP_ASSIGNEE_KINDS.map((k) => (
                    <option key={k} value={k}>
                      {STEP_ASSIGNEE_LABELS[k]}
                    </option>
                  ))}
                </Select>
              )}
            </FieldShell>
            {step.assigneeKind === "member" && (
              <FieldShell {...stepField} id="step-member" label="Member" error={issue("assigneeId")}>
                {(control) => <MemberPicker id={control.id} value={step.assigneeId} onChange={(assigneeId) => edit("assigneeId", { assigneeId })} />}
              </FieldShell>
            )}
            {step.assigneeKind === "vendor" && (
              <FieldShell {...stepField} id="step-vendor" label="Vendor" error={issue("vendorId")}>
                {(control) => (
                  <GroupedCombobox id={control.id} value={step.vendorId} onChange={(vendorId) => edit("vendorId", { vendorId })} groups={vendorGroups} placeholder="Choose a vendor" noMatchText="No vendor matches" />
                )}
              </FieldShell>
            )}
          </div>
          <fieldset>
            <legend className="text-sm font-medium text-slate-700">Depends on</legend>
            {steps.length <= 1 ? (
              <p className="mt-1 text-sm text-slate-500">Add more steps to make this one wait for another.</p>
            ) : (
              <ul className="mt-1 space-y-1">
                {steps.map((other, index) =>
                  other.key === step.key ? null : (
                    <li key={other.key}>
                      <label className="flex items-center gap-2 text-sm text-slate-800">
                        <input
                          type="checkbox"
                          className="size-4 rounded border-slate-300"
                          checked={step.dependsOnKeys.includes(other.key)}
                          onChange={(e) =>
                            edit("dependsOn", { dependsOnKeys: e.target.checked ? [...step.dependsOnKeys, other.key] : step.dependsOnKeys.filter((k) => k !== other.key) })
                          }
                        />
                        Step {index + 1}: {other.title || "Untitled step"}
                      </label>
                    </li>
                  ),
                )}
              </ul>
            )}
            <FieldMessage message={issue("dependsOn")} />
          </fieldset>
          <Checkbox label="Available for pickup (when the task has no assignee)" checked={step.availableForPickup} onChange={(e) => onChange({ availableForPickup: e.target.checked })} />
          <div>
            <span className="block text-sm font-medium text-slate-700">Checklist</span>
            <div className="mt-1">
              <ChecklistEditor items={step.checklist} onChange={(checklist) => onChange({ checklist })} />
            </div>
            {step.checklist.length > 0 && (
              <Checkbox
                className="mt-2"
                label="Required: the task cannot be completed until every item is ticked"
                checked={step.checklistRequired}
                onChange={(e) => onChange({ checklistRequired: e.target.checked })}
              />
            )}
          </div>
        </div>
      )}
    </Dialog>
  );
}

/** The step's fields are laid out as the task form's: errors announced as they appear. */
const stepField = { className: "space-y-1", announce: true } as const;
