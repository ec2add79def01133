"use client";

import { Disclosure, DisclosureButton, DisclosurePanel } from "@headlessui/react";
import { useUnreadAlerts } from "@/lib/queries/alerts";
import { AlertPanel } from "./alert-panel";
import { BellIcon, countLabel } from "./alert-bell";

/** Phones: the slide-out's "Alerts" entry with the unread count, opening the same panel in place. */
export function AlertsMenuSection({ onNavigate }: { onNavigate: () => void }) {
  const unread = useUnreadAlerts();
  return (
    <Disclosure as="section" aria-label="Alerts" className="rounded-lg border border-slate-200" data-testid="mobile-alerts">
      <DisclosureButton className="flex w-full items-center justify-between gap-2 rounded-lg px-3 py-2.5 text-base font-medium text-slate-700 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500">
        <span className="flex items-center gap-2">
          <BellIcon className="size-5" />
          Alerts
        </span>
        {unread > 0 ? (
          <span className="rounded-full bg-red-600 px-2 text-xs leading-5 font-semibold text-white" data-testid="mobile-alert-count">
            {countLabel(unread)}
            <span className="sr-only"> unread</span>
          </span>
        ) : (
          <span className="text-sm text-slate-500">None unread</span>
        )}
      </DisclosureButton>
      <DisclosurePanel className="border-t border-slate-100">
        <AlertPanel onNavigate={onNavigate} />
      </DisclosurePanel>
    </Disclosure>
  );
}
