"use client";

import { useCallback, useEffect, useState, useSyncExternalStore } from "react";
import { entriesOf, dismissFailures, type QueueState } from "./queue";
import type { ReplayReport, Sender } from "./replay";
import { readQueue, serverQueue, subscribeQueue, updateQueue } from "./store";

/** The device's queue as React state (every tab, every component sees the same). */
export function useOfflineQueue(): QueueState {
  return useSyncExternalStore(subscribeQueue, readQueue, serverQueue);
}

/** Where one write kept on the phone stands: still waiting, sent (the server recorded it), or refused for good. */
export type QueuedWriteState = { state: "waiting" } | { state: "sent" } | { state: "refused"; message: string };

/**
 * The state of the queued write `id`, for a screen that showed "Saved on this phone": it turns
 * into "Sent" once the write has left the queue, whichever tab or replayer sent it. A refusal
 * stays a refusal after the person dismisses the list of refusals.
 */
export function useQueuedWriteState(id: string): QueuedWriteState {
  const queue = useOfflineQueue();
  const failed = queue.failed.find((entry) => entry.id === id);
  const [refusal, setRefusal] = useState<string | null>(null);
  // Remembered from an earlier render: dismissing the refusals empties `failed`.
  if (failed && refusal === null) setRefusal(failed.error ?? "");
  if (queue.entries.some((entry) => entry.id === id)) return { state: "waiting" };
  if (failed || refusal !== null) return { state: "refused", message: failed?.error ?? refusal ?? "" };
  return { state: "sent" };
}

/** Whether the browser says it has a connection (true on the server and in old browsers). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    (listener) => {
      window.addEventListener("online", listener);
      window.addEventListener("offline", listener);
      return () => {
        window.removeEventListener("online", listener);
        window.removeEventListener("offline", listener);
      };
    },
    () => navigator.onLine,
    () => true,
  );
}

export const isBrowserOffline = () => typeof navigator !== "undefined" && navigator.onLine === false;

/** How often a waiting queue is retried while the browser claims to be online (a captive portal, a dead Wi-Fi). */
export const OFFLINE_RETRY_MS = 30_000;

let inFlight: Promise<ReplayReport> | null = null;

/**
 * Sends the person's queued writes when the connection returns: at mount, on the "online" event,
 * and every 30 s while something waits. One run at a time per page; `onReport` hears what the
 * server said (to refresh queries and tell the person).
 */
export function useOfflineReplay({ send, owner, onReport }: { send: Sender; owner: string | null | undefined; onReport: (report: ReplayReport) => void }) {
  const queue = useOfflineQueue();
  const waiting = entriesOf(queue, owner ?? undefined).length;

  const flush = useCallback(() => {
    if (inFlight || isBrowserOffline() || entriesOf(readQueue(), owner ?? undefined).length === 0) return;
    // Only the run's starter reports, so two mounted status lines never tell the same news twice.
    // The replayer's code loads here, when there is something to send and a connection to send
    // it over; if it cannot load (the connection was not real), the queue waits for the next try.
    inFlight = import("./replay")
      .then((replay) => replay.replayQueue(send, owner ?? undefined))
      .finally(() => {
        inFlight = null;
      });
    inFlight.then(
      (report) => {
        if (report.sent.length || report.failed.length) onReport(report);
      },
      () => undefined,
    );
  }, [send, owner, onReport]);

  useEffect(() => {
    flush();
    window.addEventListener("online", flush);
    return () => window.removeEventListener("online", flush);
  }, [flush]);

  useEffect(() => {
    if (waiting === 0) return;
    const timer = window.setInterval(flush, OFFLINE_RETRY_MS);
    return () => window.clearInterval(timer);
  }, [waiting, flush]);

  return { waiting, failed: queue.failed.filter((e) => e.owner === null || owner == null || e.owner === owner), flush, dismissFailures: () => updateQueue(dismissFailures) };
}
