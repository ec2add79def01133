"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast";
import { displayName, useLogin } from "@/lib/queries/auth";
import { loginSchema } from "@/lib/validations/auth";
import { Field, issuesToErrors } from "./field";
import { punchRedirectTarget, type RedirectParams } from "./punch-redirect";
import { serverMessage } from "./server-message";

/** Email, password, Sign in; the spec's toasts (§8); then the dashboard or the punch page. */
export function LoginForm({ redirectParams }: { redirectParams: RedirectParams }) {
  const router = useRouter();
  const login = useLogin();
  const [errors, setErrors] = useState<Record<string, string>>({});

  const handleSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const parsed = loginSchema.safeParse({ email: String(form.get("email") ?? ""), password: String(form.get("password") ?? "") });
    if (!parsed.success) {
      setErrors(issuesToErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    login.mutate(
      { email: parsed.data.email, password: parsed.data.password },
      {
        onSuccess: (user) => {
          toast({ title: "Welcome back!", description: `Logged in as ${displayName(user)}` });
          const target = punchRedirectTarget(redirectParams);
          if (target) {
            router.replace(target);
          } else {
            // / re-renders on the server as the dashboard now that the session cookie is set.
            router.replace("/");
            router.refresh();
          }
        },
        onError: (error) => {
          toast({ title: "Login failed", description: serverMessage(error), variant: "destructive" });
        },
      },
    );
  };

  return (
    <form onSubmit={handleSubmit} noValidate className="space-y-4" aria-label="Sign in">
      <Field id="login-email" name="email" type="email" label="Email" autoComplete="email" inputMode="email" required error={errors.email} />
      <Field id="login-password" name="password" type="password" label="Password" autoComplete="current-password" required error={errors.password} />
      <Button type="submit" className="w-full" isLoading={login.isPending} disabled={login.isSuccess}>
        Sign in
      </Button>
    </form>
  );
}
