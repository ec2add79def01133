import "server-only";
import ExcelJS from "exceljs";
import { safeCell, type Cell } from "./csv";

/** One sheet, a bold header row, numbers as numbers; text cells (the header's too) guarded as in the CSV. */
export async function toXlsx(sheetName: string, header: readonly string[], rows: readonly (readonly Cell[])[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = "BFS Tasks";
  const sheet = workbook.addWorksheet(sheetName);
  sheet.addRow(header.map(safeCell)).font = { bold: true };
  for (const row of rows) sheet.addRow(row.map((c) => (typeof c === "string" ? safeCell(c) : (c ?? null))));
  sheet.columns.forEach((column, i) => {
    column.width = Math.min(40, Math.max(10, header[i]?.length ?? 10) + 2);
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
