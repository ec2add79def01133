"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useFirstUse } from "@/components/ui/first-use";
import { ChevronDownIcon } from "./icons";
import { isAnyActive, isLinkActive, type NavEntry } from "./nav-active";
import type { HeaderNav } from "./nav-config";
import type { NavMenuProps } from "./nav-menu";

const buttonBase =
  "inline-flex items-center gap-1 whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium transition-colors focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500";
const buttonIdle = "text-slate-700 hover:bg-slate-100 hover:text-slate-900";
const buttonActive = "bg-brand-50 text-brand-700";

const loadNavMenu = () => import("./nav-menu").then((m) => m.NavMenu);

/** A header dropdown: a plain button of the same look until first use, then Headless UI's Menu (components/ui/first-use). */
function Dropdown(props: Omit<NavMenuProps, "buttonClassName" | "handoff"> & { active: boolean }) {
  const { real: NavMenu, handoff, standInProps } = useFirstUse(loadNavMenu);
  const { active, ...menu } = props;
  const buttonClassName = `${buttonBase} ${active ? buttonActive : buttonIdle}`;
  if (NavMenu) return <NavMenu {...menu} buttonClassName={buttonClassName} handoff={handoff} />;
  return (
    <button type="button" aria-haspopup="menu" aria-expanded="false" className={buttonClassName} {...standInProps}>
      {props.label}
      <ChevronDownIcon className="size-4 opacity-70" />
    </button>
  );
}

/** The desktop header navigation: Dashboards ▾, Available Tasks, Beta Issues, Settings ▾ (spec §2), with the entries the server chose for the role. */
export function DesktopNav({ nav }: { nav: HeaderNav }) {
  const pathname = usePathname() ?? "/";
  const { dashboards, admin, settings, cases, schedule, billing } = nav;
  const availableActive = isLinkActive(pathname, { href: "/available-tasks" });
  const betaActive = isLinkActive(pathname, { href: "/beta-issues", matchSubPaths: true });
  const casesActive = cases ? isLinkActive(pathname, cases) : false;
  // Both /schedule and /schedule/me light the one button, whichever of them it opens.
  const scheduleActive = schedule ? isLinkActive(pathname, { href: "/schedule", matchSubPaths: true }) : false;
  const billingActive = billing ? isLinkActive(pathname, billing) : false;
  const anyActive = (entries: NavEntry[]) => isAnyActive(pathname, entries);

  return (
    <nav aria-label="Main" className="hidden items-center gap-1 lg:flex">
      <Dropdown label="Dashboards" active={anyActive(dashboards)} entries={dashboards} pathname={pathname} anchor="bottom start" />

      <Link
        href="/available-tasks"
        className={`${buttonBase} ${availableActive ? buttonActive : buttonIdle}`}
        aria-current={availableActive ? "page" : undefined}
      >
        Available Tasks
      </Link>
      {cases ? (
        <Link href={cases.href} className={`${buttonBase} ${casesActive ? buttonActive : buttonIdle}`} aria-current={casesActive ? "page" : undefined}>
          {cases.label}
        </Link>
      ) : null}
      {schedule ? (
        <Link href={schedule.href} className={`${buttonBase} ${scheduleActive ? buttonActive : buttonIdle}`} aria-current={scheduleActive ? "page" : undefined}>
          {schedule.label}
        </Link>
      ) : null}
      {billing ? (
        <Link href={billing.href} className={`${buttonBase} ${billingActive ? buttonActive : buttonIdle}`} aria-current={billingActive ? "page" : undefined}>
          {billing.label}
        </Link>
      ) : null}
      <Link
        href="/beta-issues"
        className={`${buttonBase} ${betaActive ? buttonActive : buttonIdle}`}
        aria-current={betaActive ? "page" : undefined}
      >
        {nav.betaIssuesLabel}
      </Link>

      <Dropdown label="Settings" active={anyActive([...settings, ...admin])} entries={settings} admin={admin} pathname={pathname} anchor="bottom end" />
    </nav>
  );
}
