"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { CloseButton, Dialog, DialogBackdrop, DialogPanel, DialogTitle } from "@headlessui/react";
import { AlertsMenuSection } from "@/components/alerts/alerts-menu-section";
import { LogoMark } from "./icons";
import { CloseIcon, ExternalIcon } from "./menu-icons";
import { LogoutButton } from "./logout-button";
import { SHORT_TITLE } from "@/lib/constants";
import { isLinkActive, type NavEntry } from "./nav-active";
import { adminMenuItems, billingNavItems, casesNavItems, mainNavItems, scheduleNavItems, settingsMenuItems, type Role } from "./nav-config";
import { UserBadge } from "./user-badge";
import { Tooltip } from "@/components/ui/tooltip";

interface MobileMenuProps {
  open: boolean;
  onClose: () => void;
  user: { firstName: string; lastName: string; role: Role; email?: string };
  widget?: React.ReactNode;
}

const linkClass =
  "flex items-center justify-between rounded-md px-3 py-2.5 text-base font-medium text-slate-700 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-700";

function Section({ title, entries, pathname, onNavigate }: { title: string; entries: NavEntry[]; pathname: string; onNavigate: () => void }) {
  const headingId = `mobile-nav-${title.toLowerCase().replace(/\s+/g, "-")}`;
  return (
    <section aria-labelledby={headingId} className="border-t border-slate-200 pt-3">
      <h2 id={headingId} className="px-3 pb-1 text-xs font-semibold uppercase tracking-wide text-slate-500">
        {title}
      </h2>
      <ul className="space-y-0.5">
        {entries.map((entry) => (
          <li key={entry.id}>
            {entry.kind === "action" ? (
              <a href={entry.href} target="_blank" rel="noopener noreferrer" className={linkClass} onClick={onNavigate}>
                {entry.label}
                <ExternalIcon className="size-4 text-slate-400" />
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            ) : (
              <Link
                href={entry.href}
                className={linkClass}
                aria-current={isLinkActive(pathname, entry) ? "page" : undefined}
                onClick={onNavigate}
              >
                {entry.label}
              </Link>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The mobile left slide-out (spec §2): the live widget and the alerts, the header's entries,
 * the "Cases", "Schedule" and "Billing" sections (each for whom it serves), then an "Admin"
 * section (admins only) and a "Settings" section; the signed-in person and
 * Logout at the bottom. The header loads it on first open (its own chunk).
 */
export function MobileMenu({ open, onClose, user, widget }: MobileMenuProps) {
  const pathname = usePathname() ?? "/";
  // Profile is listed once, as "My Profile" under Settings.
  const main = mainNavItems(user.role).filter((item) => item.id !== "profile");
  const admin = adminMenuItems(user.role);
  const cases = casesNavItems(user.role);
  const schedule = scheduleNavItems(user.role);
  const billing = billingNavItems(user.role);

  return (
    <Dialog open={open} onClose={onClose} className="relative z-50 lg:hidden">
      <DialogBackdrop className="fixed inset-0 bg-slate-900/40 transition-opacity duration-300 ease-out starting:opacity-0" />
      <div className="fixed inset-0 flex">
        <DialogPanel
          className="flex w-full max-w-xs flex-col bg-white shadow-xl transition duration-300 ease-out starting:-translate-x-full"
        >
          <div className="flex h-14 items-center justify-between border-b border-slate-200 px-4">
            <DialogTitle className="flex items-center gap-2 font-semibold text-slate-900">
              <LogoMark className="size-7" />
              {SHORT_TITLE}
            </DialogTitle>
            <Tooltip content="Close menu">
              <CloseButton
                className="-mr-2 rounded-md p-2 text-slate-500 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
                aria-label="Close menu"
              >
                <CloseIcon className="size-5" />
              </CloseButton>
            </Tooltip>
          </div>
          <div className="flex-1 space-y-3 overflow-y-auto px-3 py-3">
            {widget ? <div className="px-3">{widget}</div> : null}
            <AlertsMenuSection onNavigate={onClose} />
            <nav aria-label="Main" className="space-y-3">
              <Section title="Navigation" entries={main} pathname={pathname} onNavigate={onClose} />
              {cases.length > 0 ? <Section title="Cases" entries={cases} pathname={pathname} onNavigate={onClose} /> : null}
              {schedule.length > 0 ? <Section title="Schedule" entries={schedule} pathname={pathname} onNavigate={onClose} /> : null}
              {billing.length > 0 ? <Section title="Billing" entries={billing} pathname={pathname} onNavigate={onClose} /> : null}
              {admin.length > 0 ? <Section title="Admin" entries={admin} pathname={pathname} onNavigate={onClose} /> : null}
              <Section title="Settings" entries={settingsMenuItems()} pathname={pathname} onNavigate={onClose} />
            </nav>
          </div>
          <div className="flex items-center justify-between gap-3 border-t border-slate-200 px-4 py-3">
            <UserBadge firstName={user.firstName} lastName={user.lastName} role={user.role} />
            <LogoutButton onDone={onClose} />
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
