"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast";
import { useChangePassword } from "@/lib/queries/auth";
import { changePasswordSchema } from "@/lib/validations/auth";
import { Field, issuesToErrors } from "./field";
import { fieldErrorsOf, serverMessage } from "./server-message";

/** Current password required; other devices are signed out by the server afterwards. */
export function ChangePasswordForm({ onChanged }: { onChanged?: () => void } = {}) {
  const change = useChangePassword();
  const [errors, setErrors] = useState<Record<string, string>>({});

  const handleSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const values = {
      currentPassword: String(form.get("currentPassword") ?? ""),
      newPassword: String(form.get("newPassword") ?? ""),
    };
    const parsed = changePasswordSchema.safeParse(values);
    const next = parsed.success ? {} : issuesToErrors(parsed.error.issues);
    if (parsed.success && values.newPassword !== String(form.get("repeatPassword") ?? "")) next.repeatPassword = "The passwords do not match";
    setErrors(next);
    if (Object.keys(next).length > 0 || !parsed.success) return;
    change.mutate(parsed.data, {
      onSuccess: (result) => {
        formElement.reset();
        toast({ title: "Password changed", description: result.message });
        onChanged?.();
      },
      onError: (error) => {
        setErrors(fieldErrorsOf(error));
        toast({ title: "Password change failed", description: serverMessage(error), variant: "destructive" });
      },
    });
  };

  return (
    <form onSubmit={handleSubmit} noValidate className="space-y-4" aria-label="Change password">
      <Field
        id="password-current"
        name="currentPassword"
        type="password"
        label="Current password"
        autoComplete="current-password"
        required
        error={errors.currentPassword}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          id="password-new"
          name="newPassword"
          type="password"
          label="New password"
          autoComplete="new-password"
          required
          hint="At least 8 characters."
          error={errors.newPassword}
        />
        <Field id="password-repeat" name="repeatPassword" type="password" label="Repeat new password" autoComplete="new-password" required error={errors.repeatPassword} />
      </div>
      <div className="flex justify-end">
        <Button type="submit" isLoading={change.isPending}>
          Change password
        </Button>
      </div>
    </form>
  );
}
