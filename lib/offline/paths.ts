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

const PATHS: Record<OfflineKind, (entry: Pick<OfflineEntry, "target">) => string> = {
  "punch-in": () => PUNCH_IN_PATH,
  "punch-out": () => PUNCH_OUT_PATH,
  "case-scan": (entry) => caseScanPath(entry.target ?? ""),
};

/** The path an entry is POSTed to. */
export const offlinePath = (entry: Pick<OfflineEntry, "kind" | "target">): string => PATHS[entry.kind](entry);
