import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";
import type { RegistrationPolicy } from "@/lib/validations/auth";
import { ssoOutcomeMessage, type SsoOutcome } from "@/lib/sso/outcomes";
import { AuthFrame, authLinkClass } from "./auth-frame";
import { LoginForm, RegisterForm } from "./lazy-auth-forms";
import type { RedirectParams } from "./punch-redirect";

/** Keeps redirect=punch (and auto, location) when switching between sign-in and register. */
function hrefWith(params: RedirectParams, extra: Record<string, string>): string {
  const query = new URLSearchParams(extra);
  if (params.redirect) query.set("redirect", params.redirect);
  if (params.auto) query.set("auto", params.auto);
  if (params.location) query.set("location", params.location);
  if (params.v) query.set("v", params.v);
  if (params.sig) query.set("sig", params.sig);
  const text = query.toString();
  return text ? `/?${text}` : "/";
}

/** "bfspets.com" / "bfspets.com or bfsmemorials.com" / "a.com, b.com or c.com". */
function domainList(domains: string[]): string {
  return domains.length <= 1 ? (domains[0] ?? "") : `${domains.slice(0, -1).join(", ")} or ${domains[domains.length - 1]}`;
}

/**
 * How to get an account, said before anyone fills a form (docs/auth.md): the first account of
 * a new installation; an address at the company domain (ALLOWED_EMAIL_DOMAINS); or an invitation
 * code from an administrator.
 */
function RegisterHint({ registration, href }: { registration: RegistrationPolicy; href: string }) {
  if (registration.firstAccount) {
    return (
      <p>
        No accounts yet?{" "}
        <Link href={href} className={authLinkClass}>
          Create the first account
        </Link>{" "}
        (it becomes the administrator).
      </p>
    );
  }
  return (
    <>
      {registration.allowedEmailDomains.length > 0 && (
        <p data-testid="register-domain-hint">
          Work email at {domainList(registration.allowedEmailDomains)}?{" "}
          <Link href={href} className={authLinkClass}>
            Register with it
          </Link>
          , no code needed.
        </p>
      )}
      <p data-testid="register-invitation-hint">
        New here? Ask an administrator for an invitation code (they create one on their My Profile page). Have one?{" "}
        <Link href={href} className={authLinkClass}>
          Create an account
        </Link>
      </p>
    </>
  );
}

/** The company's provider, when an admin has turned single sign-on on (docs/auth.md). */
export interface SsoButton {
  providerName: string;
  required: boolean;
}

/**
 * "Sign in with <provider>" above the password form, and why the last attempt was refused
 * (`/?sso=<reason>`, set by the callback). A plain link: the browser leaves for the provider.
 */
function SsoSignIn({ sso, outcome }: { sso: SsoButton | null; outcome: SsoOutcome | null }) {
  if (!sso && !outcome) return null;
  return (
    <div className="mb-5 space-y-4">
      {outcome && outcome !== "linked" ? (
        <p className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-red-200" role="alert" data-testid="sso-refusal">
          {ssoOutcomeMessage(outcome, sso?.providerName ?? "the company account")}
        </p>
      ) : null}
      {sso ? (
        <>
          {/* A full navigation (an API redirect to the provider), not a client-side page change. */}
          {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
          <a href="/api/auth/sso/start" className={buttonClasses({ variant: "secondary", className: "w-full" })} data-testid="sso-sign-in">
            Sign in with {sso.providerName}
          </a>
          <p className="flex items-center gap-3 text-xs text-slate-500" aria-hidden="true">
            <span className="h-px flex-1 bg-slate-200" />
            {sso.required ? "or, for the break-glass administrator, with a password" : "or with your password"}
            <span className="h-px flex-1 bg-slate-200" />
          </p>
        </>
      ) : null}
    </div>
  );
}

/** `/` for a signed-out visitor: sign in, or register (?mode=register&code=...), as `registration` allows. */
export function LoginScreen({
  mode,
  invitationCode,
  redirectParams,
  registration,
  sso = null,
  ssoOutcome = null,
}: {
  mode: "login" | "register";
  invitationCode: string;
  redirectParams: RedirectParams;
  registration: RegistrationPolicy;
  sso?: SsoButton | null;
  ssoOutcome?: SsoOutcome | null;
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
        subtitle={
          registration.firstAccount
            ? "The first account becomes the administrator."
            : registration.allowedEmailDomains.length > 0
              ? `Use your work email at ${domainList(registration.allowedEmailDomains)}, or the invitation code an administrator gave you.`
              : "Use the invitation code an administrator gave you."
        }
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
        <RegisterForm invitationCode={invitationCode} redirectParams={redirectParams} registration={registration} />
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
          {/* Where single sign-on is required, accounts come from the provider: no registration to offer. */}
          {sso?.required ? null : <RegisterHint registration={registration} href={hrefWith(redirectParams, { mode: "register" })} />}
        </>
      }
    >
      {punchNote}
      <SsoSignIn sso={sso} outcome={ssoOutcome} />
      <LoginForm redirectParams={redirectParams} />
    </AuthFrame>
  );
}
