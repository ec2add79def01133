"use client";

import { useMemo, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field, FieldMessage, Form, applyServerErrors, messageAt, useZodForm } from "@/components/ui/form";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { departmentLabel, groupDepartments } from "@/lib/org/department-groups";
import { useCreateMember, useSetMemberActive, useUpdateMember, type Member } from "@/lib/queries/members";
import { isMemberRole } from "@/lib/auth/roles";
import { useUnits } from "@/lib/queries/org";
import { MEMBER_TYPE_OPTIONS, PAY_TYPE_OPTIONS, ROLE_OPTIONS } from "@/lib/members/options";
import { createMemberSchema, type CreateMemberData } from "@/lib/validations/members";
import { NEW_PASSWORD_HINT } from "@/lib/validations/auth";
import { showError, showSuccess } from "@/components/org/feedback";
import { orgField } from "@/components/org/form-layout";
import { GroupedCombobox } from "@/components/org/grouped-combobox";


/** Chosen units as removable chips plus a grouped type-ahead to add more. */
function UnitsField({ value, onChange }: { value: string[]; onChange: (ids: string[]) => void }) {
  const units = useUnits();
  const byId = useMemo(() => new Map((units.data ?? []).map((u) => [u.id, u])), [units.data]);
  const groups = useMemo(
    () =>
      groupDepartments((units.data ?? []).filter((u) => !value.includes(u.id))).map(({ group, units: list }) => ({
        group,
        options: list.map((u) => ({ value: u.id, label: departmentLabel(u, true) })),
      })),
    [units.data, value],
  );
  return (
    <div className="space-y-2">
      {value.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label="Chosen units">
          {value.map((id) => {
            const name = byId.get(id)?.name ?? "Unknown unit";
            return (
              <li key={id}>
                <Badge variant="accent" className="gap-1 py-1">
                  {name}
                  <button type="button" onClick={() => onChange(value.filter((v) => v !== id))} aria-label={`Remove unit ${name}`} className="ml-0.5 rounded text-indigo-500 hover:text-indigo-900">
                    ×
                  </button>
                </Badge>
              </li>
            );
          })}
        </ul>
      )}
      <GroupedCombobox id="member-units" value={null} onChange={(id) => id && onChange([...value, id])} groups={groups} placeholder="Add a unit…" resetOnSelect noMatchText="No unit matches" />
    </div>
  );
}

/** Create or edit a member. Creating sets a temporary password the member must change at first sign-in. */
export function MemberFormDialog({ open, onClose, member }: { open: boolean; onClose: () => void; member?: Member | null }) {
  const create = useCreateMember();
  const update = useUpdateMember();
  const form = useZodForm(createMemberSchema, {
    defaultValues: {
      firstName: member?.firstName ?? "",
      lastName: member?.lastName ?? "",
      email: member?.email ?? "",
      phone: member?.phone ?? "",
      role: member && isMemberRole(member.role) ? member.role : "staff",
      memberType: member?.memberType ?? "employee",
      payrollId: member?.payrollId ?? "",
      // A volunteer has none; the member type is the source of truth (resolvePayType on the server).
      payType: member ? member.payType ?? null : "hourly",
      unitIds: member?.units.map((u) => u.id) ?? [],
      temporaryPassword: "",
    },
  });
  const unitIds = (form.watch("unitIds") ?? []) as string[];
  const isVolunteer = form.watch("memberType") === "volunteer";
  const [issued, setIssued] = useState<{ name: string; email: string; password: string } | null>(null);

  const submit = async (data: CreateMemberData) => {
    const { temporaryPassword, ...fields } = data;
    try {
      if (member) {
        await update.mutateAsync({ id: member.id, ...fields });
        showSuccess("Member updated", `${fields.firstName} ${fields.lastName}`);
        onClose();
      } else {
        const result = await create.mutateAsync({ ...fields, temporaryPassword });
        showSuccess("Member created", `${fields.firstName} ${fields.lastName} must choose a new password at first sign-in.`);
        if (result.temporaryPassword) setIssued({ name: `${fields.firstName} ${fields.lastName}`, email: fields.email, password: result.temporaryPassword });
        else onClose();
      }
    } catch (error) {
      applyServerErrors(form, error);
      showError(error, member ? "Could not update the member" : "Could not create the member");
    }
  };

  if (issued) {
    return (
      <Dialog open={open} onClose={onClose} title="Temporary password" description={`Give ${issued.name} this password. They must choose their own when they first sign in.`} footer={<Button onClick={onClose}>Done</Button>}>
        <dl className="space-y-2 text-sm">
          <div>
            <dt className="text-slate-500">Email</dt>
            <dd className="font-medium text-slate-900">{issued.email}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Temporary password</dt>
            <dd className="mt-1 rounded-md bg-slate-100 px-3 py-2 font-mono text-base tracking-wider text-slate-900 select-all" data-testid="temporary-password">
              {issued.password}
            </dd>
          </div>
        </dl>
        <p className="mt-3 text-xs text-slate-500">It is shown only now and is not stored in readable form.</p>
      </Dialog>
    );
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      size="lg"
      title={member ? `Edit ${member.firstName} ${member.lastName}` : "New member"}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="member-form" isLoading={create.isPending || update.isPending}>
            {member ? "Save changes" : "Create member"}
          </Button>
        </>
      }
    >
      <Form form={form} onSubmit={submit} id="member-form" className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field {...orgField} name="firstName" id="member-firstName" label="First name" autoFocus autoComplete="off" required markRequired />
          <Field {...orgField} name="lastName" id="member-lastName" label="Last name" autoComplete="off" required markRequired />
          <Field {...orgField} name="email" id="member-email" label="Email" type="email" autoComplete="off" required markRequired />
          <Field {...orgField} name="phone" id="member-phone" label="Phone" type="tel" autoComplete="off" />
          <Field {...orgField} name="role" id="member-role" label="Role">
            {(control) => (
              <Select id={control.id} {...form.register("role")}>
                {ROLE_OPTIONS.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field {...orgField} name="memberType" id="member-memberType" label="Member type">
            {(control) => (
              <Select
                id={control.id}
                {...form.register("memberType", {
                  // Volunteers are not paid: choosing one clears the pay type, choosing a paid type restores one.
                  onChange: (e: { target: { value: string } }) =>
                    form.setValue("payType", e.target.value === "volunteer" ? null : (form.getValues("payType") ?? "hourly"), { shouldDirty: true }),
                })}
              >
                {MEMBER_TYPE_OPTIONS.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field {...orgField} name="payrollId" id="member-payrollId" label="Payroll ID" autoComplete="off" placeholder="As in your payroll provider" />
          <Field {...orgField} name="payType" id="member-payType" label="Pay type">
            {(control) =>
              isVolunteer ? (
                <Select id={control.id} disabled defaultValue="none" aria-describedby="member-payType-note">
                  <option value="none">None</option>
                </Select>
              ) : (
                <Select id={control.id} {...form.register("payType")}>
                  {PAY_TYPE_OPTIONS.map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </Select>
              )
            }
          </Field>
          {isVolunteer ? (
            <p id="member-payType-note" className="text-xs text-slate-600 sm:col-span-2" data-testid="member-payType-note">
              Volunteers are not paid: they have no pay type, and payroll exports can leave them out.
            </p>
          ) : null}
        </div>
        <div>
          <Label htmlFor="member-units">Units</Label>
          <div className="mt-1">
            <UnitsField value={unitIds} onChange={(ids) => form.setValue("unitIds", ids, { shouldDirty: true })} />
          </div>
          <FieldMessage message={messageAt(form.formState.errors, "unitIds")} className="mt-1" />
        </div>
        {!member && (
          <div>
            <Field
              {...orgField}
              name="temporaryPassword"
              id="member-temporaryPassword"
              label="Temporary password"
              type="text"
              autoComplete="new-password"
              placeholder="Leave blank to generate one"
            />
            <p className="mt-1 text-xs text-slate-500">The member must choose a new password at first sign-in. {NEW_PASSWORD_HINT}</p>
          </div>
        )}
      </Form>
    </Dialog>
  );
}

/** Deactivate (ends their sessions; history stays) or reactivate. */
export function MemberActiveDialog({ open, onClose, member }: { open: boolean; onClose: () => void; member: Member }) {
  const setActive = useSetMemberActive();
  const name = `${member.firstName} ${member.lastName}`;
  const deactivating = member.isActive;
  const confirm = async () => {
    try {
      await setActive.mutateAsync({ id: member.id, isActive: !deactivating });
      showSuccess(deactivating ? "Member deactivated" : "Member reactivated", deactivating ? `${name} can no longer sign in.` : `${name} can sign in again.`);
      onClose();
    } catch (error) {
      showError(error, deactivating ? "Could not deactivate the member" : "Could not reactivate the member");
    }
  };
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={deactivating ? `Deactivate ${name}?` : `Reactivate ${name}?`}
      description={
        deactivating
          ? "They are signed out everywhere and can no longer sign in. Their tasks, punches and history stay."
          : "They can sign in again with their existing password."
      }
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button variant={deactivating ? "destructive" : "primary"} onClick={confirm} isLoading={setActive.isPending}>
            {deactivating ? "Deactivate" : "Reactivate"}
          </Button>
        </>
      }
    />
  );
}
