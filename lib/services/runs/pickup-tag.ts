import "server-only";
import { verifyLabelToken } from "@/lib/services/cases/tokens";

/**
 * Whether what the driver scanned or typed off the pet's label names this pickup request: the
 * request's number ("P-2026-00012", any case), or the label's signed token (what its QR carries
 * after `?t=`, alone or as the whole scanned URL). A token whose signature is wrong names nothing.
 */
export function pickupTagMatches(tag: string, requestNumber: string): boolean {
  const text = tag.trim();
  let token = text;
  const query = text.indexOf("?");
  if (query >= 0) token = new URLSearchParams(text.slice(query + 1)).get("t") ?? "";
  if (token.toUpperCase() === requestNumber.toUpperCase()) return true;
  const named = verifyLabelToken(token);
  return named !== null && named.toUpperCase() === requestNumber.toUpperCase();
}
