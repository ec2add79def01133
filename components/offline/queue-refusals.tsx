"use client";

import type { OfflineEntry } from "@/lib/offline/queue";

/**
 * What the server refused for good when the offline queue was sent (a punch, a case scan), shown
 * until the person dismisses it. `describe` names an entry where the screen can (a scan's case).
 */
export function QueueRefusals({ failed, onDismiss, describe = (entry) => entry.error }: { failed: OfflineEntry[]; onDismiss: () => void; describe?: (entry: OfflineEntry) => string | undefined }) {
  if (failed.length === 0) return null;
  return (
    <div role="alert" className="rounded-xl border border-red-300 bg-red-50 p-4 text-base text-red-900">
      <p className="font-semibold">Not recorded:</p>
      <ul className="mt-1 list-disc space-y-1 pl-5 text-sm">
        {failed.map((entry) => (
          <li key={entry.id}>{describe(entry)}</li>
        ))}
      </ul>
      <button type="button" onClick={onDismiss} className="mt-2 text-sm font-semibold underline underline-offset-2">
        Dismiss
      </button>
    </div>
  );
}
