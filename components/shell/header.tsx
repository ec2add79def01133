"use client";

import { useState } from "react";
import dynamic from "next/dynamic";
import Link from "next/link";
import { AlertBell, UnreadAlertsDot } from "@/components/alerts/alert-bell";
import { useAlertListFollowsCount } from "@/lib/queries/alerts";
import { PunchControls } from "@/components/punch/punch-controls";
import { useCurrentUser, type CurrentUser } from "@/lib/queries/auth";
import { usePunchStatus, type PunchStatus } from "@/lib/queries/punch";
import { DesktopNav } from "./desktop-nav";
import type { HeaderNav } from "./nav-config";
import { LiveHeaderWidget } from "./live-header-widget";
import { LogoMark, MenuIcon } from "./icons";
import { LogoutButton } from "./logout-button";
import { PaletteButton } from "./shortcuts/palette-button";
import { COMPANY_NAME, COMPANY_TAGLINE, SHORT_TITLE } from "@/lib/constants";
import { Tooltip } from "@/components/ui/tooltip";
import { offlineSafe } from "@/components/ui/offline-safe";
import { useOpenedOnce } from "@/components/ui/use-opened-once";
import { useReturnFocus } from "@/components/ui/return-focus";
import { Avatar, UserBadge } from "./user-badge";

// The slide-out (a dialog with the alerts' disclosure) loads the first time it opens: desktops
// never show it, and it is not needed for a phone's first paint.
const MobileMenu = dynamic(offlineSafe(() => import("./mobile-menu").then((m) => m.MobileMenu)), { ssr: false });

export interface HeaderProps {
  /** The caller the server layout resolved; the live copy in the query cache takes over (name edits). */
  initialUser: CurrentUser;
  /** The punch status the server read with the page (AppShell). */
  initialPunchStatus: { data: PunchStatus; readAt: number };
  timeZone: string;
  /** The desktop navigation's entries for the caller's role (nav-config's `headerNavOf`, on the server). */
  nav: HeaderNav;
}

/**
 * The signed-in header (spec §1, §2). Desktop (lg and up) has two rows, so everything the spec
 * puts in the header shows from 1024 px on: the logo with company name and tagline, the widget
 * beside it, punch controls, the person (avatar, full name, "(role)") and Logout in the first;
 * Dashboards ▾ / Available Tasks / Beta Issues / Settings ▾ in the second. Small screens: menu
 * button, logo with "BFS Tasks", the widget from 640 px, punch controls and the avatar;
 * everything else is in the left slide-out. The right-hand group keeps room for a bell.
 */
export function Header({ initialUser, initialPunchStatus, timeZone, nav }: HeaderProps) {
  const { data } = useCurrentUser({ initialUser });
  // Seeds the shared status query before the widget and the punch button below observe it.
  usePunchStatus({ initialData: initialPunchStatus.data, initialDataUpdatedAt: initialPunchStatus.readAt });
  // The bell's count rides on that poll; its list follows the count (docs/alerts.md).
  useAlertListFollowsCount();
  const user = data ?? initialUser;
  const [menuOpen, setMenuOpen] = useState(false);
  const menuOpened = useOpenedOnce(menuOpen);
  useReturnFocus(menuOpen);

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/80">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:shadow"
      >
        Skip to content
      </a>
      <div className="mx-auto flex h-14 max-w-screen-2xl items-center gap-2 px-3 sm:px-4 lg:h-16 lg:gap-4 lg:px-6" data-testid="header-bar">
        <Tooltip content="Menu">
          <button
            type="button"
            onClick={() => setMenuOpen(true)}
            className="-ml-1 rounded-md p-2 text-slate-600 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 lg:hidden"
            aria-label="Open menu"
            aria-expanded={menuOpen}
          >
            <MenuIcon className="size-6" />
          </button>
        </Tooltip>

        <Link href="/" className="flex min-w-0 shrink-0 items-center gap-2 rounded-md focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500">
          <LogoMark className="size-8 shrink-0" />
          <span className="hidden leading-tight lg:block">
            <span className="block text-sm font-semibold text-slate-900" data-testid="company-name">
              {COMPANY_NAME}
            </span>
            <span className="block text-xs text-slate-500" data-testid="company-tagline">
              {COMPANY_TAGLINE}
            </span>
          </span>
          <span className="text-base font-semibold text-slate-900 lg:hidden" data-testid="short-title">
            {SHORT_TITLE}
          </span>
        </Link>

        {/* Beside the logo from 640 px; phones get it in the slide-out. */}
        <div className="hidden sm:block">
          <LiveHeaderWidget timeZone={timeZone} />
        </div>

        <div className="flex-1" />

        <div className="flex min-w-0 items-center gap-2" data-testid="header-person">
          <PaletteButton />
          <PunchControls />
          <div className="hidden lg:block">
            <AlertBell />
          </div>
          <div className="hidden min-w-0 lg:block">
            <UserBadge firstName={user.firstName} lastName={user.lastName} role={user.role} />
          </div>
          <div className="hidden lg:block">
            <LogoutButton iconOnly />
          </div>
          <Tooltip content="Account menu">
            <button
              type="button"
              onClick={() => setMenuOpen(true)}
              className="relative rounded-full focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 lg:hidden"
              aria-label={`Account menu for ${user.firstName} ${user.lastName}`.trim()}
            >
              <Avatar firstName={user.firstName} lastName={user.lastName} />
              <UnreadAlertsDot />
            </button>
          </Tooltip>
        </div>
      </div>

      <div className="hidden border-t border-slate-100 lg:block">
        <div className="mx-auto flex h-11 max-w-screen-2xl items-center px-4 lg:px-5">
          <DesktopNav nav={nav} />
        </div>
      </div>

      {menuOpened ? (
        <MobileMenu
          open={menuOpen}
          onClose={() => setMenuOpen(false)}
          user={user}
          widget={<LiveHeaderWidget timeZone={timeZone} layout="stacked" />}
        />
      ) : null}
    </header>
  );
}
