import { z } from "zod";
import { isDateKey } from "@/lib/dates/days";
import { isoDateTime } from "./common";
import { UUID_PATTERN } from "./ids";
import { multilineText, text } from "./text";

/**
 * Operators and chambers on record (docs/cases.md "Operators and chambers"): members'
 * certifications, the who-may-load setting, a chamber's maintenance log and out of service.
 */

export const MAINTENANCE_KINDS = ["inspection", "repair"] as const;
/** Every kind in the log: what people record, and what taking a chamber out of service (and back) writes. */
export const MAINTENANCE_LOG_KINDS = [...MAINTENANCE_KINDS, "out_of_service", "back_in_service"] as const;
export type MaintenanceLogKind = (typeof MAINTENANCE_LOG_KINDS)[number];
export const MAINTENANCE_KIND_LABELS: Record<MaintenanceLogKind, string> = {
  inspection: "Inspection",
  repair: "Repair",
  out_of_service: "Out of service",
  back_in_service: "Back in service",
};

/** A certification expiring within this many days shows as "Expires soon". */
export const EXPIRING_SOON_DAYS = 30;
export const CERTIFICATION_STATUSES = ["current", "expiring", "expired", "not_yet_valid"] as const;
export type CertificationStatus = (typeof CERTIFICATION_STATUSES)[number];

const blankToNull = (value: unknown) => (typeof value === "string" && value.trim() === "" ? null : value);
const uuid = (field: string) => z.string({ error: `${field} is required` }).regex(UUID_PATTERN, `${field} must be a valid uuid`);
const day = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date (yyyy-MM-dd)`)
    .refine(isDateKey, `${label} must be a valid date`);

// ---------------------------------------------------------------- requests

export const addCertificationSchema = z
  .object({
    /** Makes the write idempotent: the same uuid twice records one certification. */
    clientUuid: z.preprocess(blankToNull, uuid("clientUuid").nullish()),
    memberId: uuid("memberId"),
    name: text({ error: "Certification is required" }).trim().min(1, "Certification is required").max(120, "Certification must be at most 120 characters"),
    /** Lets the member load a chamber when the setting requires a certification (a crematory operator's). */
    loadsChamber: z.boolean({ error: "loadsChamber must be true or false" }).default(true),
    issuedOn: day("Issue date"),
    expiresOn: day("Expiry date"),
  })
  .refine((v) => v.expiresOn >= v.issuedOn, { path: ["expiresOn"], message: "Expiry date must be on or after the issue date" });
export type AddCertificationInput = z.output<typeof addCertificationSchema>;
export type AddCertificationBody = z.input<typeof addCertificationSchema>;

export const listCertificationsQuerySchema = z.object({
  memberId: z.preprocess(blankToNull, uuid("memberId").nullish()),
  /** expiring: expired or expiring within EXPIRING_SOON_DAYS days. */
  status: z.enum(["all", "expiring"], { error: "status must be all or expiring" }).default("all"),
  limit: z.coerce.number({ error: "limit must be a number" }).int("limit must be a whole number").min(1, "limit must be at least 1").max(200, "limit must be at most 200").default(50),
  offset: z.coerce.number({ error: "offset must be a number" }).int("offset must be a whole number").min(0, "offset must be at least 0").max(1_000_000, "offset is too large").default(0),
});
export type ListCertificationsQuery = z.output<typeof listCertificationsQuerySchema>;

export const chamberSettingsInputSchema = z.object({
  requireCertification: z.boolean({ error: "requireCertification must be true or false" }),
});
export type ChamberSettingsInput = z.output<typeof chamberSettingsInputSchema>;

export const addMaintenanceSchema = z.object({
  clientUuid: z.preprocess(blankToNull, uuid("clientUuid").nullish()),
  kind: z.enum(MAINTENANCE_KINDS, { error: "kind must be inspection or repair" }),
  performedOn: day("Date"),
  /** Who did the work: a member's or a technician's name; the recording member's name when blank. */
  performedBy: z.preprocess(blankToNull, text().trim().max(120, "Done by must be at most 120 characters").nullish()),
  notes: z.preprocess(blankToNull, multilineText().trim().max(2000, "Notes must be at most 2000 characters").nullish()),
});
export type AddMaintenanceInput = z.output<typeof addMaintenanceSchema>;
export type AddMaintenanceBody = z.input<typeof addMaintenanceSchema>;

export const listMaintenanceQuerySchema = z.object({
  limit: z.coerce.number({ error: "limit must be a number" }).int("limit must be a whole number").min(1, "limit must be at least 1").max(200, "limit must be at most 200").default(20),
  offset: z.coerce.number({ error: "offset must be a number" }).int("offset must be a whole number").min(0, "offset must be at least 0").max(1_000_000, "offset is too large").default(0),
});
export type ListMaintenanceQuery = z.output<typeof listMaintenanceQuerySchema>;

export const chamberServiceInputSchema = z
  .object({
    inService: z.boolean({ error: "inService must be true or false" }),
    /** Why it goes out of service (required then); a note when it comes back. */
    reason: z.preprocess(blankToNull, text().trim().max(300, "Reason must be at most 300 characters").nullish()),
  })
  .refine((v) => v.inService || !!v.reason, { path: ["reason"], message: "Reason is required to take a chamber out of service" });
export type ChamberServiceInput = z.output<typeof chamberServiceInputSchema>;
export type ChamberServiceBody = z.input<typeof chamberServiceInputSchema>;

// ---------------------------------------------------------------- answers

export const certificationSchema = z.object({
  id: z.string(),
  member: z.object({ id: z.string(), firstName: z.string(), lastName: z.string() }),
  name: z.string(),
  loadsChamber: z.boolean(),
  issuedOn: z.string().describe("yyyy-MM-dd"),
  expiresOn: z.string().describe("yyyy-MM-dd"),
  /** Today in the business's calendar: current, expiring (within 30 days), expired, or not yet valid. */
  status: z.enum(CERTIFICATION_STATUSES),
  /** Days from today to the expiry day (negative once expired). */
  daysLeft: z.number().int(),
  recordedAt: isoDateTime,
});
export type Certification = z.infer<typeof certificationSchema>;
export const certificationListSchema = z.object({ items: z.array(certificationSchema), total: z.number().int() });

export const chamberSettingsSchema = z.object({ requireCertification: z.boolean() });
export type ChamberSettings = z.infer<typeof chamberSettingsSchema>;

export const maintenanceEntrySchema = z.object({
  id: z.string(),
  chamberId: z.string(),
  kind: z.enum(MAINTENANCE_LOG_KINDS),
  performedOn: z.string().describe("yyyy-MM-dd"),
  performedBy: z.string(),
  notes: z.string(),
  recordedBy: z.object({ id: z.string(), firstName: z.string(), lastName: z.string() }),
  recordedAt: isoDateTime,
});
export type MaintenanceEntry = z.infer<typeof maintenanceEntrySchema>;
export const maintenanceListSchema = z.object({ items: z.array(maintenanceEntrySchema), total: z.number().int() });
