/**
 * Case numbers: "C-<year>-<seq>", seq at least five digits (C-2026-00042), gapless per year.
 * Pure: parsing and formatting for the server, the scan screen and the label.
 */
export const CASE_NUMBER_PATTERN = /^C-(\d{4})-(\d{5,})$/;

export function formatCaseNumber(year: number, seq: number): string {
  return `C-${year}-${String(seq).padStart(5, "0")}`;
}

/** The year and sequence of a case number (case-insensitive, spaces trimmed), or null. */
export function parseCaseNumber(text: string): { year: number; seq: number; number: string } | null {
  const match = CASE_NUMBER_PATTERN.exec(text.trim().toUpperCase());
  if (!match) return null;
  const year = Number(match[1]);
  const seq = Number(match[2]);
  if (seq < 1 || !Number.isSafeInteger(seq)) return null;
  return { year, seq, number: formatCaseNumber(year, seq) };
}

/** The counters row that numbers a year's cases. */
export const caseNumberCounter = (year: number) => `case_number:${year}`;
