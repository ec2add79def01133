import { ForcedPasswordChange } from "@/components/auth/lazy-forced-password-change";
import type { Caller } from "@/lib/auth/resolve-caller";
import { BUSINESS_TIME_ZONE } from "@/lib/dates";
import { callerToUser } from "@/lib/queries/auth";
import { FloatingActions } from "./floating-actions";
import { Header, type HeaderProps } from "./header";
import { HeaderLogo, HeaderNavRow, SkipLink } from "./header-parts";
import { headerNavOf } from "./nav-config";
import { PrefetchMainPages } from "./prefetch-main-pages";
import { ScreenTransition } from "./screen-transition";
import { ShortcutLayer } from "./shortcuts/shortcut-layer";

/**
 * The signed-in frame: header, the page in a 300 ms transition, the floating action button,
 * the keyboard layer (shortcuts and the command palette, ./shortcuts) and the delayed prefetch.
 * Used by app/(app)/layout.tsx and by app/page.tsx (the dashboard at / lives outside the route
 * group because / is also the login page). The page reads the punch status with the API's own service (`asInitialData(await getPunchStatus(caller))`), so the
 * header's punch button paints in its real state instead of "Loading…" until the JavaScript and
 * a status request have run.
 */
export function AppShell({ caller, punchStatus, children }: { caller: Caller; punchStatus: HeaderProps["initialPunchStatus"]; children: React.ReactNode }) {
  const nav = headerNavOf(caller.role);
  return (
    <div className="flex min-h-dvh flex-col">
      <Header
        initialUser={callerToUser(caller)}
        initialPunchStatus={punchStatus}
        timeZone={BUSINESS_TIME_ZONE}
        skipLink={<SkipLink />}
        logo={<HeaderLogo />}
        navRow={<HeaderNavRow nav={nav} />}
      />
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-screen-2xl flex-1 px-3 pb-24 pt-4 focus:outline-none sm:px-4 sm:pt-6 lg:px-6">
        <ScreenTransition>{caller.mustChangePassword ? <ForcedPasswordChange /> : children}</ScreenTransition>
      </main>
      <FloatingActions />
      <ShortcutLayer role={caller.role} screens={nav.dashboards} />
      <PrefetchMainPages routes={nav.prefetch} signInId={caller.sessionId ?? caller.userId} />
    </div>
  );
}
