import "server-only";
import { PDFDocument, StandardFonts, type PDFFont, type PDFPage } from "pdf-lib";
import { COMPANY_NAME } from "@/lib/constants";
import { BUSINESS_TIME_ZONE, dateKeyOf } from "@/lib/dates";
import { clock24, localDateTime } from "@/lib/dates/wall-clock";
import { rangeInstants } from "@/lib/dates/instants";
import { db } from "@/lib/db";
import { toCsv } from "@/lib/exports/csv";
import { INK, MUTED, fit, pdfSafe } from "@/lib/exports/pdf-kit";
import { Prisma } from "@/lib/generated/prisma/client";
import { notFound } from "@/lib/http/app-error";
import { SERVICE_TYPE_LABELS, type ServiceType } from "@/lib/cases/stations";
import type { Caller } from "@/lib/auth/resolve-caller";
import { recordAudit } from "@/lib/services/audit/record-audit";
import type { CremationLog, CremationLogQuery, CremationLogRow, Retention, RetentionInput } from "@/lib/validations/cremation-log";

/** The column's default (migration 20261209150000_cremation_log_retention). */
const DEFAULT_RETENTION_YEARS = 7;

/**
 * The cremation log (docs/cases.md "Cremation log"): every case's passage through a chamber that
 * entered it in the range (the chamber_occupancies rows, index on entered_at), by business day and
 * chamber, numbered in cycles: cases whose times in one chamber overlap share a cycle. Each row
 * carries the case, its service type, chamber in and out, the operator (who scanned chamber in)
 * and the body and remains weights. One query per page (window functions number the cycles and
 * count the rows), one more for the chamber's name when the log is filtered by chamber.
 */

type Range = Pick<CremationLogQuery, "from" | "to" | "chamberId">;

interface LogRow {
  day: string;
  chamber_id: string;
  chamber_name: string;
  cycle: bigint;
  number: string;
  pet_name: string;
  pet_species: string;
  service_type: ServiceType;
  entered_at: Date;
  exited_at: Date | null;
  first_name: string | null;
  last_name: string | null;
  body_lbs: number | null;
  remains_lbs: number | null;
  total: bigint;
  cycles: bigint;
}

async function chamberOf(chamberId: string | undefined) {
  if (!chamberId) return null;
  const chamber = await db.cremationChamber.findUnique({ where: { id: chamberId }, select: { id: true, name: true } });
  if (!chamber) throw notFound("Chamber not found");
  return chamber;
}

async function logRows(range: Range, page: { limit: number | null; offset: number }): Promise<LogRow[]> {
  const { startsAt, endsAt } = rangeInstants(range.from, range.to);
  const chamber = range.chamberId ? Prisma.sql`AND o.chamber_id = ${range.chamberId}::uuid` : Prisma.empty;
  return db.$queryRaw<LogRow[]>`
    WITH occ AS (
      SELECT o.id, o.chamber_id, o.case_id, o.service_type, o.entered_at, o.exited_at,
             MAX(COALESCE(o.exited_at, 'infinity'::timestamptz)) OVER (
               PARTITION BY o.chamber_id ORDER BY o.entered_at, o.id ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING
             ) AS prev_end
      FROM chamber_occupancies o
      WHERE o.entered_at >= ${startsAt} AND o.entered_at < ${endsAt} ${chamber}
    ), islands AS (
      SELECT occ.*, SUM(CASE WHEN prev_end IS NULL OR entered_at >= prev_end THEN 1 ELSE 0 END) OVER (PARTITION BY chamber_id ORDER BY entered_at, id) AS island,
             CASE WHEN prev_end IS NULL OR entered_at >= prev_end THEN 1 ELSE 0 END AS is_new
      FROM occ
    ), dated AS (
      SELECT islands.*, (MIN(entered_at) OVER (PARTITION BY chamber_id, island) AT TIME ZONE ${BUSINESS_TIME_ZONE})::date AS day
      FROM islands
    ), numbered AS (
      SELECT dated.*, DENSE_RANK() OVER (PARTITION BY chamber_id, day ORDER BY island) AS cycle,
             COUNT(*) OVER () AS total, SUM(is_new) OVER () AS cycles
      FROM dated
    )
    SELECT n.day::text AS day, n.chamber_id::text AS chamber_id, ch.name AS chamber_name, n.cycle,
           c.number, c.pet_name, c.pet_species, n.service_type::text AS service_type, n.entered_at, n.exited_at,
           u.first_name, u.last_name, c.pet_weight_lbs::float8 AS body_lbs, c.remains_weight_lbs::float8 AS remains_lbs,
           n.total, n.cycles
    FROM numbered n
    JOIN cremation_chambers ch ON ch.id = n.chamber_id
    JOIN cases c ON c.id = n.case_id
    LEFT JOIN LATERAL (
      SELECT e.member_id FROM case_events e
      WHERE e.case_id = n.case_id AND e.kind = 'scan' AND e.station = 'chamber_in' AND e.chamber_id = n.chamber_id
      ORDER BY e.seq DESC LIMIT 1
    ) scan_in ON true
    LEFT JOIN users u ON u.id = scan_in.member_id
    ORDER BY n.day, ch.name, n.cycle, n.entered_at, n.id
    LIMIT ${page.limit} OFFSET ${page.offset}`;
}

const toRow = (r: LogRow): CremationLogRow => ({
  day: r.day,
  chamber: { id: r.chamber_id, name: r.chamber_name },
  cycle: Number(r.cycle),
  caseNumber: r.number,
  petName: r.pet_name,
  petSpecies: r.pet_species,
  serviceType: r.service_type,
  startedAt: r.entered_at.toISOString(),
  endedAt: r.exited_at?.toISOString() ?? null,
  operator: r.first_name === null ? null : `${r.first_name} ${r.last_name ?? ""}`.trim(),
  bodyWeightLbs: r.body_lbs,
  remainsWeightLbs: r.remains_lbs,
});

/** GET /api/cases/cremation-log: one page of the log. */
export async function getCremationLog(query: CremationLogQuery): Promise<CremationLog> {
  const [chamber, rows, retention] = await Promise.all([chamberOf(query.chamberId), logRows(query, { limit: query.limit, offset: query.offset }), getRetention()]);
  // A page past the end has no row to carry the totals: read them off the first row.
  const first = rows[0] ?? (query.offset > 0 ? (await logRows(query, { limit: 1, offset: 0 }))[0] : undefined);
  return {
    retentionYears: retention.years,
    from: query.from,
    to: query.to,
    chamber,
    items: rows.map(toRow),
    total: first ? Number(first.total) : 0,
    cycles: first ? Number(first.cycles) : 0,
  };
}

/** The retention period (organization_settings, id 1; 7 years when the row does not exist yet). */
export async function getRetention(): Promise<Retention> {
  const row = await db.organizationSettings.findUnique({ where: { id: 1 }, select: { caseRetentionYears: true, updatedAt: true } });
  return { years: row?.caseRetentionYears ?? DEFAULT_RETENTION_YEARS, updatedAt: row?.updatedAt.toISOString() ?? null };
}

/** PUT /api/cases/retention (admins): the new period, audited as `cases.retention`. The database reads it on every delete. */
export async function updateRetention(caller: Caller, input: RetentionInput): Promise<Retention> {
  await db.$transaction(async (tx) => {
    const before = await tx.organizationSettings.findUnique({ where: { id: 1 }, select: { caseRetentionYears: true } });
    await tx.organizationSettings.upsert({
      where: { id: 1 },
      create: { id: 1, caseRetentionYears: input.years, updatedById: caller.userId },
      update: { caseRetentionYears: input.years, updatedById: caller.userId },
    });
    await recordAudit(tx, {
      actorId: caller.userId,
      action: "cases.retention",
      entityType: "organization_settings",
      entityId: "1",
      before: { caseRetentionYears: before?.caseRetentionYears ?? DEFAULT_RETENTION_YEARS },
      after: { caseRetentionYears: input.years },
    });
  });
  return getRetention();
}

export interface CremationLogDocument {
  from: string;
  to: string;
  chamber: { id: string; name: string } | null;
  rows: CremationLogRow[];
  cycles: number;
  generatedAt: Date;
  generatedBy: string;
}

/** The whole range (at most a year, the query's limit) for the PDF and the CSV. */
export async function cremationLogDocument(query: Range, generatedBy: string, now = new Date()): Promise<CremationLogDocument> {
  const chamber = await chamberOf(query.chamberId);
  const rows = await logRows(query, { limit: null, offset: 0 });
  return { from: query.from, to: query.to, chamber, rows: rows.map(toRow), cycles: rows[0] ? Number(rows[0].cycles) : 0, generatedAt: now, generatedBy };
}

const weight = (lbs: number | null) => (lbs === null ? "" : lbs.toFixed(2));

export const CREMATION_LOG_HEADER = ["Day", "Chamber", "Cycle", "Case", "Pet", "Species", "Service type", "Chamber in", "Chamber out", "Operator", "Body weight (lb)", "Remains weight (lb)"];

/** The CSV: one row per case and chamber passage, times as local "yyyy-MM-dd HH:mm" in the business zone. */
export function cremationLogCsv(doc: CremationLogDocument): string {
  const rows = doc.rows.map((r) => [
    r.day,
    r.chamber.name,
    r.cycle,
    r.caseNumber,
    r.petName,
    r.petSpecies,
    SERVICE_TYPE_LABELS[r.serviceType],
    localDateTime(r.startedAt),
    r.endedAt ? localDateTime(r.endedAt) : "",
    r.operator ?? "",
    weight(r.bodyWeightLbs),
    weight(r.remainsWeightLbs),
  ]);
  return toCsv(CREMATION_LOG_HEADER, rows, { bom: true });
}

export const cremationLogFileName = (doc: Pick<CremationLogDocument, "from" | "to" | "chamber">, ext: "pdf" | "csv") =>
  `cremation-log-${doc.chamber ? `${doc.chamber.name}-` : ""}${doc.from}-to-${doc.to}.${ext}`.replace(/[^A-Za-z0-9._-]+/g, "-");

// Landscape Letter, the columns of the table (x offset, width).
const PAGE: [number, number] = [792, 612];
const MARGIN = 36;
const COLUMNS = [
  { title: "Cycle", width: 34 },
  { title: "Case", width: 82 },
  { title: "Pet", width: 160 },
  { title: "Service", width: 66 },
  { title: "In", width: 40 },
  { title: "Out", width: 62 },
  { title: "Operator", width: 120 },
  { title: "Body lb", width: 76, right: true },
  { title: "Remains lb", width: 80, right: true },
] as const;

/**
 * The inspector's document: the business's name, "Cremation log", the range and the chamber on
 * every page, the rows grouped by day and chamber, "Page n of N" and "Generated … by …" at the foot.
 */
export async function cremationLogPdf(doc: CremationLogDocument): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const rangeText = `${doc.from} to ${doc.to}`;
  pdf.setTitle(`${COMPANY_NAME} - Cremation log - ${rangeText}`);
  pdf.setAuthor(COMPANY_NAME);
  pdf.setCreationDate(doc.generatedAt);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const [width, height] = PAGE;
  let page: PDFPage;
  let y = 0;

  const text = (value: string, x: number, size: number, f: PDFFont = font, color = INK) => page.drawText(pdfSafe(value), { x, y, size, font: f, color });
  const tableHeader = () => {
    let x = MARGIN;
    for (const col of COLUMNS) {
      const w = bold.widthOfTextAtSize(col.title, 8);
      text(col.title, "right" in col ? x + col.width - 6 - w : x, 8, bold, MUTED);
      x += col.width;
    }
    y -= 4;
    page.drawLine({ start: { x: MARGIN, y }, end: { x: width - MARGIN, y }, thickness: 0.5, color: MUTED });
    y -= 12;
  };
  const newPage = () => {
    page = pdf.addPage(PAGE);
    y = height - MARGIN - 14;
    text(COMPANY_NAME, MARGIN, 14, bold);
    const title = "Cremation log";
    text(title, width - MARGIN - bold.widthOfTextAtSize(title, 14), 14, bold);
    y -= 18;
    text(`${rangeText} (${BUSINESS_TIME_ZONE})   ${doc.chamber ? doc.chamber.name : "All chambers"}`, MARGIN, 10, font, MUTED);
    y -= 22;
  };
  const room = (needed: number) => {
    if (y - needed < MARGIN + 24) {
      newPage();
      tableHeader();
      return true;
    }
    return false;
  };

  newPage();
  const cremations = doc.rows.length;
  text(`${cremations} ${cremations === 1 ? "cremation" : "cremations"} in ${doc.cycles} ${doc.cycles === 1 ? "cycle" : "cycles"}. Times are chamber in and chamber out; the operator scanned the pet into the chamber; weights in pounds (body at intake, remains at processing).`, MARGIN, 8.5, font, INK);
  y -= 20;
  if (cremations === 0) {
    text("No cremations in this range.", MARGIN, 11, font, INK);
  } else {
    tableHeader();
    let group = "";
    for (const r of doc.rows) {
      const key = `${r.day}|${r.chamber.id}`;
      if (key !== group) {
        if (!room(34) && group) y -= 4;
        group = key;
        text(`${r.day}  -  ${r.chamber.name}`, MARGIN, 9.5, bold);
        y -= 14;
      } else if (room(14)) {
        // A day and chamber carried over to a new page is named again.
        text(`${r.day}  -  ${r.chamber.name} (continued)`, MARGIN, 9.5, bold);
        y -= 14;
      }
      const cells = [
        String(r.cycle),
        r.caseNumber,
        `${r.petName} (${r.petSpecies})`,
        SERVICE_TYPE_LABELS[r.serviceType].replace(/ cremation$/, ""),
        clock24(r.startedAt),
        // Out on the day it went in: the time; on a later day: "12-08 09:10".
        r.endedAt ? (dateKeyOf(r.endedAt) === dateKeyOf(r.startedAt) ? clock24(r.endedAt) : localDateTime(r.endedAt).slice(5)) : "in chamber",
        r.operator ?? "-",
        weight(r.bodyWeightLbs) || "-",
        weight(r.remainsWeightLbs) || "-",
      ];
      let x = MARGIN;
      COLUMNS.forEach((col, i) => {
        const value = fit(cells[i], font, 8.5, col.width - 6);
        const w = font.widthOfTextAtSize(value, 8.5);
        text(value, "right" in col ? x + col.width - 6 - w : x, 8.5);
        x += col.width;
      });
      y -= 13;
    }
  }

  const pages = pdf.getPages();
  const generated = `Generated ${localDateTime(doc.generatedAt)} (${BUSINESS_TIME_ZONE}) by ${doc.generatedBy}`;
  pages.forEach((p, i) => {
    const label = `Page ${i + 1} of ${pages.length}`;
    p.drawLine({ start: { x: MARGIN, y: MARGIN + 12 }, end: { x: width - MARGIN, y: MARGIN + 12 }, thickness: 0.5, color: MUTED });
    p.drawText(pdfSafe(generated), { x: MARGIN, y: MARGIN, size: 8, font, color: MUTED });
    p.drawText(label, { x: width - MARGIN - font.widthOfTextAtSize(label, 8), y: MARGIN, size: 8, font, color: MUTED });
  });
  return pdf.save();
}
