/**
 * What a checkpoint scan comes to on the phone (lib/queries/cases.ts useScanCase, the /scan
 * screen): recorded by the server, kept in the offline queue, or refused with the server's
 * sentence (the 409 body of POST /api/cases/{number}/scans, lib/validations/cases.ts).
 */
import type { QueuedWrite } from "@/lib/offline/queue";
import type { ScanCaseBody, ScanRefusalBody, ScanResult } from "@/lib/validations/cases";

export interface ScanRequest {
  ref: string;
  body: Omit<ScanCaseBody, "clientUuid" | "deviceTime" | "offline">;
}

/** A refused scan: the server's one sentence, its reason code, and whether an administrator may override it. */
export interface ScanRefusal {
  message: ScanRefusalBody["message"];
  reason: string | null;
  overridable: ScanRefusalBody["overridable"];
}

export type ScanOutcome = { kind: "recorded"; result: ScanResult } | { kind: "queued"; write: QueuedWrite } | { kind: "refused"; refusal: ScanRefusal };
