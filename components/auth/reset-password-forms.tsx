"use client";

import { useState } from "react";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast";
import { useConfirmPasswordReset, useRequestPasswordReset } from "@/lib/queries/auth";
import { passwordResetRequestSchema, newPasswordField } from "@/lib/validations/auth";
import { authLinkClass } from "./auth-frame";
import { Field, issuesToErrors } from "./field";
import { serverMessage } from "./server-message";

/** Step 1: ask for a link. The answer is the same whether or not the email has an account. */
export function ResetPasswordRequestForm() {
  const request = useRequestPasswordReset();
  const [error, setError] = useState<string | undefined>();

  const handleSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = passwordResetRequestSchema.safeParse({ email: String(new FormData(event.currentTarget).get("email") ?? "") });
    if (!parsed.success) {
      setError(issuesToErrors(parsed.error.issues).email);
      return;
    }
    setError(undefined);
    request.mutate(parsed.data, {
      onError: (e) => toast({ title: "Request failed", description: serverMessage(e), variant: "destructive" }),
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
    <form onSubmit={handleSubmit} noValidate className="space-y-4" aria-label="Request a password reset link">
      <Field id="reset-email" name="email" type="email" label="Email" autoComplete="email" inputMode="email" required error={error} />
      <Button type="submit" className="w-full" isLoading={request.isPending}>
        Send reset link
      </Button>
    </form>
  );
}

/** Step 2 (?token=...): choose a new password; every session of the account ends. */
export function ResetPasswordConfirmForm({ token }: { token: string }) {
  const confirm = useConfirmPasswordReset();
  const [errors, setErrors] = useState<Record<string, string>>({});

  const handleSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = String(form.get("password") ?? "");
    const repeat = String(form.get("repeat") ?? "");
    const parsed = newPasswordField.safeParse(password);
    const next: Record<string, string> = {};
    if (!parsed.success) next.password = parsed.error.issues[0]?.message ?? "Password is invalid";
    else if (password !== repeat) next.repeat = "The passwords do not match";
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    confirm.mutate(
      { token, password },
      { onError: (e) => toast({ title: "Password reset failed", description: serverMessage(e), variant: "destructive" }) },
    );
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
    <form onSubmit={handleSubmit} noValidate className="space-y-4" aria-label="Choose a new password">
      <Field
        id="reset-new-password"
        name="password"
        type="password"
        label="New password"
        autoComplete="new-password"
        required
        hint="At least 8 characters."
        error={errors.password}
      />
      <Field id="reset-repeat-password" name="repeat" type="password" label="Repeat new password" autoComplete="new-password" required error={errors.repeat} />
      {confirm.isError ? (
        <p className="text-sm text-red-600" role="alert">
          {serverMessage(confirm.error)}{" "}
          <Link href="/reset-password" className={authLinkClass}>
            Request a new link
          </Link>
        </p>
      ) : null}
      <Button type="submit" className="w-full" isLoading={confirm.isPending}>
        Set new password
      </Button>
    </form>
  );
}
