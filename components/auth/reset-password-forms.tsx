"use client";

import type { z } from "zod";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { toastError } from "@/components/ui/use-toast";
import { useConfirmPasswordReset, useRequestPasswordReset } from "@/lib/queries/account";
import { Field, Form, useZodForm } from "@/components/ui/form";
import { NEW_PASSWORD_HINT, passwordResetRequestSchema, resetPasswordFormSchema } from "@/lib/validations/auth";
import { authLinkClass } from "./auth-frame";
import { serverMessageOf } from "@/lib/api-client";

/** Step 1: ask for a link. The answer is the same whether or not the email has an account. */
export function ResetPasswordRequestForm() {
  const request = useRequestPasswordReset();
  const form = useZodForm(passwordResetRequestSchema, { defaultValues: { email: "" } });

  const submit = (data: z.output<typeof passwordResetRequestSchema>) => {
    request.mutate(data, {
      onError: (e) => toastError(e, { title: "Request failed" }),
    });
  };

  if (request.isSuccess) {
    return (
      <div className="space-y-4" role="status">
        <p className="rounded-md bg-emerald-50 px-3 py-3 text-sm text-emerald-800 ring-1 ring-emerald-200">{request.data.message}</p>
        <p className="text-sm text-slate-600">Check your inbox (and the spam folder). The link works once.</p>
      </div>
    );
  }

  return (
    <Form form={form} onSubmit={submit} className="space-y-4" aria-label="Request a password reset link">
      <Field id="reset-email" name="email" type="email" label="Email" autoComplete="email" inputMode="email" required />
      <Button type="submit" className="w-full" isLoading={request.isPending}>
        Send reset link
      </Button>
    </Form>
  );
}

/** Step 2 (?token=...): choose a new password; every session of the account ends. */
export function ResetPasswordConfirmForm({ token }: { token: string }) {
  const confirm = useConfirmPasswordReset();
  const form = useZodForm(resetPasswordFormSchema, { defaultValues: { password: "", repeat: "" } });

  const submit = ({ password }: z.output<typeof resetPasswordFormSchema>) => {
    confirm.mutate({ token, password }, { onError: (e) => toastError(e, { title: "Password reset failed" }) });
  };

  if (confirm.isSuccess) {
    return (
      <div className="space-y-4" role="status">
        <p className="rounded-md bg-emerald-50 px-3 py-3 text-sm text-emerald-800 ring-1 ring-emerald-200">{confirm.data.message}</p>
        <Link href="/" className={authLinkClass}>
          Go to sign in
        </Link>
      </div>
    );
  }

  return (
    <Form form={form} onSubmit={submit} className="space-y-4" aria-label="Choose a new password">
      <Field
        id="reset-new-password"
        name="password"
        type="password"
        label="New password"
        autoComplete="new-password"
        required
        hint={NEW_PASSWORD_HINT}
      />
      <Field id="reset-repeat-password" name="repeat" type="password" label="Repeat new password" autoComplete="new-password" required />
      {confirm.isError ? (
        <p className="text-sm text-red-600" role="alert">
          {serverMessageOf(confirm.error)}{" "}
          <Link href="/reset-password" className={authLinkClass}>
            Request a new link
          </Link>
        </p>
      ) : null}
      <Button type="submit" className="w-full" isLoading={confirm.isPending}>
        Set new password
      </Button>
    </Form>
  );
}
