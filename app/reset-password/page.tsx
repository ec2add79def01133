import type { Metadata } from "next";
import Link from "next/link";
import { AuthFrame, authLinkClass } from "@/components/auth/auth-frame";
import { ResetPasswordConfirmForm, ResetPasswordRequestForm } from "@/components/auth/reset-password-forms";

export const metadata: Metadata = { title: "Reset password" };

/** Public (spec §2): request a link by email, or, with ?token=, set the new password. */
export default async function ResetPasswordPage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  const { token: raw } = await searchParams;
  const token = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  const footer = (
    <p>
      Remembered it?{" "}
      <Link href="/" className={authLinkClass}>
        Back to sign in
      </Link>
    </p>
  );

  if (token) {
    return (
      <AuthFrame title="Choose a new password" subtitle="After this, every device signed in to your account is signed out." footer={footer}>
        <ResetPasswordConfirmForm token={token} />
      </AuthFrame>
    );
  }
  return (
    <AuthFrame title="Reset your password" subtitle="Enter your email and we'll send you a link to choose a new password." footer={footer}>
      <ResetPasswordRequestForm />
    </AuthFrame>
  );
}
