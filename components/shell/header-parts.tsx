import Link from "next/link";
import { COMPANY_NAME, COMPANY_TAGLINE, SHORT_TITLE } from "@/lib/constants";
import { DesktopNav } from "./desktop-nav";
import { LogoMark } from "./icons";
import type { HeaderNav } from "./nav-config";

/**
 * The header's parts that never change in the browser, as server components: AppShell renders
 * them and hands them to the client Header as slots, so their markup travels as HTML and not in
 * every page's first-load script.
 */

export function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:shadow"
    >
      Skip to content
    </a>
  );
}

/**
 * The logo, home: company name and tagline from 1024 px, "BFS Tasks" below. On a narrow phone the
 * short title gives way first (it truncates) when the punch button says more than "Punch In"
 * ("Error loading" offline, "Punch Out" with its timer), so the header never overflows.
 */
export function HeaderLogo() {
  return (
    <Link href="/" className="flex min-w-0 shrink items-center gap-2 rounded-md focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500">
      <LogoMark className="size-8 shrink-0" />
      <span className="hidden leading-tight lg:block">
        <span className="block text-sm font-semibold text-slate-900" data-testid="company-name">
          {COMPANY_NAME}
        </span>
        <span className="block text-xs text-slate-500" data-testid="company-tagline">
          {COMPANY_TAGLINE}
        </span>
      </span>
      <span className="truncate text-base font-semibold text-slate-900 lg:hidden" data-testid="short-title">
        {SHORT_TITLE}
      </span>
    </Link>
  );
}

/** The desktop navigation's row (lg and up): Dashboards ▾, Available Tasks, Beta Issues, Settings ▾. */
export function HeaderNavRow({ nav }: { nav: HeaderNav }) {
  return (
    <div className="hidden border-t border-slate-100 lg:block">
      <div className="mx-auto flex h-11 max-w-screen-2xl items-center px-4 lg:px-5">
        <DesktopNav nav={nav} />
      </div>
    </div>
  );
}
