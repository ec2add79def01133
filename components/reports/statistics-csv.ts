import { toCsv as toCsvText } from "@/lib/exports/csv";
import type { StatisticsTable } from "@/lib/validations/reports";

/** A statistics table as CSV through the one writer (lib/exports/csv: RFC 4180, formula-guarded, the header too). */
export function toCsv(table: StatisticsTable): string {
  return toCsvText(
    table.columns.map((c) => c.label),
    table.rows.map((row) => table.columns.map((c) => row[c.key])),
  );
}
