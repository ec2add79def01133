import { PUNCH_OUT_REASONS, type PunchOutReason } from "@/lib/constants";

/** The out reason of a punch closed because its member was deactivated (not one a member picks). */
export const DEACTIVATED_REASON = "Deactivated";

/** The reason that needs free text (spec §5). */
export const OTHER_REASON: PunchOutReason = "Other";
export const REASON_OTHER_MAX_LENGTH = 500;

export function isPunchOutReason(value: unknown): value is PunchOutReason {
  return typeof value === "string" && (PUNCH_OUT_REASONS as readonly string[]).includes(value);
}

/**
 * Whether the reason dialog may confirm: a reason from the list, and for Other a specification
 * that is not blank (and not longer than the server accepts).
 */
export function isReasonComplete(reason: string | null | undefined, reasonOther: string | null | undefined): boolean {
  if (!isPunchOutReason(reason)) return false;
  if (reason !== OTHER_REASON) return true;
  const text = (reasonOther ?? "").trim();
  return text.length > 0 && text.length <= REASON_OTHER_MAX_LENGTH;
}

export interface PunchOutPayload {
  location: string;
  reason: PunchOutReason;
  reasonOther?: string;
  forceClockOut?: true;
}

/**
 * The punch-out body: the extra text only when Other is chosen (trimmed), and the force flag
 * only when forcing, so an ordinary punch-out sends exactly location and reason.
 */
export function buildPunchOutPayload(
  input: { reason: PunchOutReason; reasonOther?: string | null; location: string },
  force = false,
): PunchOutPayload {
  const payload: PunchOutPayload = { location: input.location, reason: input.reason };
  if (input.reason === OTHER_REASON) payload.reasonOther = (input.reasonOther ?? "").trim();
  if (force) payload.forceClockOut = true;
  return payload;
}
