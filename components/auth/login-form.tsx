"use client";

import { Button } from "@/components/ui/button";
import { toast, toastError } from "@/components/ui/use-toast";
import { useLogin } from "@/lib/queries/account";
import { displayName } from "@/lib/queries/sign-in";
import { Field, Form, useZodForm } from "@/components/ui/form";
import { loginSchema, type LoginInput } from "@/lib/validations/auth";
import type { RedirectParams } from "./punch-redirect";
import { useAfterSignIn } from "./use-after-sign-in";

/** Email, password, Sign in; the spec's toasts (§8); then the dashboard or the punch page. */
export function LoginForm({ redirectParams }: { redirectParams: RedirectParams }) {
  const afterSignIn = useAfterSignIn(redirectParams);
  const login = useLogin();
  const form = useZodForm(loginSchema, { defaultValues: { email: "", password: "" } });

  const submit = (data: LoginInput) => {
    login.mutate(
      { email: data.email, password: data.password },
      {
        onSuccess: (user) => {
          toast({ title: "Welcome back!", description: `Logged in as ${displayName(user)}` });
          afterSignIn();
        },
        onError: (error) => {
          toastError(error, { title: "Login failed" });
        },
      },
    );
  };

  return (
    <Form form={form} onSubmit={submit} className="space-y-4" aria-label="Sign in">
      <Field id="login-email" name="email" type="email" label="Email" autoComplete="email" inputMode="email" required />
      <Field id="login-password" name="password" type="password" label="Password" autoComplete="current-password" required />
      <Button type="submit" className="w-full" isLoading={login.isPending} disabled={login.isSuccess}>
        Sign in
      </Button>
    </Form>
  );
}
