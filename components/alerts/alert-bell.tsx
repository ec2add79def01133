"use client";

import { Tooltip } from "@/components/ui/tooltip";
import { useFirstUse } from "@/components/ui/first-use";
import { useUnreadAlerts } from "@/lib/queries/alerts";

/**
 * The notification bell: every signed-in member's open alerts with an unread count. The count
 * comes with the punch-status poll; the list loads when the panel opens (docs/alerts.md). Desktop: a button beside the avatar
 * opening a panel; phones: a section of the slide-out menu (`AlertsMenuSection`, ./alerts-menu-section) and a dot on
 * the menu button (`UnreadAlertsDot`), so the 375 px header gains nothing wider.
 */

export function BellIcon(props: React.SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false" {...props}>
      <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    </svg>
  );
}

export const countLabel = (n: number) => (n > 99 ? "99+" : String(n));

/** The bell's button look and content, shared by its first-load stand-in and the real popover button. */
export const bellButtonClass = "relative rounded-md p-2 text-slate-600 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500";

export function BellButtonFace({ unread }: { unread: number }) {
  return (
    <>
      <BellIcon className="size-5" />
      {unread > 0 ? (
        <span className="absolute -top-0.5 -right-0.5 min-w-4.5 rounded-full bg-red-600 px-1 text-center text-[11px] leading-4.5 font-semibold text-white" data-testid="alert-count" aria-hidden="true">
          {countLabel(unread)}
        </span>
      ) : null}
    </>
  );
}

const loadPopover = () => import("./alert-bell-popover").then((m) => m.AlertBellPopover);

/** Desktop: the bell beside the avatar. Its panel loads on first use (components/ui/first-use). */
export function AlertBell() {
  const unread = useUnreadAlerts();
  const label = unread > 0 ? `Alerts, ${unread} unread` : "Alerts";
  const { real: AlertBellPopover, handoff, standInProps } = useFirstUse(loadPopover);
  if (AlertBellPopover) return <AlertBellPopover label={label} unread={unread} handoff={handoff} />;
  return (
    <div className="relative">
      <Tooltip content="Alerts">
        <button type="button" aria-expanded="false" className={bellButtonClass} aria-label={label} data-testid="alert-bell" {...standInProps}>
          <BellButtonFace unread={unread} />
        </button>
      </Tooltip>
    </div>
  );
}

/** Phones: a red dot on the menu button when something is unread (decorative; the menu says it in words). */
export function UnreadAlertsDot() {
  if (!useUnreadAlerts()) return null;
  return <span className="pointer-events-none absolute top-0 right-0 size-2.5 rounded-full bg-red-600 ring-2 ring-white" data-testid="alert-dot" aria-hidden="true" />;
}
