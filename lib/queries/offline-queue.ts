"use client";

import { useCallback, useEffect, useState, useSyncExternalStore } from "react";
import type { QueryClient } from "@tanstack/react-query";
import { apiAnswer } from "@/lib/api-client";
import { offlineMethod, offlinePath } from "@/lib/offline/paths";
import { entriesOf, dismissFailures, enqueue, type OfflineEntry, type QueuedWrite, type QueueState } from "@/lib/offline/queue";
import type { ReplayReport, Sender } from "@/lib/offline/replay";
import { readQueue, serverQueue, subscribeQueue, updateQueue } from "@/lib/offline/store";
import { clientUuid } from "@/lib/offline/uuid";
import { CURRENT_USER_KEY, type CurrentUser } from "./auth";
import type { QueuedWriteState } from "@/lib/offline/write-state";

/**
 * The device's offline queue in React (the pure queue, store and replayer are lib/offline's):
 * its state, the state of one queued write, the browser's connection, the replay when the
 * connection returns, and the sender every replayer uses.
 */

/**
 * Sends one queued write (a punch, a case scan, a checklist tick) to its route
 * (lib/offline/paths.ts) and reads the answer without throwing: a refusal comes back as the
 * API client's ApiError, and the replayer decides what the status means. Every replayer of the
 * one device queue uses this sender, so any of them can send any entry.
 */
export const sendQueuedWrite: Sender = (entry, body) => apiAnswer(offlineMethod(entry), offlinePath(entry), body);

/**
 * Keeps a write on the phone instead of sending it (no connection): stamped with a new client
 * uuid (unless the screen made one already), the device's time and who tapped. It is sent later
 * by whichever replayer runs (useOfflineReplay), to its kind's route (lib/offline/paths.ts).
 */
export function queueWrite(queryClient: QueryClient, write: Pick<OfflineEntry, "kind" | "payload" | "target"> & { id?: string }): QueuedWrite {
  const entry = {
    ...write,
    id: write.id ?? clientUuid(),
    deviceTime: new Date().toISOString(),
    owner: queryClient.getQueryData<CurrentUser | null>(CURRENT_USER_KEY)?.id ?? null,
  };
  updateQueue((state) => enqueue(state, entry));
  return { queued: true, entry: { ...entry, attempts: 0 } };
}

/** fetch's own failure (no connection, DNS, reset): the request may never have reached the server. */
export const isNetworkFailure = (error: unknown) => error instanceof TypeError;

/** The device's queue as React state (every tab, every component sees the same). */
export function useOfflineQueue(): QueueState {
  return useSyncExternalStore(subscribeQueue, readQueue, serverQueue);
}


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
    inFlight = import("@/lib/offline/replay")
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
