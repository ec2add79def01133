import { useCallback, useEffect, useMemo } from "react";
import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { apiRequest, getRevalidatingQueryFn } from "@/lib/api-client";
import { PUNCH_STATUS_POLL_MS, PUNCH_STATUS_STALE_MS } from "@/lib/constants";
import { keepPunchStatus } from "@/lib/offline/kept-my-day";
import { applyQueuedPunches, entriesOf, isQueued, type OfflineEntry, type QueuedWrite } from "@/lib/offline/queue";
import type { ReplayReport, Sender } from "@/lib/offline/replay";
import type { OfflineKind } from "@/lib/offline/rules";
import type { PunchOutPayload } from "@/lib/punch/reason";
import type { z } from "zod";
import type {
  activeTaskSchema,
  punchInSchema,
  punchOutResultSchema,
  punchOutSchema,
  punchStatusSchema,
} from "@/lib/validations/punch";
import { CURRENT_USER_KEY, type CurrentUser } from "./auth";
import { isBrowserOffline, isNetworkFailure, queueWrite, sendQueuedWrite, useOfflineQueue, useOfflineReplay } from "./offline-queue";

/** Punch clock paths (spec §7) and the task clock endpoints. */
export const PUNCH_PATHS = {
  status: "/api/auth/punch/status",
  in: "/api/auth/punch/in",
  outWithReason: "/api/auth/punch/out-with-reason",
  clockIn: (taskId: string) => `/api/tasks/${encodeURIComponent(taskId)}/clock-in`,
  clockOut: (taskId: string) => `/api/tasks/${encodeURIComponent(taskId)}/clock-out`,
} as const;

export const PUNCH_STATUS_KEY = [PUNCH_PATHS.status] as const;
/** Every task query starts with this path; punch-out refreshes them (spec §7). */
export const TASKS_KEY = ["/api/tasks"] as const;

/** The task named in a 409 (spec §3): id, displayNumber, title. */
export type ActiveTask = z.infer<typeof activeTaskSchema>;
/**
 * GET /api/auth/punch/status: the timer counts from lastPunchIn; activeTask is the task clock
 * running, with its start; unreadAlerts is the bell's count (absent from a punch's own answer,
 * so a punch keeps the last polled count: `withUnread`).
 */
export type PunchStatus = z.infer<typeof punchStatusSchema> & { unreadAlerts?: number };
export type PunchInInput = z.input<typeof punchInSchema>;
export type PunchOutInput = PunchOutPayload & Pick<z.input<typeof punchOutSchema>, "source">;
export type PunchOutResult = z.infer<typeof punchOutResultSchema>;

/**
 * The punch status (spec §7, §9): polled every 5 s, refetched on window focus, stale after 5 s
 * — the one query that differs from the app-wide cache policy. `on401: "returnNull"` (used by
 * the public /mobile-punch page) turns "signed out" into null instead of an error. While the
 * browser reports no connection its polls wait (networkMode "online"): the button keeps the last
 * known state instead of turning to "Error loading" every 5 s, a punch tapped meanwhile is still
 * sent and fails visibly (mutations are "always"), and the polls resume with the connection.
 * Signed out (null) it does not poll: /mobile-punch reads the status once right after sign-in.
 */
export function usePunchStatus(options: { on401?: "throw" | "returnNull"; enabled?: boolean; initialData?: PunchStatus; initialDataUpdatedAt?: number } = {}) {
  const queryClient = useQueryClient();
  const queue = useOfflineQueue();
  const owner = queryClient.getQueryData<CurrentUser | null>(CURRENT_USER_KEY)?.id;
  const query = useQuery<PunchStatus | null>({
    initialData: options.initialData,
    initialDataUpdatedAt: options.initialDataUpdatedAt,
    queryKey: PUNCH_STATUS_KEY,
    // With the last ETag: while nothing changed the server answers 304 from memory (docs/performance.md).
    queryFn: options.on401 === "returnNull" ? getRevalidatingQueryFn<PunchStatus>({ on401: "returnNull" }) : getRevalidatingQueryFn<PunchStatus>({ on401: "throw" }),
    refetchInterval: (query) => (query.state.data === null ? false : PUNCH_STATUS_POLL_MS),
    refetchOnWindowFocus: true,
    staleTime: PUNCH_STATUS_STALE_MS,
    enabled: options.enabled ?? true,
    networkMode: "online",
  });
  // The offline start page (/offline) opens on the last state the server gave this person.
  useEffect(() => {
    const user = queryClient.getQueryData<CurrentUser | null>(CURRENT_USER_KEY);
    if (query.data && user) keepPunchStatus(user, query.data, query.dataUpdatedAt || Date.now());
    // Only when the answer changes: polls that bring the same state keep the same object.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query.data, owner, queryClient]);
  // Punches saved on this phone show at once, on top of the last state the server gave.
  const queued = entriesOf(queue, owner);
  const data = useMemo(() => (query.data && queued.length ? applyQueuedPunches(query.data, queued) : query.data), [query.data, queued]);
  return queued.length ? { ...query, data } : query;
}

export { isQueued };

type PunchKind = Extract<OfflineKind, "punch-in" | "punch-out">;
/** Where a punch is sent now (the same routes take clientUuid + deviceTime for replays, lib/offline/paths.ts). */
const PUNCH_KIND_PATHS: Record<PunchKind, string> = { "punch-in": PUNCH_PATHS.in, "punch-out": PUNCH_PATHS.outWithReason };

const queuePunch = (queryClient: QueryClient, kind: PunchKind, payload: Record<string, unknown>) => queueWrite(queryClient, { kind, payload });

/** Sends now, or keeps the punch on the phone when there is no connection (lib/offline). */
async function punchOrQueue<T>(queryClient: QueryClient, kind: PunchKind, input: object): Promise<T | QueuedWrite> {
  const payload = { ...input } as Record<string, unknown>;
  if (isBrowserOffline()) return queuePunch(queryClient, kind, payload);
  try {
    return await apiRequest<T>("POST", PUNCH_KIND_PATHS[kind], payload);
  } catch (error) {
    if (isNetworkFailure(error)) return queuePunch(queryClient, kind, payload);
    throw error;
  }
}

/**
 * Sends the punches saved on this phone when the connection returns (in order, idempotently),
 * then refreshes the punch status. `onReport` tells the person (correction requests, refusals).
 */
export function useOfflinePunchReplay(onReport?: (report: ReplayReport) => void) {
  const queryClient = useQueryClient();
  const owner = queryClient.getQueryData<CurrentUser | null>(CURRENT_USER_KEY)?.id;
  // A punch the server has just recorded shows as recorded at once: its answer is the new status,
  // set before the entry leaves the queue, so the screen never falls back to the state before it.
  const send = useCallback<Sender>(
    async (entry, body) => {
      const result = await sendQueuedWrite(entry, body);
      const status = statusOfAnswer(entry, result.status, result.body);
      if (status) queryClient.setQueryData(PUNCH_STATUS_KEY, withUnread(queryClient, status));
      return result;
    },
    [queryClient],
  );
  const report = useCallback(
    (result: ReplayReport) => {
      void invalidateAfterPunch(queryClient, { tasks: true });
      // The one queue holds case scans too (lib/offline): a scan sent from here moves its case.
      if (result.sent.some((s) => s.entry.kind === "case-scan")) void queryClient.invalidateQueries({ queryKey: ["/api/cases"] });
      onReport?.(result);
    },
    [queryClient, onReport],
  );
  return useOfflineReplay({ send, owner, onReport: report });
}

/** The punch status a recorded replay answers with (201 punch-in, 200 punch-out); null for anything else. */
function statusOfAnswer(entry: OfflineEntry, status: number | null, body: unknown): PunchStatus | null {
  if ((entry.kind !== "punch-in" && entry.kind !== "punch-out") || (status !== 200 && status !== 201) || typeof body !== "object" || body === null) return null;
  const answer = body as Partial<PunchStatus>;
  if (typeof answer.isPunchedIn !== "boolean") return null;
  return { isPunchedIn: answer.isPunchedIn, lastPunchIn: answer.lastPunchIn ?? null, activeTask: answer.activeTask ?? null };
}

/**
 * This person's latest punch still waiting on the phone (null when none): the big punch card says
 * "Saved on this phone, not sent yet" instead of the confirmed state until the server has it.
 */
export function useUnsentPunch(): OfflineEntry | null {
  const queryClient = useQueryClient();
  const queue = useOfflineQueue();
  const owner = queryClient.getQueryData<CurrentUser | null>(CURRENT_USER_KEY)?.id;
  return useMemo(() => entriesOf(queue, owner).findLast((entry) => entry.kind === "punch-in" || entry.kind === "punch-out") ?? null, [queue, owner]);
}

/**
 * After punch success the status refreshes; after punch-out the tasks list too (spec §7). The
 * day's time log ("today so far" under the big button) changes with every punch.
 */
export function invalidateAfterPunch(queryClient: QueryClient, { tasks }: { tasks: boolean }): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: PUNCH_STATUS_KEY }),
    queryClient.invalidateQueries({ queryKey: ["/api/time/logs"] }),
    tasks ? queryClient.invalidateQueries({ queryKey: TASKS_KEY }) : null,
  ]);
}

/** A punch's answer carries no unread count: keep the last polled one for the bell. */
function withUnread(queryClient: QueryClient, next: PunchStatus): PunchStatus {
  const unreadAlerts = queryClient.getQueryData<PunchStatus | null>(PUNCH_STATUS_KEY)?.unreadAlerts;
  return unreadAlerts === undefined || next.unreadAlerts !== undefined ? next : { ...next, unreadAlerts };
}

export function usePunchIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PunchInInput) => punchOrQueue<PunchStatus>(queryClient, "punch-in", input),
    onSuccess: (status) => {
      // A queued punch shows through the queue itself (usePunchStatus); the server's state is unchanged.
      if (isQueued(status)) return;
      queryClient.setQueryData(PUNCH_STATUS_KEY, withUnread(queryClient, status));
      return invalidateAfterPunch(queryClient, { tasks: false });
    },
    // "Already punched in" means this tab's status was stale: refresh it.
    onError: () => queryClient.invalidateQueries({ queryKey: PUNCH_STATUS_KEY }),
  });
}

export function usePunchOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PunchOutInput) => punchOrQueue<PunchOutResult>(queryClient, "punch-out", input),
    onSuccess: (result) => {
      if (isQueued(result)) return;
      const next: PunchStatus = { isPunchedIn: false, lastPunchIn: result.lastPunchIn, activeTask: null };
      queryClient.setQueryData(PUNCH_STATUS_KEY, withUnread(queryClient, next));
      return invalidateAfterPunch(queryClient, { tasks: true });
    },
    // "Not punched in" (punched out elsewhere) or a 409 task: the status may be stale.
    onError: () => queryClient.invalidateQueries({ queryKey: PUNCH_STATUS_KEY }),
  });
}
