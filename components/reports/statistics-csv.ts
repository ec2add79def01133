import type { StatisticsTable } from "@/lib/validations/reports";

/**
 * A table as CSV (RFC 4180: quotes doubled, fields with commas, quotes or line breaks quoted).
 * Text that a spreadsheet would run as a formula (=, +, -, @ first) gets a leading apostrophe.
 */
export function toCsv(table: StatisticsTable): string {
  const cell = (value: unknown): string => {
    if (value === null || value === undefined) return "";
    let text = String(value);
    if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  const lines = [table.columns.map((c) => cell(c.label)).join(","), ...table.rows.map((row) => table.columns.map((c) => cell(row[c.key])).join(","))];
  return `${lines.join("\r\n")}\r\n`;
}
