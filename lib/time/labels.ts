/** The payroll export's spreadsheet format (`format=xlsx`). */
export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** How a punch was made, as the time screens show it. */
export const SOURCE_LABELS: Record<string, string> = { desktop: "Desktop", qr: "QR", mobile: "Mobile" };

/** A time card row's counts of what needs a look. */
export interface CardFlags {
  open: number;
  forgotten: number;
  autoClosed: number;
  deactivated: number;
  offline: number;
  edited: number;
  pendingCorrections: number;
}

/** Flags of a card row as words, for the screen and the payroll CSV. */
export function flagWords(flags: CardFlags, locked: boolean): string[] {
  const words: string[] = [];
  if (flags.open) words.push(`${flags.open} open`);
  if (flags.forgotten) words.push(`${flags.forgotten} forgotten punch-out`);
  if (flags.autoClosed) words.push(`${flags.autoClosed} auto-closed`);
  if (flags.deactivated) words.push(`${flags.deactivated} closed at deactivation`);
  if (flags.offline) words.push(`${flags.offline} recorded offline`);
  if (flags.edited) words.push(`${flags.edited} edited`);
  if (flags.pendingCorrections) words.push(`${flags.pendingCorrections} correction requested`);
  if (locked) words.push("locked");
  return words;
}
