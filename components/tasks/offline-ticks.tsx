"use client";

import { useState } from "react";
import { isQueued, type QueuedWrite } from "@/lib/offline/queue";
import { OFFLINE_MESSAGES } from "@/lib/offline/rules";
import { useQueuedWriteState } from "@/lib/queries/offline-queue";
import { useQueuedTicks } from "@/lib/queries/task-page";

/**
 * Checklist ticks kept on the phone without a signal (lib/offline): the box shows the tick at
 * once, and under the item the words every offline write uses: "Saved on this phone — will send
 * when online" while it waits, "Sent ✓" once the server has it, the server's refusal otherwise.
 */
export function useOfflineTicks(taskId: string) {
  const queued = useQueuedTicks(taskId);
  // The ticks this page kept, so "Sent ✓" still shows once they have left the queue.
  const [kept, setKept] = useState<Record<string, string>>({});
  return {
    /** The tick waiting on the phone for this item, if any (true/false), else undefined. */
    queuedValue: (itemId: string) => queued.get(itemId)?.payload.isCompleted as boolean | undefined,
    /** The queued write to report on under this item, if any. */
    writeId: (itemId: string): string | undefined => queued.get(itemId)?.id ?? kept[itemId],
    remember: (itemId: string, result: unknown) => {
      if (isQueued(result)) setKept((k) => ({ ...k, [itemId]: (result as QueuedWrite).entry.id }));
    },
  };
}

export function QueuedTickState({ id }: { id: string }) {
  const write = useQueuedWriteState(id);
  if (write.state === "sent") {
    return (
      <p role="status" data-testid="tick-state" data-state="sent" className="ml-7.5 text-xs font-medium text-emerald-700">
        {OFFLINE_MESSAGES.sent}
      </p>
    );
  }
  if (write.state === "refused") {
    return (
      <p role="alert" data-testid="tick-state" data-state="refused" className="ml-7.5 text-xs font-medium text-red-700">
        {write.message}
      </p>
    );
  }
  return (
    <p role="status" data-testid="tick-state" data-state="waiting" className="ml-7.5 text-xs font-medium text-amber-800">
      {OFFLINE_MESSAGES.savedOnPhone}
    </p>
  );
}
