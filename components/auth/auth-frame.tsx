import Link from "next/link";
import { LogoMark } from "@/components/shell/icons";
import { ScreenTransition } from "@/components/shell/screen-transition";
import { COMPANY_NAME, COMPANY_TAGLINE } from "@/lib/constants";

/**
 * The signed-out frame: brand, a card with the form, and links beneath. Server component. It
 * enters like every screen (ScreenTransition), and so not on the page the browser loaded: the
 * login page starting at opacity 0 had no first contentful paint at all in Chromium.
 */
export function AuthFrame({ title, subtitle, children, footer }: { title: string; subtitle?: string; children: React.ReactNode; footer?: React.ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-b from-brand-50 via-slate-50 to-slate-50">
      <ScreenTransition className="flex flex-1 flex-col">
        <main id="main" className="mx-auto flex w-full max-w-md flex-1 flex-col justify-center px-4 py-10 sm:py-16">
          <Link href="/" className="mx-auto mb-6 flex flex-col items-center gap-3 text-center focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500">
            <LogoMark className="size-12" />
            <span>
              <span className="block text-lg font-semibold text-slate-900">{COMPANY_NAME}</span>
              <span className="block text-sm text-slate-500">{COMPANY_TAGLINE}</span>
            </span>
          </Link>
          <section aria-labelledby="auth-title" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
            <h1 id="auth-title" className="text-xl font-semibold tracking-tight text-slate-900">
              {title}
            </h1>
            {subtitle ? <p className="mt-1 text-sm text-slate-600">{subtitle}</p> : null}
            <div className="mt-6">{children}</div>
          </section>
          {footer ? <div className="mt-6 space-y-2 text-center text-sm text-slate-600">{footer}</div> : null}
        </main>
      </ScreenTransition>
    </div>
  );
}

export const authLinkClass = "font-medium text-brand-700 underline-offset-4 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 rounded";
