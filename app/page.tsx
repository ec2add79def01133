import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { LoginScreen } from "@/components/auth/login-screen";
import { punchRedirectTarget } from "@/components/auth/punch-redirect";
import { RegisterServiceWorker } from "@/components/offline/register-service-worker";
import { AppShell } from "@/components/shell/app-shell";
import { Dashboard } from "@/components/tasks/dashboard";
import { taskFilterOptions } from "@/components/tasks/task-filter-options";
import { getSessionCaller } from "@/lib/auth/next-auth";
import { isClinicRole } from "@/lib/auth/permissions";
import { asInitialData } from "@/lib/queries/initial-data";
import { getPunchPoll } from "@/lib/services/punch/get-punch-status";
import { loadDashboard } from "@/lib/services/tasks/load-dashboard";
import { getRegistrationPolicy } from "@/lib/services/auth/get-registration-policy";
import { getPreferences } from "@/lib/services/auth/preferences";
import { getSsoButton } from "@/lib/services/auth/sso/settings";
import { SsoLinkedToast } from "@/components/auth/sso-linked-toast";
import { SSO_OUTCOMES, type SsoOutcome } from "@/lib/sso/outcomes";

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export async function generateMetadata(): Promise<Metadata> {
  const caller = await getSessionCaller();
  return { title: caller ? "Task List" : "Sign in" };
}

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** `?sso=<reason>` from the single sign-on callback, when it is one it sets. */
const ssoOutcome = (value: string | undefined): SsoOutcome | null => (SSO_OUTCOMES as readonly string[]).includes(value ?? "") ? (value as SsoOutcome) : null;

/**
 * `/`: the dashboard (task list, with My day on top for those who start there: the member's
 * saved choice, else staff) inside the shell when signed in, the login page otherwise
 * (spec §2). A signed-in visitor who arrives with redirect=punch goes on to /punch-authenticated.
 * `view=task-list` opens the Task List for this visit without changing the saved choice.
 */
export default async function HomePage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const caller = await getSessionCaller();
  const redirectParams = {
    redirect: first(params.redirect),
    auto: first(params.auto),
    location: first(params.location),
    v: first(params.v),
    sig: first(params.sig),
  };

  // A clinic user's home is its portal (docs/clinics.md).
  if (caller && isClinicRole(caller.role)) redirect("/clinic");
  if (caller) {
    const target = punchRedirectTarget(redirectParams);
    if (target) redirect(target);
    const preferences = await getPreferences(caller);
    // `?view=task-list` (the links named "Task List", and /tasks) opens the list this once, whatever the saved choice.
    const home = first(params.view) === "task-list" ? "task-list" : preferences.homeView;
    const initial = await loadDashboard(caller, { myDay: home === "my-day" });
    return (
      <AppShell caller={caller} punchStatus={asInitialData(await getPunchPoll(caller))}>
        {/* The installed app starts here: without a signal the service worker opens /offline instead (public/sw.js). */}
        <RegisterServiceWorker scope="/" />
        {ssoOutcome(first(params.sso)) === "linked" ? <SsoLinkedToast provider={(await getSsoButton())?.providerName ?? "your company account"} /> : null}
        <Dashboard initial={initial} home={home} density={preferences.taskListDensity} options={taskFilterOptions()} />
      </AppShell>
    );
  }

  return (
    <LoginScreen
      mode={first(params.mode) === "register" ? "register" : "login"}
      invitationCode={first(params.code) ?? ""}
      redirectParams={redirectParams}
      registration={await getRegistrationPolicy()}
      sso={await getSsoButton()}
      ssoOutcome={ssoOutcome(first(params.sso))}
    />
  );
}
