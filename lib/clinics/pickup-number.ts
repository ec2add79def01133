/**
 * Pickup request numbers: "P-<year>-<seq>", seq at least five digits (P-2026-00042), gapless per
 * year. Pure: parsing and formatting for the server, the portal and the label.
 */
export const PICKUP_NUMBER_PATTERN = /^P-(\d{4})-(\d{5,})$/;

export function formatPickupNumber(year: number, seq: number): string {
  return `P-${year}-${String(seq).padStart(5, "0")}`;
}

/** The year and sequence of a pickup number (case-insensitive, spaces trimmed), or null. */
export function parsePickupNumber(text: string): { year: number; seq: number; number: string } | null {
  const match = PICKUP_NUMBER_PATTERN.exec(text.trim().toUpperCase());
  if (!match) return null;
  const year = Number(match[1]);
  const seq = Number(match[2]);
  if (seq < 1 || !Number.isSafeInteger(seq)) return null;
  return { year, seq, number: formatPickupNumber(year, seq) };
}

/** The counters row that numbers a year's pickup requests. */
export const pickupNumberCounter = (year: number) => `pickup_number:${year}`;
