"use client";

import { useState } from "react";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { Badge, type BadgeVariant } from "@/components/ui/badge";
import { Select } from "@/components/ui/select";
import { toast, toastError } from "@/components/ui/use-toast";
import { useCreateInvitation, useInvitations, useRevokeInvitation } from "@/lib/queries/account";
import type { Invitation } from "@/lib/queries/auth";
import { createInvitationFormSchema, INVITATION_DEFAULT_DAYS, INVITATION_MAX_DAYS } from "@/lib/validations/auth";
import { Field, Form, applyServerErrors, useZodForm } from "@/components/ui/form";
import { serverMessageOf } from "@/lib/api-client";
import { formatViewerDate } from "@/lib/dates/viewer";

const STATUS_BADGE: Record<Invitation["status"], BadgeVariant> = {
  pending: "accent",
  used: "success",
  revoked: "neutral",
  expired: "warning",
};

function formatDate(iso: string) {
  return formatViewerDate(iso);
}

/** The code, shown once after creation, with copy buttons for the code and a ready-made sign-up link (also the clinic portal's invitations). */
export function NewCode({ code, onDone }: { code: string; onDone: () => void }) {
  const link = typeof window === "undefined" ? "" : `${window.location.origin}/?mode=register&code=${encodeURIComponent(code)}`;
  const copy = async (text: string, what: string) => {
    try {
      await navigator.clipboard.writeText(text);
      toast({ title: "Copied", description: `The ${what} is on your clipboard.` });
    } catch {
      toast({ title: "Copy failed", description: "Select the text and copy it by hand.", variant: "destructive" });
    }
  };
  return (
    <div className="rounded-lg border border-emerald-200 bg-emerald-50 p-4" role="status" data-testid="new-invitation">
      <p className="text-sm font-medium text-emerald-900">Invitation created. Copy the code now: it is shown only once.</p>
      <p className="mt-2 break-all font-mono text-lg tracking-wider text-slate-900" data-testid="invitation-code">
        {code}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button type="button" size="sm" onClick={() => copy(code, "invitation code")}>
          Copy code
        </Button>
        {link ? (
          <Button type="button" size="sm" variant="secondary" onClick={() => copy(link, "sign-up link")}>
            Copy sign-up link
          </Button>
        ) : null}
        <Button type="button" size="sm" variant="ghost" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}

function InvitationRow({ invitation, onRevoke, revoking }: { invitation: Invitation; onRevoke: () => void; revoking: boolean }) {
  const usedBy = invitation.usedBy ? `${invitation.usedBy.firstName} ${invitation.usedBy.lastName}`.trim() : null;
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between" data-testid="invitation-row">
      <div className="min-w-0 text-sm">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-medium text-slate-900">{invitation.email ?? "Anyone with the code"}</span>
          <span className="text-slate-500">as {invitation.role}</span>
          <Badge variant={STATUS_BADGE[invitation.status]}>{invitation.status}</Badge>
        </p>
        <p className="mt-0.5 text-slate-500">
          Created {formatDate(invitation.createdAt)}
          {invitation.status === "pending" ? ` · expires ${formatDate(invitation.expiresAt)}` : ""}
          {usedBy ? ` · used by ${usedBy}` : ""}
        </p>
      </div>
      {invitation.status === "pending" ? (
        <Button type="button" size="sm" variant="secondary" onClick={onRevoke} disabled={revoking} className="self-start sm:self-auto">
          Revoke
        </Button>
      ) : null}
    </li>
  );
}

/**
 * Admins only (the server enforces it too): invite one person with a code (optionally bound to
 * an email and a role), see the invitations and revoke unused ones. The members screens of a
 * later issue extend this.
 */
export function InvitationsCard() {
  const invitations = useInvitations();
  const create = useCreateInvitation();
  const revoke = useRevokeInvitation();
  const [newCode, setNewCode] = useState<string | null>(null);
  const form = useZodForm(createInvitationFormSchema, { defaultValues: { email: "", role: "staff", expiresInDays: String(INVITATION_DEFAULT_DAYS) } });

  const submit = (data: z.output<typeof createInvitationFormSchema>) => {
    create.mutate(data, {
      onSuccess: (result) => {
        form.reset();
        setNewCode(result.code);
      },
      onError: (error) => {
        applyServerErrors(form, error);
        toastError(error, { title: "Invitation failed" });
      },
    });
  };

  return (
    <div className="space-y-5">
      {newCode ? <NewCode code={newCode} onDone={() => setNewCode(null)} /> : null}
      <Form form={form} onSubmit={submit} className="grid gap-4 sm:grid-cols-[1fr_auto_auto] sm:items-start" aria-label="Create invitation">
        <Field id="invitation-email" name="email" type="email" label="Email (optional)" autoComplete="off" hint="Only this address may use the code." />
        <Field name="role" id="invitation-role" label="Role">
          {(control) => (
            <Select id={control.id} {...form.register("role")}>
              <option value="staff">staff</option>
              <option value="manager">manager</option>
              <option value="admin">admin</option>
            </Select>
          )}
        </Field>
        <Field name="expiresInDays" id="invitation-days" label="Valid for">
          {(control) => (
            <Select id={control.id} {...form.register("expiresInDays")}>
              {[1, 3, INVITATION_DEFAULT_DAYS, 14, INVITATION_MAX_DAYS].map((days) => (
                <option key={days} value={days}>
                  {days} day{days === 1 ? "" : "s"}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <div className="sm:col-span-3 sm:flex sm:justify-end">
          <Button type="submit" isLoading={create.isPending} className="w-full sm:w-auto">
            Create invitation code
          </Button>
        </div>
      </Form>

      <div>
        <h3 className="text-sm font-semibold text-slate-900">Invitations</h3>
        {invitations.isPending ? (
          <p className="mt-2 text-sm text-slate-500">Loading invitations…</p>
        ) : invitations.isError ? (
          <p className="mt-2 text-sm text-red-600" role="alert">
            Could not load invitations: {serverMessageOf(invitations.error)}
          </p>
        ) : invitations.data.items.length === 0 ? (
          <p className="mt-2 text-sm text-slate-500">No invitations yet.</p>
        ) : (
          <ul className="divide-y divide-slate-100" aria-label="Invitations">
            {invitations.data.items.map((invitation) => (
              <InvitationRow
                key={invitation.id}
                invitation={invitation}
                revoking={revoke.isPending && revoke.variables === invitation.id}
                onRevoke={() =>
                  revoke.mutate(invitation.id, {
                    onSuccess: () => toast({ title: "Invitation revoked", description: "The code can no longer be used." }),
                    onError: (error) => toastError(error, { title: "Revoke failed" }),
                  })
                }
              />
            ))}
          </ul>
        )}
        {invitations.data?.nextCursor ? <p className="mt-2 text-xs text-slate-500">Showing the 50 most recent invitations.</p> : null}
      </div>
    </div>
  );
}
