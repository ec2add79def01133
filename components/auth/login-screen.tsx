import Link from "next/link";
import { AuthFrame, authLinkClass } from "./auth-frame";
import { LoginForm } from "./login-form";
import type { RedirectParams } from "./punch-redirect";
import { RegisterForm } from "./register-form";

/** Keeps redirect=punch (and auto, location) when switching between sign-in and register. */
function hrefWith(params: RedirectParams, extra: Record<string, string>): string {
  const query = new URLSearchParams(extra);
  if (params.redirect) query.set("redirect", params.redirect);
  if (params.auto) query.set("auto", params.auto);
  if (params.location) query.set("location", params.location);
  const text = query.toString();
  return text ? `/?${text}` : "/";
}

/** `/` for a signed-out visitor: sign in, or register with an invitation code (?mode=register&code=...). */
export function LoginScreen({
  mode,
  invitationCode,
  redirectParams,
}: {
  mode: "login" | "register";
  invitationCode: string;
  redirectParams: RedirectParams;
}) {
  const punchNote =
    redirectParams.redirect === "punch" ? (
      <p className="mb-4 rounded-md bg-brand-50 px-3 py-2 text-sm text-brand-700 ring-1 ring-brand-100" role="status">
        Sign in to continue to the punch clock.
      </p>
    ) : null;

  if (mode === "register") {
    return (
      <AuthFrame
        title="Create your account"
        subtitle="Use the invitation code an administrator gave you."
        footer={
          <p>
            Already have an account?{" "}
            <Link href={hrefWith(redirectParams, {})} className={authLinkClass}>
              Sign in
            </Link>
          </p>
        }
      >
        {punchNote}
        <RegisterForm invitationCode={invitationCode} redirectParams={redirectParams} />
      </AuthFrame>
    );
  }

  return (
    <AuthFrame
      title="Sign in to BFS Tasks"
      subtitle="Tasks, projects and the punch clock for the whole team."
      footer={
        <>
          <p>
            <Link href="/reset-password" className={authLinkClass}>
              Forgot your password?
            </Link>
          </p>
          <p>
            Have an invitation code?{" "}
            <Link href={hrefWith(redirectParams, { mode: "register" })} className={authLinkClass}>
              Create an account
            </Link>
          </p>
        </>
      }
    >
      {punchNote}
      <LoginForm redirectParams={redirectParams} />
    </AuthFrame>
  );
}
