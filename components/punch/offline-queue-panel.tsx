"use client";

import { QueueRefusals } from "@/components/offline/queue-refusals";
import { OFFLINE_MESSAGES } from "@/lib/offline/rules";
import { useOnline } from "@/lib/queries/offline-queue";
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
      <QueueRefusals failed={failed} onDismiss={dismissFailures} />
    </div>
  );
}
