import { ForcedPasswordChange } from "@/components/auth/lazy-auth-forms";
import type { Caller } from "@/lib/auth/resolve-caller";
import { BUSINESS_TIME_ZONE } from "@/lib/business-time";
import { callerToUser } from "@/lib/queries/auth";
import { FloatingActions } from "./floating-actions";
import { Header } from "./header";
import { PrefetchMainPages } from "./prefetch-main-pages";
import { ScreenTransition } from "./screen-transition";

/**
 * The signed-in frame: header, the page in a 300 ms transition, the floating action button
 * and the delayed prefetch. Used by app/(app)/layout.tsx and by app/page.tsx (the dashboard at
 * / lives outside the route group because / is also the login page).
 */
export function AppShell({ caller, children }: { caller: Caller; children: React.ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <Header initialUser={callerToUser(caller)} timeZone={BUSINESS_TIME_ZONE} />
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-screen-2xl flex-1 px-3 pb-24 pt-4 focus:outline-none sm:px-4 sm:pt-6 lg:px-6">
        <ScreenTransition>{caller.mustChangePassword ? <ForcedPasswordChange /> : children}</ScreenTransition>
      </main>
      <FloatingActions />
      <PrefetchMainPages role={caller.role} signInId={caller.sessionId ?? caller.userId} />
    </div>
  );
}
