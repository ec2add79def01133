"use client";

import { useRef } from "react";
import Link from "next/link";
import { Menu, MenuButton, MenuItem, MenuItems, MenuSection, MenuHeading, MenuSeparator } from "@headlessui/react";
import { useHandoff, type Handoff } from "@/components/ui/first-use";
import { ChevronDownIcon } from "./icons";
import { ExternalIcon } from "./menu-icons";
import { isLinkActive, type NavEntry } from "./nav-active";

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
  "z-40 w-56 origin-top rounded-lg border border-slate-200 bg-white p-1 shadow-lg [--anchor-gap:6px] focus:outline-none transition duration-100 ease-out starting:scale-95 starting:opacity-0";

export interface NavMenuProps {
  label: string;
  buttonClassName: string;
  entries: NavEntry[];
  /** A second, headed section (Settings ▾ → Admin). */
  admin?: NavEntry[];
  pathname: string;
  anchor: "bottom start" | "bottom end";
  handoff: Handoff | null;
}

/** One header dropdown (Dashboards ▾ or Settings ▾), loaded on first use by `DesktopNav`. */
export function NavMenu({ label, buttonClassName, entries, admin = [], pathname, anchor, handoff }: NavMenuProps) {
  const button = useRef<HTMLButtonElement>(null);
  useHandoff(button, handoff);
  return (
    <Menu>
      <MenuButton ref={button} className={`${buttonClassName} data-open:bg-slate-100`}>
        {label}
        <ChevronDownIcon className="size-4 opacity-70" />
      </MenuButton>
      <MenuItems anchor={anchor} className={panelClass}>
        <MenuEntries entries={entries} pathname={pathname} />
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
  );
}
