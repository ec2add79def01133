import { z } from "zod";
import { SERVICE_TYPES } from "@/lib/cases/stations";
import { UUID_PATTERN } from "./ids";

/**
 * The cremation log (docs/cases.md "Cremation log"): chamber cycles by day, read on /cases/log and
 * downloaded as PDF or CSV for an inspector. A range is whole business days, both included, at
 * most CREMATION_LOG_MAX_DAYS long.
 */
export const CREMATION_LOG_MAX_DAYS = 366;
export const CREMATION_LOG_PAGE_MAX = 200;
export const CREMATION_LOG_FORMATS = ["pdf", "csv"] as const;

const day = (example: string) =>
  z
    .string({ error: `must be a date like ${example}` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `must be a date like ${example}`)
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), "must be a real calendar date");

const blankToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

const range = {
  from: day("2026-11-01"),
  to: day("2026-11-30"),
  chamberId: z.preprocess(blankToUndefined, z.string().regex(UUID_PATTERN, "must be a uuid").optional()),
};

/** `from` on or before `to`, and the range at most CREMATION_LOG_MAX_DAYS days (400s naming the field). */
const checkRange = (v: { from: string; to: string }, ctx: z.RefinementCtx) => {
  if (v.from > v.to) ctx.addIssue({ code: "custom", message: "must be on or before to", path: ["from"] });
  else if ((Date.parse(v.to) - Date.parse(v.from)) / 86_400_000 >= CREMATION_LOG_MAX_DAYS) ctx.addIssue({ code: "custom", message: `the range is at most ${CREMATION_LOG_MAX_DAYS} days`, path: ["to"] });
};

/** GET /api/cases/cremation-log: one page of the log's rows. */
export const cremationLogQuerySchema = z
  .object({
    ...range,
    limit: z.coerce.number({ error: "must be a number" }).int("must be a whole number").min(1, "must be at least 1").max(CREMATION_LOG_PAGE_MAX, `must be at most ${CREMATION_LOG_PAGE_MAX}`).default(50),
    offset: z.coerce.number({ error: "must be a number" }).int("must be a whole number").min(0, "must be at least 0").max(1_000_000, "must be at most 1000000").default(0),
  })
  .superRefine(checkRange);
export type CremationLogQuery = z.output<typeof cremationLogQuerySchema>;

/** GET /api/cases/cremation-log/export: the whole range as a PDF (inline) or a CSV (download). */
export const cremationLogExportQuerySchema = z.object({ ...range, format: z.enum(CREMATION_LOG_FORMATS, { error: "must be pdf or csv" }).default("pdf") }).superRefine(checkRange);
export type CremationLogExportQuery = z.output<typeof cremationLogExportQuerySchema>;

/** One case's passage through a chamber: a row of the log. */
export const cremationLogRowSchema = z.object({
  /** The business day (yyyy-MM-dd) the case entered the chamber. */
  day: z.string(),
  chamber: z.object({ id: z.string(), name: z.string() }),
  /** The chamber's cycle that day (1, 2 …): cases whose times in the chamber overlap share one. */
  cycle: z.number().int(),
  caseNumber: z.string(),
  petName: z.string(),
  petSpecies: z.string(),
  serviceType: z.enum(SERVICE_TYPES),
  /** Chamber in and chamber out (null while the case is still inside). */
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  /** Who scanned the case into the chamber. */
  operator: z.string().nullable(),
  /** Pounds, as recorded at intake and at processing. */
  bodyWeightLbs: z.number().nullable(),
  remainsWeightLbs: z.number().nullable(),
});
export type CremationLogRow = z.infer<typeof cremationLogRowSchema>;

/** PUT /api/cases/retention: how many years a closed case and its custody records are kept (admins). */
export const RETENTION_YEARS_MIN = 1;
export const RETENTION_YEARS_MAX = 100;
export const retentionSchema = z.object({
  // A number, or the text of one (the dialog's number field); nothing else is read as one (true is not 1).
  years: z.preprocess(
    (v) => (typeof v === "string" && /^\s*\d+(\.\d+)?\s*$/.test(v) ? Number(v) : v),
    z
      .number({ error: "Years must be a number" })
      .int("Years must be a whole number")
      .min(RETENTION_YEARS_MIN, `Years must be at least ${RETENTION_YEARS_MIN}`)
      .max(RETENTION_YEARS_MAX, `Years must be at most ${RETENTION_YEARS_MAX}`),
  ),
});
export type RetentionInput = z.output<typeof retentionSchema>;
export type RetentionBody = z.input<typeof retentionSchema>;
export const retentionViewSchema = z.object({ years: z.number().int(), updatedAt: z.string().nullable() });
export type Retention = z.infer<typeof retentionViewSchema>;

export const cremationLogSchema = z.object({
  /** The retention period in years (records of a case closed less than this ago cannot be deleted). */
  retentionYears: z.number().int(),
  from: z.string(),
  to: z.string(),
  chamber: z.object({ id: z.string(), name: z.string() }).nullable(),
  items: z.array(cremationLogRowSchema),
  total: z.number().int(),
  /** Cycles in the whole range (not just this page). */
  cycles: z.number().int(),
});
export type CremationLog = z.infer<typeof cremationLogSchema>;
