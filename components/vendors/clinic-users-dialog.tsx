"use client";

import { useState } from "react";
import { NewCode } from "@/components/auth/invitations-card";
import { Badge, type BadgeVariant } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field, Form, applyServerErrors, useZodForm } from "@/components/ui/form";
import { Spinner } from "@/components/ui/spinner";
import { toastError } from "@/components/ui/use-toast";
import { serverMessageOf } from "@/lib/api-client";
import { formatViewerDate } from "@/lib/dates/viewer";
import { useClinicUsers, useInviteClinicUser, type ClinicUsers, type Vendor } from "@/lib/queries/vendors";
import { createClinicInvitationSchema } from "@/lib/validations/clinics";
import type { z } from "zod";

const STATUS_BADGE: Record<string, BadgeVariant> = { pending: "accent", used: "success", revoked: "neutral", expired: "warning" };

function UsersList({ users }: { users: ClinicUsers["users"] }) {
  if (users.length === 0) return <p className="mt-2 text-sm text-slate-500">Nobody signs in for this clinic yet.</p>;
  return (
    <ul className="mt-1 divide-y divide-slate-100" aria-label="Clinic users">
      {users.map((u) => (
        <li key={u.id} className="flex flex-wrap items-center gap-x-2 gap-y-1 py-2 text-sm" data-testid="clinic-user-row">
          <span className="font-medium text-slate-900">{u.name}</span>
          <span className="min-w-0 break-all text-slate-500">{u.email}</span>
          {!u.isActive && <Badge variant="danger">Inactive</Badge>}
        </li>
      ))}
    </ul>
  );
}

function InvitationsList({ invitations }: { invitations: ClinicUsers["invitations"] }) {
  if (invitations.length === 0) return <p className="mt-2 text-sm text-slate-500">No invitations yet.</p>;
  return (
    <ul className="mt-1 divide-y divide-slate-100" aria-label="Clinic invitations">
      {invitations.map((i) => (
        <li key={i.id} className="py-2 text-sm" data-testid="clinic-invitation-row">
          <p className="flex flex-wrap items-center gap-2">
            <span className="min-w-0 font-medium break-all text-slate-900">{i.email ?? "Anyone with the code"}</span>
            <Badge variant={STATUS_BADGE[i.status] ?? "neutral"}>{i.status}</Badge>
          </p>
          <p className="mt-0.5 text-slate-500">
            Sent {formatViewerDate(i.createdAt)}
            {i.status === "pending" ? ` · expires ${formatViewerDate(i.expiresAt)}` : ""}
          </p>
        </li>
      ))}
    </ul>
  );
}

/**
 * A clinic's portal users (admins): who signs in for the clinic, its invitations, and an
 * invitation by e-mail. The API answers with the code, never stored in the clear, so it is shown
 * here once, with the same card (and sign-up link) as a member's invitation.
 */
export function ClinicUsersDialog({ open, onClose, clinic }: { open: boolean; onClose: () => void; clinic: Vendor }) {
  const list = useClinicUsers(clinic.id);
  const invite = useInviteClinicUser(clinic.id);
  const [newCode, setNewCode] = useState<string | null>(null);
  const form = useZodForm(createClinicInvitationSchema, { defaultValues: { email: "" } });

  const submit = (data: z.output<typeof createClinicInvitationSchema>) => {
    invite.mutate(data, {
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
    <Dialog open={open} onClose={onClose} size="lg" title={`Portal users of ${clinic.name}`} description="The clinic's own people sign in at /clinic to request pickups and read their cases and statements.">
      <div className="space-y-5">
        {newCode ? <NewCode code={newCode} onDone={() => setNewCode(null)} /> : null}
        <Form form={form} onSubmit={submit} className="space-y-3" aria-label="Invite a clinic user">
          <Field id="clinic-invite-email" name="email" type="email" label="Their e-mail" autoComplete="off" hint="Only this address can register with the code; the account belongs to this clinic." required />
          <div className="sm:flex sm:justify-end">
            <Button type="submit" isLoading={invite.isPending} className="w-full sm:w-auto">
              Invite a clinic user
            </Button>
          </div>
        </Form>
        {list.isPending ? (
          <div className="flex justify-center py-6">
            <Spinner />
          </div>
        ) : list.isError ? (
          <p className="text-sm text-red-600" role="alert">
            Could not load the clinic&apos;s users: {serverMessageOf(list.error)}
          </p>
        ) : (
          <>
            <section aria-label="Users">
              <h3 className="text-sm font-semibold text-slate-900">Users</h3>
              <UsersList users={list.data.users} />
            </section>
            <section aria-label="Invitations">
              <h3 className="text-sm font-semibold text-slate-900">Invitations</h3>
              <InvitationsList invitations={list.data.invitations} />
            </section>
          </>
        )}
      </div>
    </Dialog>
  );
}
