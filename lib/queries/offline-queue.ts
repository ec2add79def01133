import { sendRequest } from "@/lib/api-client";
import { offlinePath } from "@/lib/offline/paths";
import type { Sender } from "@/lib/offline/replay";

/**
 * Sends one queued write (a punch or a case scan) to its route (lib/offline/paths.ts) and reads
 * the answer without throwing: the replayer decides what the status means. Every replayer of the
 * one device queue uses this sender, so any of them can send any entry.
 */
export const sendQueuedWrite: Sender = async (entry, body) => {
  const response = await sendRequest("POST", offlinePath(entry), body);
  const text = await response.text();
  let parsed: unknown = undefined;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = text;
  }
  return { status: response.status, body: parsed };
};
