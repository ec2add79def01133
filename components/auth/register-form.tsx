"use client";

import { z } from "zod";
import { useMemo } from "react";
import { Button } from "@/components/ui/button";
import { toast, toastError } from "@/components/ui/use-toast";
import { useRegister } from "@/lib/queries/account";
import { displayName } from "@/lib/queries/sign-in";
import { isEmailDomainAllowed } from "@/lib/auth/email-domains";
import type { RegistrationPolicy } from "@/lib/validations/auth";
import { INVITATION_REQUIRED, NEW_PASSWORD_HINT, registerSchema } from "@/lib/validations/auth";
import { addIssues } from "@/lib/validations/form-issues";
import { Field, Form, applyServerErrors, useZodForm } from "@/components/ui/form";
import type { RedirectParams } from "./punch-redirect";
import { useAfterSignIn } from "./use-after-sign-in";

/**
 * The registration form's schema: registerSchema, plus the code this policy asks for (checked
 * with the other fields, so its message shows beside theirs).
 */
function registerFormSchema(registration: RegistrationPolicy) {
  return z.object({ firstName: z.string(), lastName: z.string(), email: z.string(), password: z.string(), invitationCode: z.string() }).transform((values, ctx) => {
    const parsed = registerSchema.safeParse(values);
    const needsCode =
      !registration.firstAccount && !values.invitationCode.trim() && !isEmailDomainAllowed(values.email.trim(), registration.allowedEmailDomains);
    if (!parsed.success || needsCode) {
      const codeIssue = parsed.success ? [] : parsed.error.issues.filter((issue) => issue.path[0] === "invitationCode");
      if (needsCode && codeIssue.length === 0) ctx.addIssue({ code: "custom", path: ["invitationCode"], message: INVITATION_REQUIRED });
      if (!parsed.success) addIssues(ctx, parsed.error.issues);
      return z.NEVER;
    }
    return {
      firstName: parsed.data.firstName,
      lastName: parsed.data.lastName,
      email: parsed.data.email,
      password: parsed.data.password,
      // The raw code: the server normalizes case and dashes itself.
      invitationCode: values.invitationCode.trim() || undefined,
    };
  });
}

/**
 * Registration with an invitation code, or without one for the first account (it becomes the
 * admin) and for an address at ALLOWED_EMAIL_DOMAINS. The form asks for the missing code itself,
 * before the server would. Toasts of spec §8: "Welcome!" / "Account created for {name}", "Registration failed".
 */
export function RegisterForm({
  invitationCode,
  redirectParams,
  registration,
}: {
  invitationCode: string;
  redirectParams: RedirectParams;
  registration: RegistrationPolicy;
}) {
  const afterSignIn = useAfterSignIn(redirectParams);
  const register = useRegister();
  const schema = useMemo(() => registerFormSchema(registration), [registration]);
  const form = useZodForm(schema, { defaultValues: { firstName: "", lastName: "", email: "", password: "", invitationCode } });

  const submit = (data: z.output<typeof schema>) => {
    register.mutate(data, {
      onSuccess: (user) => {
        toast({ title: "Welcome!", description: `Account created for ${displayName(user)}` });
        afterSignIn();
      },
      onError: (error) => {
        applyServerErrors(form, error);
        toastError(error, { title: "Registration failed" });
      },
    });
  };

  return (
    <Form form={form} onSubmit={submit} className="space-y-4" aria-label="Create account">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="register-first-name" name="firstName" label="First name" autoComplete="given-name" required />
        <Field id="register-last-name" name="lastName" label="Last name" autoComplete="family-name" required />
      </div>
      <Field id="register-email" name="email" type="email" label="Email" autoComplete="email" inputMode="email" required />
      <Field
        id="register-password"
        name="password"
        type="password"
        label="Password"
        autoComplete="new-password"
        required
        hint={NEW_PASSWORD_HINT}
      />
      <Field
        id="register-invitation-code"
        name="invitationCode"
        label="Invitation code"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        hint={
          registration.firstAccount
            ? "Not needed for the first account."
            : registration.allowedEmailDomains.length > 0
              ? `Not needed with an address at ${registration.allowedEmailDomains.join(", ")}. Others: ask an administrator for a code.`
              : "Ask an administrator for a code."
        }
      />
      <Button type="submit" className="w-full" isLoading={register.isPending} disabled={register.isSuccess}>
        Create account
      </Button>
    </Form>
  );
}
