"use client";

import { Button } from "@/components/ui/button";
import { toast, toastError } from "@/components/ui/use-toast";
import { useChangePassword } from "@/lib/queries/account";
import { Field, Form, applyServerErrors, useZodForm } from "@/components/ui/form";
import { NEW_PASSWORD_HINT, changePasswordFormSchema, type ChangePasswordInput } from "@/lib/validations/auth";

/** Current password required; other devices are signed out by the server afterwards. */
export function ChangePasswordForm({ onChanged }: { onChanged?: () => void } = {}) {
  const change = useChangePassword();
  const form = useZodForm(changePasswordFormSchema, { defaultValues: { currentPassword: "", newPassword: "", repeatPassword: "" } });

  const submit = (data: ChangePasswordInput) => {
    change.mutate(data, {
      onSuccess: (result) => {
        form.reset();
        toast({ title: "Password changed", description: result.message });
        onChanged?.();
      },
      onError: (error) => {
        applyServerErrors(form, error);
        toastError(error, { title: "Password change failed" });
      },
    });
  };

  return (
    <Form form={form} onSubmit={submit} className="space-y-4" aria-label="Change password">
      <Field
        id="password-current"
        name="currentPassword"
        type="password"
        label="Current password"
        autoComplete="current-password"
        required
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          id="password-new"
          name="newPassword"
          type="password"
          label="New password"
          autoComplete="new-password"
          required
          hint={NEW_PASSWORD_HINT}
        />
        <Field id="password-repeat" name="repeatPassword" type="password" label="Repeat new password" autoComplete="new-password" required />
      </div>
      <div className="flex justify-end">
        <Button type="submit" isLoading={change.isPending}>
          Change password
        </Button>
      </div>
    </Form>
  );
}
