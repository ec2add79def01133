"use client";

import { MemberChipPicker } from "./member-chip-picker";

import { useWatch } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field, Form, useZodForm } from "@/components/ui/form";
import { FormActions } from "@/components/ui/form-actions";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { toast, toastError } from "@/components/ui/use-toast";
import { useCreateAlertRule, usePreviewAlertRule, useUpdateAlertRule } from "@/lib/queries/alerts-admin";
import { useMembers } from "@/lib/queries/members";
import { useUnits } from "@/lib/queries/org";
import {
  ALERT_KIND_LABELS,
  ALERT_KIND_PARAM,
  ALERT_KINDS,
  alertRuleInputSchema,
  type AlertKind,
  type AlertRuleDto,
  type AlertRuleFormValues,
  type AlertRuleInput,
} from "@/lib/validations/alerts";

const DEFAULTS: AlertRuleFormValues = {
  name: "",
  kind: "task_overdue",
  params: { threshold: ALERT_KIND_PARAM.task_overdue.default, criticalThreshold: 0 },
  severity: "warning",
  scope: "everyone",
  scopeUnitId: null,
  scopeUserIds: [],
  notifySubject: true,
  notifyCreator: true,
  notifyManagers: false,
  notifyAdmins: false,
  notifyUserIds: [],
  channelInApp: true,
  channelEmail: false,
  isActive: true,
};

function valuesOf(rule: AlertRuleDto | null): AlertRuleFormValues {
  if (!rule) return DEFAULTS;
  return {
    name: rule.name,
    kind: rule.kind,
    params: { threshold: rule.params.threshold, criticalThreshold: rule.params.criticalThreshold ?? 0 },
    severity: rule.severity,
    scope: rule.scope,
    scopeUnitId: rule.scopeUnitId,
    scopeUserIds: rule.scopeUserIds,
    notifySubject: rule.notifySubject,
    notifyCreator: rule.notifyCreator,
    notifyManagers: rule.notifyManagers,
    notifyAdmins: rule.notifyAdmins,
    notifyUserIds: rule.notifyUserIds,
    channelInApp: rule.channelInApp,
    channelEmail: rule.channelEmail,
    isActive: rule.isActive,
  };
}

const checkboxClass = "size-4 rounded border-slate-300 text-indigo-600";

/** Create or edit an alert rule, with "Test this rule" (what would fire now; nothing is sent). */
export function RuleFormDialog({ open, rule, onClose }: { open: boolean; rule: AlertRuleDto | null; onClose: () => void }) {
  const form = useZodForm(alertRuleInputSchema, { defaultValues: valuesOf(rule) });
  const create = useCreateAlertRule();
  const update = useUpdateAlertRule();
  const preview = usePreviewAlertRule();
  const units = useUnits();
  const members = useMembers();
  const kind = useWatch({ control: form.control, name: "kind" }) as AlertKind;
  const scope = useWatch({ control: form.control, name: "scope" });
  const notifyUserIds = useWatch({ control: form.control, name: "notifyUserIds" });
  const scopeUserIds = useWatch({ control: form.control, name: "scopeUserIds" });
  const param = ALERT_KIND_PARAM[kind] ?? ALERT_KIND_PARAM.task_overdue;

  const save = (values: AlertRuleInput) => {
    const done = { onSuccess: () => (toast({ title: rule ? "Rule saved" : "Rule created" }), onClose()), onError: (e: unknown) => toastError(e, { title: "Could not save the rule" }) };
    if (rule) update.mutate({ id: rule.id, body: values }, done);
    else create.mutate(values, done);
  };
  const test = form.handleSubmit((values) => preview.mutate(values, { onError: (e) => toastError(e, { title: "Could not test the rule" }) }));

  return (
    <Dialog open={open} onClose={onClose} title={rule ? "Edit alert rule" : "New alert rule"} size="lg">
      <Form form={form} onSubmit={save} aria-label="Alert rule" className="space-y-4">
        <Field name="name" label="Name" required placeholder="Overdue tasks" />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field name="kind" label="Kind">
            {(control) => (
              <Select {...control} {...form.register("kind", { onChange: (e) => form.setValue("params.threshold", ALERT_KIND_PARAM[e.target.value as AlertKind].default) })}>
                {ALERT_KINDS.map((k) => (
                  <option key={k} value={k}>
                    {ALERT_KIND_LABELS[k]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field name="params.threshold" label={`${param.label} (${param.unit})`}>
            {(control) => <Input {...control} type="number" min={0} step="any" inputMode="decimal" {...form.register("params.threshold", { valueAsNumber: true })} />}
          </Field>
          {kind === "task_overdue" ? (
            <Field name="params.criticalThreshold" label="Critical tasks: overdue by more than (hours)" hint="0: as soon as a critical task is late.">
              {(control) => <Input {...control} type="number" min={0} step="any" inputMode="decimal" {...form.register("params.criticalThreshold", { valueAsNumber: true })} />}
            </Field>
          ) : null}
          <Field name="severity" label="Severity">
            {(control) => (
              <Select {...control} {...form.register("severity")}>
                <option value="info">Info</option>
                <option value="warning">Warning</option>
                <option value="critical">Critical</option>
              </Select>
            )}
          </Field>
          <Field name="scope" label="Watches">
            {(control) => (
              <Select {...control} {...form.register("scope")}>
                <option value="everyone">Everyone</option>
                <option value="department">A department</option>
                <option value="members">Specific members</option>
              </Select>
            )}
          </Field>
          {scope === "department" ? (
            <Field name="scopeUnitId" label="Department">
              {(control) => (
                <Select {...control} {...form.register("scopeUnitId", { setValueAs: (v) => (v ? v : null) })}>
                  <option value="">Choose a department</option>
                  {(units.data ?? []).map((u) => (
                    <option key={u.id} value={u.id}>
                      {u.name}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          ) : null}
          {scope === "members" ? (
            <Field name="scopeUserIds" label="Members" hint="Search, then tap a name to add it.">
              {(control) => (
                <MemberChipPicker
                  inputProps={control}
                  value={scopeUserIds ?? []}
                  onChange={(ids) => form.setValue("scopeUserIds", ids, { shouldDirty: true, shouldValidate: form.formState.isSubmitted })}
                  options={(members.data ?? []).map((m) => ({ id: m.id, label: `${m.firstName} ${m.lastName}` }))}
                />
              )}
            </Field>
          ) : null}
        </div>

        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-900">Who is notified</legend>
          <div className="grid gap-2 sm:grid-cols-3">
            {([
              ["notifySubject", "The member it is about"],
              ["notifyCreator", rule ? "The rule's creator" : "You (the rule's creator)"],
              ["notifyManagers", "Their department's managers"],
              ["notifyAdmins", "Admins"],
            ] as const).map(([name, label]) => (
              <label key={name} className="flex items-center gap-2 text-sm text-slate-700">
                <input type="checkbox" className={checkboxClass} {...form.register(name)} />
                {label}
              </label>
            ))}
          </div>
          <Field name="notifyUserIds" label="Also these people" hint="Optional. Search, then tap a name to add it.">
            {(control) => (
              <MemberChipPicker
                inputProps={control}
                value={notifyUserIds ?? []}
                onChange={(ids) => form.setValue("notifyUserIds", ids, { shouldDirty: true, shouldValidate: form.formState.isSubmitted })}
                options={(members.data ?? []).map((m) => ({ id: m.id, label: `${m.firstName} ${m.lastName}` }))}
              />
            )}
          </Field>
        </fieldset>

        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-900">Channels</legend>
          <div className="flex flex-wrap gap-4">
            <label className="flex items-center gap-2 text-sm text-slate-700">
              <input type="checkbox" className={checkboxClass} {...form.register("channelInApp")} />
              In-app (the bell)
            </label>
            <label className="flex items-center gap-2 text-sm text-slate-700">
              <input type="checkbox" className={checkboxClass} {...form.register("channelEmail")} />
              E-mail
            </label>
            <label className="flex items-center gap-2 text-sm text-slate-700">
              <input type="checkbox" className={checkboxClass} {...form.register("isActive")} />
              Active
            </label>
          </div>
          {form.formState.errors.channelInApp?.message ? <p className="text-sm text-red-600">{form.formState.errors.channelInApp.message}</p> : null}
        </fieldset>

        {preview.data ? (
          <section aria-label="Test results" className="rounded-md border border-slate-200 bg-slate-50 p-3" data-testid="rule-preview">
            <p className="text-sm font-medium text-slate-900" aria-live="polite">
              {preview.data.total === 0 ? "Nothing would fire now." : `${preview.data.total} would fire now (nothing was sent):`}
            </p>
            {preview.data.items.length > 0 ? (
              <ul className="mt-2 max-h-48 space-y-1 overflow-y-auto text-sm">
                {preview.data.items.map((item) => (
                  <li key={`${item.subjectId}-${item.occurrence}`} className="break-words text-slate-700">
                    <span className="font-medium text-slate-900">{item.title}</span> — {item.message}
                    {item.memberName && item.subjectType === "task" ? <span className="text-slate-500"> ({item.memberName})</span> : null}
                  </li>
                ))}
              </ul>
            ) : null}
          </section>
        ) : null}

        <FormActions submit={rule ? "Save rule" : "Create rule"} cancel={onClose} pending={create.isPending || update.isPending}>
          <Button variant="secondary" onClick={() => void test()} isLoading={preview.isPending}>
            Test this rule
          </Button>
        </FormActions>
      </Form>
    </Dialog>
  );
}
