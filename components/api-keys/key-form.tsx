"use client";

import { useMemo } from "react";
import { useController, useFormContext } from "react-hook-form";
import { GroupedCombobox } from "@/components/org/grouped-combobox";
import { Dialog } from "@/components/ui/dialog";
import { Field, FieldMessage, Form, applyServerErrors, useZodForm } from "@/components/ui/form";
import { FormActions } from "@/components/ui/form-actions";
import { toast, toastError } from "@/components/ui/use-toast";
import { API_SCOPE_LABELS, API_SCOPES } from "@/lib/api-keys/scopes";
import { useCreateApiKey, useUpdateApiKey } from "@/lib/queries/api-keys";
import { createApiKeySchema, updateApiKeySchema, type ApiKeyView } from "@/lib/validations/api-keys";
import type { MemberOption } from "./api-keys-screen";

/** The scope checkboxes of the create and edit forms (a fieldset; the error under it). */
export function ScopeFields() {
  const form = useFormContext<{ scopes: string[] }>();
  const error = form.formState.errors.scopes?.message ?? (form.formState.errors.scopes as { root?: { message?: string } } | undefined)?.root?.message;
  return (
    <fieldset className="space-y-2" aria-describedby={error ? "scopes-error" : undefined}>
      <legend className="text-sm font-medium text-slate-900">Scopes</legend>
      <div className="grid gap-1.5 sm:grid-cols-2">
        {API_SCOPES.map((scope) => (
          <label key={scope} className="flex items-start gap-2 text-sm text-slate-800">
            <input type="checkbox" value={scope} className="mt-0.5 size-4 rounded border-slate-300" {...form.register("scopes")} />
            <span>
              <span className="font-mono text-xs">{scope}</span>
              <span className="block text-xs text-slate-500">{API_SCOPE_LABELS[scope]}</span>
            </span>
          </label>
        ))}
      </div>
      <FieldMessage id="scopes-error" message={error} />
    </fieldset>
  );
}

/** The member whose permissions the key has: a type-ahead, since an organization can have hundreds. */
function ActingMemberField({ members }: { members: MemberOption[] }) {
  const { field } = useController<{ actingUserId: string }, "actingUserId">({ name: "actingUserId" });
  const groups = useMemo(() => [{ group: "Members", options: members.map((m) => ({ value: m.id, label: m.name, hint: m.role })) }], [members]);
  return (
    <Field name="actingUserId" label="Acting member" hint="The key has this member's permissions and sees what they see. Pick a dedicated integration member, not an administrator.">
      {(control) => (
        <GroupedCombobox id={control.id} invalid={control["aria-invalid"]} value={field.value || null} onChange={(id) => field.onChange(id ?? "")} groups={groups} placeholder="Choose a member" clearable clearLabel="Clear acting member" noMatchText="No member matches" />
      )}
    </Field>
  );
}

/** Creates a key; its secret goes to `onCreated` to be shown once. */
export function CreateKeyDialog({
  open,
  members,
  defaultActingUserId,
  onClose,
  onCreated,
}: {
  open: boolean;
  members: MemberOption[];
  defaultActingUserId: string;
  onClose: () => void;
  onCreated: (secret: string) => void;
}) {
  const create = useCreateApiKey();
  const form = useZodForm(createApiKeySchema, {
    values: { name: "", scopes: [], actingUserId: defaultActingUserId, expiresAt: "", rateLimitPerMinute: 600 },
  });
  const close = () => {
    form.reset();
    onClose();
  };
  return (
    <Dialog open={open} onClose={close} title="Create API key" size="lg">
      <Form
        form={form}
        aria-label="Create API key"
        className="space-y-4"
        onSubmit={(values) =>
          create.mutate(
            { ...values, expiresAt: values.expiresAt ? values.expiresAt.toISOString() : null },
            {
              onSuccess: (result) => {
                form.reset();
                onCreated(result.secret);
              },
              onError: (e) => applyServerErrors(form, e) || toastError(e, { title: "Could not create the key" }),
            },
          )
        }
      >
        <Field name="name" label="Name" required placeholder="e.g. Website intake form" />
        <ScopeFields />
        <ActingMemberField members={members} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field name="expiresAt" label="Expires on (optional)" type="date" />
          <Field name="rateLimitPerMinute" label="Rate limit (requests/min)" type="number" min={1} />
        </div>
        <FormActions submit="Create key" cancel={close} pending={create.isPending} />
      </Form>
    </Dialog>
  );
}

export function EditKeyDialog({ open, apiKey, onClose }: { open: boolean; apiKey: ApiKeyView | null; onClose: () => void }) {
  const update = useUpdateApiKey();
  const form = useZodForm(updateApiKeySchema, {
    values: apiKey ? { name: apiKey.name, scopes: apiKey.scopes as never, rateLimitPerMinute: apiKey.rateLimitPerMinute } : undefined,
  });
  return (
    <Dialog open={open} onClose={onClose} title={`Edit ${apiKey?.name ?? "key"}`} size="lg">
      <Form
        form={form}
        aria-label="Edit API key"
        className="space-y-4"
        onSubmit={(values) =>
          apiKey &&
          update.mutate(
            { id: apiKey.id, ...values },
            {
              onSuccess: () => {
                toast({ title: "API key saved" });
                onClose();
              },
              onError: (e) => applyServerErrors(form, e) || toastError(e, { title: "Could not save the key" }),
            },
          )
        }
      >
        <Field name="name" label="Name" required />
        <ScopeFields />
        <Field name="rateLimitPerMinute" label="Rate limit (requests/min)" type="number" min={1} />
        <FormActions submit="Save" cancel={onClose} pending={update.isPending} />
      </Form>
    </Dialog>
  );
}
