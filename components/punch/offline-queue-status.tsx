"use client";

import { OFFLINE_MESSAGES } from "@/lib/offline/rules";
import type { ReplayReport } from "@/lib/offline/replay";
import { useOfflinePunchReplay } from "@/lib/queries/punch";

/**
 * The offline queue's status in the header, beside the punch button: "Saved on this phone — will
 * send when online" while punches wait on the device (the icon on phones, the words for screen
 * readers; icon and words wider up). Mounting it also sends the queue when the connection
 * returns. /mobile-punch shows the fuller panel (./offline-queue-panel.tsx).
 */
export function OfflineQueueStatus() {
  const { waiting } = useOfflineStatus();
  return waiting > 0 ? (
    <span role="status" data-testid="offline-queue-status" title={OFFLINE_MESSAGES.savedOnPhone} className="inline-flex max-w-40 items-center gap-1 text-xs font-medium leading-tight text-amber-800">
      <CloudOffIcon className="size-4 shrink-0" />
      <span className="sr-only lg:not-sr-only">{OFFLINE_MESSAGES.savedOnPhone}</span>
    </span>
  ) : null;
}

// What was sent is told in toasts (./offline-report.ts), loaded when there is something to tell:
// online by then, since the queue has just been sent.
const tellReport = (report: ReplayReport) => void import("./offline-report").then((m) => m.tellReport(report));

/** The queue's state, and sending it when the connection returns (either status mounts it). */
export function useOfflineStatus() {
  const replay = useOfflinePunchReplay(tellReport);
  return { waiting: replay.waiting, failed: replay.failed, dismissFailures: replay.dismissFailures };
}

export function CloudOffIcon({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} className={className} aria-hidden="true">
      <path d="M2 2l20 20" strokeLinecap="round" />
      <path d="M5.8 8.4A5 5 0 0 0 7 18h10.5M20.6 15.7A3.5 3.5 0 0 0 17.5 10h-.6A7 7 0 0 0 10 5.1" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
