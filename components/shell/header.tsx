"use client";

import { useState, type ReactNode } from "react";
import dynamic from "next/dynamic";
import { AlertBell, UnreadAlertsDot } from "@/components/alerts/alert-bell";
import { useAlertListFollowsCount } from "@/lib/queries/alerts";
import { PunchControls } from "@/components/punch/punch-controls";
import { useCurrentUser, type CurrentUser } from "@/lib/queries/auth";
import { usePunchStatus, type PunchStatus } from "@/lib/queries/punch";
import { LiveHeaderWidget } from "./live-header-widget";
import { MenuIcon } from "./icons";
import { LogoutButton } from "./logout-button";
import { PaletteButton } from "./shortcuts/palette-button";
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
  /**
   * The parts that never change in the browser, rendered on the server (./header-parts.tsx) so
   * their markup is not in every page's first-load script: the skip link, the logo, and the
   * desktop navigation's row.
   */
  skipLink: ReactNode;
  logo: ReactNode;
  navRow: ReactNode;
}

/**
 * The signed-in header (spec §1, §2). Desktop (lg and up) has two rows, so everything the spec
 * puts in the header shows from 1024 px on: the logo with company name and tagline, the widget
 * beside it, punch controls, the person (avatar, full name, "(role)") and Logout in the first;
 * Dashboards ▾ / Available Tasks / Beta Issues / Settings ▾ in the second. Small screens: menu
 * button, logo with "BFS Tasks", the widget from 640 px, punch controls and the avatar;
 * everything else is in the left slide-out. The right-hand group keeps room for a bell.
 */
export function Header({ initialUser, initialPunchStatus, timeZone, skipLink, logo, navRow }: HeaderProps) {
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
      {skipLink}
      <div className="mx-auto flex h-14 max-w-screen-2xl items-center gap-1.5 px-2 sm:gap-2 sm:px-4 lg:h-16 lg:gap-4 lg:px-6" data-testid="header-bar">
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

        {logo}

        {/* Beside the logo from 640 px; phones get it in the slide-out. */}
        <div className="hidden sm:block">
          <LiveHeaderWidget timeZone={timeZone} />
        </div>

        <div className="flex-1" />

        {/* Below 1024 px the buttons keep their width and the logo's short title gives way (HeaderLogo). */}
        <div className="flex min-w-0 items-center gap-1.5 max-lg:shrink-0 sm:gap-2" data-testid="header-person">
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

      {navRow}

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
