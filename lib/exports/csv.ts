/**
 * The one CSV writer (RFC 4180): fields with a comma, a quote or a line break are quoted, quotes
 * doubled, CRLF line ends, a final CRLF. Every text cell, the header row's included, goes through
 * safeCell. Pure: the statistics screen builds its download in the browser with it.
 */

/** A CSV or XLSX cell: text, a number (written as is), or empty. */
export type Cell = string | number | null | undefined;

/**
 * Formula injection: a text cell starting with = + - @ (or a tab / carriage return) gets a
 * leading ' so no spreadsheet runs it as a formula. Numbers are left alone (-2 stays a number).
 */
export function safeCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** One field as written: guarded, then quoted when it must be. */
export function csvCell(value: Cell): string {
  if (value === null || value === undefined) return "";
  const text = typeof value === "string" ? safeCell(value) : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * A header row and the data rows as CSV text. `bom`: a leading UTF-8 byte-order mark, so Excel
 * and LibreOffice read accented names correctly when the file is opened by double-click.
 */
export function toCsv(header: readonly string[], rows: readonly (readonly Cell[])[], options: { bom?: boolean } = {}): string {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(","));
  return `${options.bom ? "\uFEFF" : ""}${lines.join("\r\n")}\r\n`;
}
