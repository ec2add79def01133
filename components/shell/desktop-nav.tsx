"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { Menu, MenuButton, MenuItem, MenuItems, MenuSection, MenuHeading, MenuSeparator } from "@headlessui/react";
import { ChevronDownIcon, ExternalIcon } from "./icons";
import {
  adminMenuItems,
  betaIssuesLabel,
  dashboardsMenuItems,
  isAnyActive,
  isLinkActive,
  settingsMenuItems,
  type NavEntry,
  type Role,
} from "./nav-config";

const buttonBase =
  "inline-flex items-center gap-1 whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium transition-colors focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500";
const buttonIdle = "text-slate-700 hover:bg-slate-100 hover:text-slate-900";
const buttonActive = "bg-brand-50 text-brand-700";

const itemClass =
  "flex w-full items-center justify-between gap-3 rounded-md px-3 py-2 text-left text-sm text-slate-700 data-focus:bg-slate-100 data-focus:text-slate-900 aria-[current=page]:font-semibold aria-[current=page]:text-brand-700";

function MenuEntries({ entries, pathname }: { entries: NavEntry[]; pathname: string }) {
  return entries.map((entry) =>
    entry.kind === "action" ? (
      <MenuItem key={entry.id}>
        <a href={entry.href} target="_blank" rel="noopener noreferrer" className={itemClass} data-testid={`menu-${entry.id}`}>
          {entry.label}
          <ExternalIcon className="size-4 text-slate-400" />
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      </MenuItem>
    ) : (
      <MenuItem key={entry.id}>
        <Link
          href={entry.href}
          className={itemClass}
          aria-current={isLinkActive(pathname, entry) ? "page" : undefined}
          data-testid={`menu-${entry.id}`}
        >
          {entry.label}
        </Link>
      </MenuItem>
    ),
  );
}

const panelClass =
  "z-40 w-56 origin-top rounded-lg border border-slate-200 bg-white p-1 shadow-lg [--anchor-gap:6px] focus:outline-none transition duration-100 ease-out data-closed:scale-95 data-closed:opacity-0";

function DropdownButton({ label, active }: { label: string; active: boolean }) {
  return (
    <MenuButton className={`${buttonBase} ${active ? buttonActive : buttonIdle} data-open:bg-slate-100`}>
      {label}
      <ChevronDownIcon className="size-4 opacity-70" />
    </MenuButton>
  );
}

/** The desktop header navigation: Dashboards ▾, Available Tasks, Beta Issues, Settings ▾ (spec §2). */
export function DesktopNav({ role }: { role: Role }) {
  const pathname = usePathname() ?? "/";
  const dashboards = dashboardsMenuItems();
  const admin = adminMenuItems(role);
  const settings = settingsMenuItems();
  const availableActive = isLinkActive(pathname, { href: "/available-tasks" });
  const betaActive = isLinkActive(pathname, { href: "/beta-issues", matchSubPaths: true });

  return (
    <nav aria-label="Main" className="hidden items-center gap-1 lg:flex">
      <Menu>
        <DropdownButton label="Dashboards" active={isAnyActive(pathname, dashboards)} />
        <MenuItems anchor="bottom start" transition className={panelClass}>
          <MenuEntries entries={dashboards} pathname={pathname} />
        </MenuItems>
      </Menu>

      <Link
        href="/available-tasks"
        className={`${buttonBase} ${availableActive ? buttonActive : buttonIdle}`}
        aria-current={availableActive ? "page" : undefined}
      >
        Available Tasks
      </Link>
      <Link
        href="/beta-issues"
        className={`${buttonBase} ${betaActive ? buttonActive : buttonIdle}`}
        aria-current={betaActive ? "page" : undefined}
      >
        {betaIssuesLabel(role)}
      </Link>

      <Menu>
        <DropdownButton label="Settings" active={isAnyActive(pathname, [...settings, ...admin])} />
        <MenuItems anchor="bottom end" transition className={panelClass}>
          <MenuEntries entries={settings} pathname={pathname} />
          {admin.length > 0 ? (
            <>
              <MenuSeparator className="my-1 h-px bg-slate-200" />
              <MenuSection>
                <MenuHeading className="px-3 pb-1 pt-2 text-xs font-semibold uppercase tracking-wide text-slate-500">Admin</MenuHeading>
                <MenuEntries entries={admin} pathname={pathname} />
              </MenuSection>
            </>
          ) : null}
        </MenuItems>
      </Menu>
    </nav>
  );
}
