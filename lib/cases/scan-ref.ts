/**
 * What the scan screen sends as a case reference: the text a QR code or a person gave it, read as
 * the label's link (`…/scan?t=<label token>` → the token), a case number (normalised to
 * C-2026-00042), or else a tag serial as typed. Pure: unit-tested beside it.
 */
import { parseCaseNumber } from "./case-number";

export function scanRefOf(text: string): string | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  if (/^https?:\/\//i.test(trimmed) || trimmed.startsWith("/scan")) {
    try {
      const url = new URL(trimmed, "http://label.invalid");
      const token = url.searchParams.get("t")?.trim();
      if (token) return token;
    } catch {
      // Not a URL after all: read it as typed.
    }
  }
  return parseCaseNumber(trimmed)?.number ?? trimmed;
}

/** Whether a reference is a case number (shown as is) rather than a tag serial or a token. */
export const isCaseNumberRef = (ref: string) => parseCaseNumber(ref) !== null;
