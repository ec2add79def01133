"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast";
import { displayName, useRegister } from "@/lib/queries/auth";
import { registerSchema } from "@/lib/validations/auth";
import { Field, issuesToErrors } from "./field";
import { punchRedirectTarget, type RedirectParams } from "./punch-redirect";
import { fieldErrorsOf, serverMessage } from "./server-message";

/**
 * Registration with an invitation code (the first account on an empty database needs none and
 * becomes the admin). Toasts of spec §8: "Welcome!" / "Account created for {name}", "Registration failed".
 */
export function RegisterForm({ invitationCode, redirectParams }: { invitationCode: string; redirectParams: RedirectParams }) {
  const router = useRouter();
  const register = useRegister();
  const [errors, setErrors] = useState<Record<string, string>>({});

  const handleSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const values = {
      firstName: String(form.get("firstName") ?? ""),
      lastName: String(form.get("lastName") ?? ""),
      email: String(form.get("email") ?? ""),
      password: String(form.get("password") ?? ""),
      invitationCode: String(form.get("invitationCode") ?? ""),
    };
    const parsed = registerSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(issuesToErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    register.mutate(
      {
        firstName: parsed.data.firstName,
        lastName: parsed.data.lastName,
        email: parsed.data.email,
        password: parsed.data.password,
        // The raw code: the server normalizes case and dashes itself.
        invitationCode: values.invitationCode.trim() || undefined,
      },
      {
        onSuccess: (user) => {
          toast({ title: "Welcome!", description: `Account created for ${displayName(user)}` });
          const target = punchRedirectTarget(redirectParams);
          if (target) {
            router.replace(target);
          } else {
            router.replace("/");
            router.refresh();
          }
        },
        onError: (error) => {
          setErrors(fieldErrorsOf(error));
          toast({ title: "Registration failed", description: serverMessage(error), variant: "destructive" });
        },
      },
    );
  };

  return (
    <form onSubmit={handleSubmit} noValidate className="space-y-4" aria-label="Create account">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="register-first-name" name="firstName" label="First name" autoComplete="given-name" required error={errors.firstName} />
        <Field id="register-last-name" name="lastName" label="Last name" autoComplete="family-name" required error={errors.lastName} />
      </div>
      <Field id="register-email" name="email" type="email" label="Email" autoComplete="email" inputMode="email" required error={errors.email} />
      <Field
        id="register-password"
        name="password"
        type="password"
        label="Password"
        autoComplete="new-password"
        required
        hint="At least 8 characters."
        error={errors.password}
      />
      <Field
        id="register-invitation-code"
        name="invitationCode"
        label="Invitation code"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        defaultValue={invitationCode}
        hint="Ask an administrator for a code. Only the very first account of a new installation needs none."
        error={errors.invitationCode}
      />
      <Button type="submit" className="w-full" isLoading={register.isPending} disabled={register.isSuccess}>
        Create account
      </Button>
    </form>
  );
}
