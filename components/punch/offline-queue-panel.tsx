"use client";

import { OFFLINE_MESSAGES } from "@/lib/offline/rules";
import { useOnline } from "@/lib/offline/use-offline-queue";
import { CloudOffIcon, useOfflineStatus } from "./offline-queue-status";

/**
 * The offline queue under /mobile-punch's big button: what waits on this phone, whether it is
 * being sent, and the refusals the server gave (until dismissed). Mounting it also sends the
 * queue when the connection returns.
 */
export function OfflineQueuePanel() {
  const online = useOnline();
  const { waiting, failed, dismissFailures } = useOfflineStatus();
  if (waiting === 0 && failed.length === 0) return null;
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
