"use client";

import { useState } from "react";
import Link from "next/link";
import { PunchControls } from "@/components/punch/punch-controls";
import { useCurrentUser, type CurrentUser } from "@/lib/queries/auth";
import { DesktopNav } from "./desktop-nav";
import { LiveHeaderWidget } from "./live-header-widget";
import { LogoMark, MenuIcon } from "./icons";
import { LogoutButton } from "./logout-button";
import { MobileMenu } from "./mobile-menu";
import { COMPANY_NAME, COMPANY_TAGLINE, SHORT_TITLE } from "@/lib/constants";
import { Avatar, UserBadge } from "./user-badge";

interface HeaderProps {
  /** The caller the server layout resolved; the live copy in the query cache takes over (name edits). */
  initialUser: CurrentUser;
  timeZone: string;
}

/**
 * The signed-in header (spec §2). Desktop (lg and up): logo with company name and tagline, the
 * widget, Dashboards ▾ / Available Tasks / Beta Issues / Settings ▾, punch controls, the person
 * and Logout. Small screens: menu button, logo with "BFS Tasks", punch controls and the avatar;
 * everything else is in the left slide-out.
 */
export function Header({ initialUser, timeZone }: HeaderProps) {
  const { data } = useCurrentUser({ initialUser });
  const user = data ?? initialUser;
  const [menuOpen, setMenuOpen] = useState(false);

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/80">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:shadow"
      >
        Skip to content
      </a>
      <div className="mx-auto flex h-14 max-w-screen-2xl items-center gap-2 px-3 sm:px-4 lg:h-16 lg:gap-3 lg:px-6">
        <button
          type="button"
          onClick={() => setMenuOpen(true)}
          className="-ml-1 rounded-md p-2 text-slate-600 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 lg:hidden"
          aria-label="Open menu"
          aria-expanded={menuOpen}
        >
          <MenuIcon className="size-6" />
        </button>

        <Link href="/" className="flex min-w-0 shrink-0 items-center gap-2 rounded-md focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500">
          <LogoMark className="size-8 shrink-0" />
          <span className="hidden leading-tight lg:block">
            <span className="block text-sm font-semibold text-slate-900" data-testid="company-name">
              {COMPANY_NAME}
            </span>
            <span className="hidden text-xs text-slate-500 xl:block" data-testid="company-tagline">
              {COMPANY_TAGLINE}
            </span>
          </span>
          <span className="text-base font-semibold text-slate-900 lg:hidden" data-testid="short-title">
            {SHORT_TITLE}
          </span>
        </Link>

        {/* Phones get it in the slide-out; below 1360 px the desktop header needs the room for the navigation. */}
        <div className="hidden sm:max-lg:block min-[1360px]:block">
          <LiveHeaderWidget timeZone={timeZone} />
        </div>

        <div className="flex-1" />

        <DesktopNav role={user.role} />

        <div className="flex shrink-0 items-center gap-2">
          <PunchControls />
          <div className="hidden lg:block">
            <UserBadge firstName={user.firstName} lastName={user.lastName} role={user.role} compact />
          </div>
          <div className="hidden lg:block">
            <LogoutButton iconOnly />
          </div>
          <button
            type="button"
            onClick={() => setMenuOpen(true)}
            className="rounded-full focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 lg:hidden"
            aria-label={`Account menu for ${user.firstName} ${user.lastName}`.trim()}
          >
            <Avatar firstName={user.firstName} lastName={user.lastName} />
          </button>
        </div>
      </div>

      <MobileMenu
        open={menuOpen}
        onClose={() => setMenuOpen(false)}
        user={user}
        widget={<LiveHeaderWidget timeZone={timeZone} layout="stacked" />}
      />
    </header>
  );
}
