import "server-only";
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from "pdf-lib";
import { COMPANY_NAME } from "@/lib/constants";
import { toCsv } from "@/lib/exports/csv";
import { countedEnd, hours, roundForExport } from "@/lib/time/calc";
import { clock24, localDateTime } from "@/lib/dates/wall-clock";
import type { TimeCard } from "./get-time-card";
import type { TimeLog } from "@/lib/validations/time";

/**
 * The exports. CSV through lib/exports/csv (RFC 4180, formula-guarded cells), UTF-8 with a BOM so
 * LibreOffice and Excel read names correctly, hours as decimals with 2 places.
 */
const csv = (header: string[], rows: (string | number)[][]) => toCsv(header, rows, { bom: true });

const fullName = (m: { firstName: string; lastName: string }) => `${m.firstName} ${m.lastName}`.trim();

export const PAYROLL_DETAIL_HEADER = ["Member", "Employee ID", "Punch in", "Punch out", "In source", "Out source", "Out reason", "Hours", "Flags"];

/** One row per punch of the pay period (a punch across the boundary is listed whole; totals split it). */
export function payrollDetailTable(card: TimeCard, now = new Date()): { header: string[]; rows: (string | number)[][] } {
  const rows: (string | number)[][] = [];
  for (const row of card.rows) {
    for (const p of row.punches) {
      const flags = [
        p.punchOutAt === null ? "open" : "",
        p.flaggedAt ? "forgotten punch-out" : "",
        p.autoClosed ? "auto-closed (counts 0 until corrected)" : "",
        p.outReason === "Deactivated" ? "closed at deactivation" : "",
      ].filter(Boolean);
      rows.push([
        fullName(row.member),
        row.member.id,
        localDateTime(p.punchInAt, card.timeZone),
        p.punchOutAt ? localDateTime(p.punchOutAt, card.timeZone) : "",
        p.inSource,
        p.outSource ?? "",
        p.outReason === "Other" && p.outReasonOther ? `Other: ${p.outReasonOther}` : (p.outReason ?? ""),
        hours(countedEnd(p, now) - p.punchInAt.getTime()),
        flags.join("; "),
      ]);
    }
  }
  return { header: PAYROLL_DETAIL_HEADER, rows };
}

export const TIME_LOG_HEADER = ["Date", "Punch in", "Punch out", "Sources", "Reason", "Tasks", "Day worked hours", "Regular hours", "Overtime hours", "Paid break hours", "Unpaid break hours", "Flags"];

/** /time-logs export: one row per punch (days without punches get one empty row), then a total row. */
export function timeLogCsv(log: TimeLog): string {
  const step = log.policy.exportRoundingMinutes;
  const rows: (string | number)[][] = [];
  for (const day of log.days) {
    const dayCells = [hours(day.workedMs), hours(day.regularMs), hours(day.overtimeMs), hours(day.paidBreakMs), hours(day.unpaidBreakMs)];
    if (day.punches.length === 0) {
      rows.push([day.date, "", "", "", "", "", ...dayCells, ""]);
      continue;
    }
    day.punches.forEach((p, i) => {
      const flags = Object.entries(p.flags)
        .filter(([, on]) => on)
        .map(([name]) => name);
      rows.push([
        day.date,
        clock24(p.punchInAt, log.timeZone),
        p.punchOutAt ? clock24(p.punchOutAt, log.timeZone) : "",
        [p.inSource, p.outSource].filter(Boolean).join(" / "),
        p.outReason ?? "",
        p.entries.map((e) => `#${e.task.displayNumber} ${e.task.title} (${hours(e.ms)} h)`).join("; "),
        ...(i === 0 ? dayCells : ["", "", "", "", ""]),
        flags.join("; "),
      ]);
    });
  }
  const t = roundForExport(log.totals, step);
  rows.push(["Total", "", "", "", "", "", hours(t.workedMs), hours(t.regularMs), hours(t.overtimeMs), hours(t.paidBreakMs), hours(t.unpaidBreakMs), step ? `rounded to ${step} min` : ""]);
  return csv(TIME_LOG_HEADER, rows);
}

const INK = rgb(0.07, 0.09, 0.15);
const MUTED = rgb(0.35, 0.38, 0.45);

/** /time-logs export as a printable Letter PDF (pdf-lib, like the punch QR). */
export async function timeLogPdf(log: TimeLog): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const name = fullName(log.member);
  pdf.setTitle(`${COMPANY_NAME} - Time log - ${name} - ${log.range.from} to ${log.range.to}`);
  pdf.setAuthor(COMPANY_NAME);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const margin = 48;
  let page: PDFPage = pdf.addPage([612, 792]);
  let y = 792 - margin;
  const line = (text: string, size = 10, f: PDFFont = font, color = INK, x = margin) => {
    if (y < margin + size) {
      page = pdf.addPage([612, 792]);
      y = 792 - margin;
    }
    // Standard fonts are WinAnsi: drop what they cannot draw rather than fail.
    const printable = text.replace(/[^\x20-\x7E\u00A0-\u00FF]/g, "?");
    page.drawText(printable, { x, y, size, font: f, color });
    y -= size + 5;
  };
  line(COMPANY_NAME, 16, bold);
  line(`Time log: ${name}`, 13, bold);
  line(`${log.range.from} to ${log.range.to} (${log.timeZone})`, 10, font, MUTED);
  y -= 6;
  const step = log.policy.exportRoundingMinutes;
  const t = roundForExport(log.totals, step);
  line(
    `Worked ${hours(t.workedMs)} h   Regular ${hours(t.regularMs)} h   Overtime ${hours(t.overtimeMs)} h   Unpaid break ${hours(t.unpaidBreakMs)} h${step ? `   (rounded to ${step} min)` : ""}`,
    10,
    bold,
  );
  y -= 6;
  for (const day of log.days) {
    line(`${day.date}   worked ${hours(day.workedMs)} h   regular ${hours(day.regularMs)} h   overtime ${hours(day.overtimeMs)} h`, 10, bold);
    if (day.punches.length === 0) line("No punches", 9, font, MUTED, margin + 14);
    for (const p of day.punches) {
      const flags = Object.entries(p.flags)
        .filter(([, on]) => on)
        .map(([n]) => n)
        .join(", ");
      line(
        `${clock24(p.punchInAt, log.timeZone)} - ${p.punchOutAt ? clock24(p.punchOutAt, log.timeZone) : "open"}   ${p.inSource}${p.outSource ? `/${p.outSource}` : ""}   ${p.outReason ?? ""}   ${hours(p.ms)} h${flags ? `   [${flags}]` : ""}`,
        9,
        font,
        INK,
        margin + 14,
      );
      for (const e of p.entries) line(`#${e.task.displayNumber} ${e.task.title}   ${hours(e.ms)} h`, 8, font, MUTED, margin + 28);
    }
    for (const b of day.breaks) line(`${b.reason} break ${clock24(b.startsAt, log.timeZone)} - ${clock24(b.endsAt, log.timeZone)}: paid ${hours(b.paidMs)} h, unpaid ${hours(b.unpaidMs)} h`, 8, font, MUTED, margin + 14);
  }
  return pdf.save();
}
