"use client";

import { useCallback } from "react";
import { toast } from "@/components/ui/use-toast";
import { OFFLINE_MESSAGES } from "@/lib/offline/rules";
import type { ReplayReport } from "@/lib/offline/replay";
import { useOnline } from "@/lib/offline/use-offline-queue";
import { useOfflinePunchReplay } from "@/lib/queries/punch";

const outcomeOf = (body: unknown) =>
  typeof body === "object" && body !== null ? ((body as { offline?: { outcome?: string } }).offline?.outcome ?? null) : null;

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Tells the person what happened to the punches and scans their phone kept while it had no signal. */
function tell(report: ReplayReport) {
  const punches = report.sent.filter((s) => s.entry.kind !== "case-scan");
  const scans = report.sent.length - punches.length;
  const corrections = punches.filter((s) => outcomeOf(s.body) === "correction-requested").length;
  const recorded = punches.length - corrections;
  if (recorded > 0) {
    toast({ title: "Offline punches sent", description: `${count(recorded, "punch", "punches")} saved on this phone ${recorded === 1 ? "was" : "were"} recorded.` });
  }
  if (scans > 0) toast({ title: "Offline scans sent", description: `${count(scans, "scan", "scans")} saved on this phone ${scans === 1 ? "was" : "were"} recorded.` });
  if (corrections > 0) toast({ title: "Sent for review", description: OFFLINE_MESSAGES.correctionRequested });
  for (const failure of report.failed) {
    toast({ title: failure.entry.kind === "case-scan" ? "Offline scan not recorded" : "Offline punch not recorded", description: failure.message, variant: "destructive" });
  }
}

/**
 * The offline queue's status line, shown under a punch button: "Saved on this phone — will send
 * when online" while punches wait on the device, the refusals the server gave (until dismissed).
 * Mounting it also sends the queue when the connection returns.
 */
export function OfflineQueueStatus({ compact = false }: { compact?: boolean }) {
  const online = useOnline();
  const onReport = useCallback((report: ReplayReport) => tell(report), []);
  const { waiting, failed, dismissFailures } = useOfflineStatus(onReport);

  if (waiting === 0 && failed.length === 0) return null;
  if (compact) {
    return waiting > 0 ? (
      // In the header: the icon on phones (the words stay for screen readers), icon and words wider up.
      <span role="status" data-testid="offline-queue-status" title={OFFLINE_MESSAGES.savedOnPhone} className="inline-flex max-w-40 items-center gap-1 text-xs font-medium leading-tight text-amber-800">
        <CloudOffIcon className="size-4 shrink-0" />
        <span className="sr-only lg:not-sr-only">{OFFLINE_MESSAGES.savedOnPhone}</span>
      </span>
    ) : null;
  }
  return (
    <div className="mt-4 space-y-3">
      {waiting > 0 ? (
        <p role="status" data-testid="offline-queue-status" className="flex items-start gap-2 rounded-xl border border-amber-300 bg-amber-50 p-4 text-base text-amber-900">
          <CloudOffIcon className="mt-0.5 size-5 shrink-0" />
          <span>
            <span className="font-semibold">{OFFLINE_MESSAGES.savedOnPhone}</span>
            {online ? <span className="block text-sm">{OFFLINE_MESSAGES.sending}</span> : null}
            {waiting > 1 ? <span className="block text-sm">{waiting} punches are waiting.</span> : null}
          </span>
        </p>
      ) : null}
      {failed.length > 0 ? (
        <div role="alert" className="rounded-xl border border-red-300 bg-red-50 p-4 text-base text-red-900">
          <p className="font-semibold">Not recorded:</p>
          <ul className="mt-1 list-disc space-y-1 pl-5 text-sm">
            {failed.map((entry) => (
              <li key={entry.id}>{entry.error}</li>
            ))}
          </ul>
          <button type="button" onClick={dismissFailures} className="mt-2 text-sm font-semibold underline underline-offset-2">
            Dismiss
          </button>
        </div>
      ) : null}
    </div>
  );
}

function useOfflineStatus(onReport: (report: ReplayReport) => void) {
  const replay = useOfflinePunchReplay(onReport);
  return { waiting: replay.waiting, failed: replay.failed, dismissFailures: replay.dismissFailures };
}

function CloudOffIcon({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} className={className} aria-hidden="true">
      <path d="M2 2l20 20" strokeLinecap="round" />
      <path d="M5.8 8.4A5 5 0 0 0 7 18h10.5M20.6 15.7A3.5 3.5 0 0 0 17.5 10h-.6A7 7 0 0 0 10 5.1" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
