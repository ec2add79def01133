"use client";

import { useRouter } from "next/navigation";
import { Card } from "@/components/ui/card";
import { ChangePasswordForm } from "./change-password-form";

/**
 * Shown instead of every signed-in page while the member still has the temporary password an
 * administrator gave them: they choose their own before anything else.
 */
export function ForcedPasswordChange() {
  const router = useRouter();
  return (
    <div className="mx-auto max-w-xl space-y-4">
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Choose your password</h1>
      <p className="text-sm text-slate-600">
        Your administrator created your account with a temporary password. Enter it as the current password and choose a new one to continue.
      </p>
      <Card className="p-4 sm:p-6">
        <ChangePasswordForm onChanged={() => router.refresh()} />
      </Card>
    </div>
  );
}
