/**
 * Where each kind of queued write is sent. One table for the whole queue: whichever screen's
 * replayer runs (the header's punch status line, the scan screen) sends every entry, oldest first,
 * to its own route, so a punch and a scan made offline reach the server in the order of the taps.
 */
import type { OfflineEntry } from "./queue";
import type { OfflineKind } from "./rules";

export const PUNCH_IN_PATH = "/api/auth/punch/in";
export const PUNCH_OUT_PATH = "/api/auth/punch/out-with-reason";

/** POST /api/cases/{ref}/scans: the ref is a case number, an open case's tag serial or a label token. */
export const caseScanPath = (ref: string) => `/api/cases/${encodeURIComponent(ref)}/scans`;

/** PATCH /api/tasks/{id}/checklist/{itemId}: a checklist tick's target is "{taskId}/{itemId}". */
export const checklistItemPath = (taskId: string, itemId: string) => `/api/tasks/${encodeURIComponent(taskId)}/checklist/${encodeURIComponent(itemId)}`;
export const checklistTickTarget = (taskId: string, itemId: string) => `${taskId}/${itemId}`;

const checklistTickPath = (target = "") => {
  const [taskId = "", itemId = ""] = target.split("/");
  return checklistItemPath(taskId, itemId);
};

/** POST /api/schedule/shifts/{id}/claim: a shift claim's target is the shift's id. */
export const shiftClaimPath = (shiftId: string) => `/api/schedule/shifts/${encodeURIComponent(shiftId)}/claim`;

/** POST /api/runs/{id}/pickups: a driver's pickup's target is the run's id. */
export const runPickupPath = (runId: string) => `/api/runs/${encodeURIComponent(runId)}/pickups`;

const PATHS: Record<OfflineKind, (entry: Pick<OfflineEntry, "target">) => string> = {
  "punch-in": () => PUNCH_IN_PATH,
  "punch-out": () => PUNCH_OUT_PATH,
  "case-scan": (entry) => caseScanPath(entry.target ?? ""),
  "checklist-tick": (entry) => checklistTickPath(entry.target),
  "shift-claim": (entry) => shiftClaimPath(entry.target ?? ""),
  "run-pickup": (entry) => runPickupPath(entry.target ?? ""),
};

/** The method of each kind's route (its descriptor's). */
const METHODS: Record<OfflineKind, "POST" | "PATCH"> = { "punch-in": "POST", "punch-out": "POST", "case-scan": "POST", "checklist-tick": "PATCH", "shift-claim": "POST", "run-pickup": "POST" };

/** The path an entry is sent to. */
export const offlinePath = (entry: Pick<OfflineEntry, "kind" | "target">): string => PATHS[entry.kind](entry);

/** The method an entry is sent with. */
export const offlineMethod = (entry: Pick<OfflineEntry, "kind">): "POST" | "PATCH" => METHODS[entry.kind];
