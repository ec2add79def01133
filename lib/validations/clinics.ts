import { z } from "zod";
import { SERVICE_TYPES } from "@/lib/cases/stations";
import { isoDateTime } from "./common";
import { UUID_PATTERN } from "./ids";
import { multilineText, text } from "./text";

/**
 * Clinics (docs/clinics.md): pickup requests, the clinic portal's answers and clinic
 * invitations. Checks that need the database (the clinic exists and is a clinic) live in
 * lib/services/clinics.
 */

export const PICKUP_ORIGINS = ["clinic", "home"] as const;
export const PICKUP_URGENCIES = ["routine", "urgent"] as const;
export const PICKUP_STATUSES = ["open", "assigned", "picked_up", "cancelled"] as const;
export type PickupOrigin = (typeof PICKUP_ORIGINS)[number];
export type PickupUrgency = (typeof PICKUP_URGENCIES)[number];
export type PickupStatus = (typeof PICKUP_STATUSES)[number];

export const PICKUP_PET_NAME_REQUIRED = "Pet name is required";
export const PICKUP_SPECIES_REQUIRED = "Species is required";
export const PICKUP_OWNER_REQUIRED = 'Owner name is required unless "the owner will contact you" is ticked';
export const PICKUP_ADDRESS_REQUIRED = "Address is required for a pickup from a family's home";

const blankToNull = (value: unknown) => (typeof value === "string" && value.trim() === "" ? null : value);
const optionalText = (label: string, max: number) =>
  z.preprocess(blankToNull, text({ error: `${label} must be text` }).trim().max(max, `${label} must be at most ${max} characters`).nullish());
const coordinate = (label: string, limit: number) =>
  z.preprocess(
    blankToNull,
    z.coerce
      .number({ error: `${label} must be a number` })
      .min(-limit, `${label} must be between -${limit} and ${limit}`)
      .max(limit, `${label} must be between -${limit} and ${limit}`)
      .nullish(),
  );

/**
 * POST /api/pickup-requests (staff: a clinic's or a home's) and POST /api/clinic/pickup-requests (a
 * clinic user: always its own clinic, its address unless another is given). `uuid` (client-made)
 * makes retries harmless: the same uuid answers with the first request.
 */
const pickupFields = {
  uuid: z.string({ error: "uuid is required" }).regex(UUID_PATTERN, "uuid must be a valid uuid"),
  petName: text({ error: PICKUP_PET_NAME_REQUIRED }).trim().min(1, PICKUP_PET_NAME_REQUIRED).max(100, "Pet name must be at most 100 characters"),
  petSpecies: text({ error: PICKUP_SPECIES_REQUIRED }).trim().min(1, PICKUP_SPECIES_REQUIRED).max(60, "Species must be at most 60 characters"),
  /** Pounds, up to two decimals. */
  petWeightLbs: z.preprocess(blankToNull, z.number({ error: "Weight must be a number" }).positive("Weight must be more than 0").max(3000, "Weight must be at most 3000 lbs").nullish()),
  ownerName: optionalText("Owner name", 200),
  /** The owner's phone or e-mail, as given. */
  ownerContact: optionalText("Owner contact", 200),
  ownerWillContact: z.boolean({ error: "ownerWillContact must be true or false" }).default(false),
  /** Null: the owner has not chosen yet. */
  serviceType: z.preprocess(blankToNull, z.enum(SERVICE_TYPES, { error: "Service type must be private, partitioned or communal" }).nullish()),
  note: z.preprocess(blankToNull, multilineText({ error: "Note must be text" }).trim().max(1000, "Note must be at most 1000 characters").nullish()),
  urgency: z.enum(PICKUP_URGENCIES, { error: "Urgency must be routine or urgent" }).default("routine"),
  address: z.preprocess(blankToNull, multilineText({ error: "Address must be text" }).trim().max(500, "Address must be at most 500 characters").nullish()),
  postcode: optionalText("Postcode", 20),
  latitude: coordinate("Latitude", 90),
  longitude: coordinate("Longitude", 180),
};

function ownerGiven(value: { ownerName?: string | null; ownerWillContact: boolean }, ctx: z.RefinementCtx) {
  if (!value.ownerWillContact && !value.ownerName) ctx.addIssue({ code: "custom", path: ["ownerName"], message: PICKUP_OWNER_REQUIRED });
}
function coordinatesPaired(value: { latitude?: number | null; longitude?: number | null }, ctx: z.RefinementCtx) {
  if ((value.latitude == null) !== (value.longitude == null)) {
    ctx.addIssue({ code: "custom", path: [value.latitude == null ? "latitude" : "longitude"], message: "Latitude and longitude go together: give both or neither" });
  }
}

/** A clinic user's request: the origin is its clinic. */
export const clinicPickupRequestSchema = z.object(pickupFields).superRefine(ownerGiven).superRefine(coordinatesPaired);
export type ClinicPickupRequestInput = z.input<typeof clinicPickupRequestSchema>;
export type ClinicPickupRequestData = z.output<typeof clinicPickupRequestSchema>;

/** A member's request: a clinic's (clinicVendorId) or a family home's (address required). */
export const createPickupRequestSchema = z
  .object({
    ...pickupFields,
    origin: z.enum(PICKUP_ORIGINS, { error: "origin must be clinic or home" }),
    clinicVendorId: z.preprocess(blankToNull, z.string({ error: "clinicVendorId must be an id" }).regex(UUID_PATTERN, "clinicVendorId must be an id").nullish()),
  })
  .superRefine(ownerGiven)
  .superRefine(coordinatesPaired)
  .superRefine((value, ctx) => {
    if (value.origin === "clinic" && !value.clinicVendorId) ctx.addIssue({ code: "custom", path: ["clinicVendorId"], message: "clinicVendorId is required for a clinic's pickup" });
    if (value.origin === "home" && value.clinicVendorId) ctx.addIssue({ code: "custom", path: ["clinicVendorId"], message: "clinicVendorId must be empty for a pickup from a home" });
    if (value.origin === "home" && !value.address) ctx.addIssue({ code: "custom", path: ["address"], message: PICKUP_ADDRESS_REQUIRED });
  });
export type CreatePickupRequestInput = z.input<typeof createPickupRequestSchema>;
export type CreatePickupRequestData = z.output<typeof createPickupRequestSchema>;

export const listPickupRequestsQuerySchema = z.object({
  status: z.enum([...PICKUP_STATUSES, "all"], { error: "status must be open, assigned, picked_up, cancelled or all" }).default("all"),
  clinicVendorId: z.string({ error: "clinicVendorId must be an id" }).regex(UUID_PATTERN, "clinicVendorId must be an id").optional(),
  origin: z.enum(PICKUP_ORIGINS, { error: "origin must be clinic or home" }).optional(),
  limit: z.coerce.number({ error: "limit must be a number" }).int("limit must be a whole number").min(1, "limit must be at least 1").max(500, "limit must be at most 500").default(100),
});
export type ListPickupRequestsQuery = z.output<typeof listPickupRequestsQuerySchema>;

// ------------------------------------------------------------------ answers (the JSON on the wire)

export const pickupRequestSchema = z.object({
  id: z.string(),
  number: z.string(),
  uuid: z.string(),
  origin: z.enum(PICKUP_ORIGINS),
  clinic: z.object({ id: z.string(), name: z.string() }).nullable(),
  status: z.enum(PICKUP_STATUSES),
  urgency: z.enum(PICKUP_URGENCIES),
  petName: z.string(),
  petSpecies: z.string(),
  petWeightLbs: z.number().nullable(),
  ownerName: z.string().nullable(),
  ownerContact: z.string().nullable(),
  ownerWillContact: z.boolean(),
  serviceType: z.enum(SERVICE_TYPES).nullable(),
  note: z.string().nullable(),
  address: z.string(),
  postcode: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** The case it became once picked up: its number (null before). */
  caseNumber: z.string().nullable(),
  createdBy: z.object({ id: z.string(), name: z.string() }),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  pickedUpAt: isoDateTime.nullable(),
  cancelledAt: isoDateTime.nullable(),
  cancelReason: z.string().nullable(),
});
export type PickupRequestDto = z.input<typeof pickupRequestSchema>;

export const pickupRequestListSchema = z.object({ items: z.array(pickupRequestSchema) });

/** The portal's header: the clinic the user acts for. */
export const clinicSelfSchema = z.object({
  clinic: z.object({ id: z.string(), name: z.string(), address: z.string().nullable(), phone: z.string().nullable(), billingEmail: z.string().nullable() }),
  user: z.object({ id: z.string(), name: z.string(), email: z.string() }),
});

/** One of the clinic's cases, in the family page's words (docs/clinics.md "The portal"). */
export const clinicCaseSchema = z.object({
  number: z.string(),
  petName: z.string(),
  petSpecies: z.string(),
  serviceType: z.enum(SERVICE_TYPES),
  /** The family page's words for where the pet is ("Received into our care" …). */
  statusLabel: z.string(),
  /** The last step and since when (null before the intake scan). */
  statusAt: isoDateTime.nullable(),
  closed: z.boolean(),
  receivedAt: isoDateTime,
  /** The pickup request it came from, if any. */
  pickupNumber: z.string().nullable(),
  /** The certificate of cremation can be downloaded (the cremation is recorded). */
  certificateReady: z.boolean(),
});
export const clinicCaseListSchema = z.object({ items: z.array(clinicCaseSchema) });

export const clinicCasesQuerySchema = z.object({
  limit: z.coerce.number({ error: "limit must be a number" }).int("limit must be a whole number").min(1, "limit must be at least 1").max(500, "limit must be at most 500").default(100),
});

export const pickupLabelQuerySchema = z.object({
  format: z.enum(["label", "sheet"], { error: "format must be label or sheet" }).default("label"),
});

/** POST /api/vendors/{id}/clinic-invitations: invite one person by e-mail to the clinic's portal. */
export const createClinicInvitationSchema = z.object({
  email: text({ error: "Email is required" }).trim().toLowerCase().min(1, "Email is required").max(254, "Email must be at most 254 characters").pipe(z.email("Enter a valid email address")),
  expiresInDays: z.number({ error: "expiresInDays must be a number" }).int("expiresInDays must be a whole number").min(1, "expiresInDays must be at least 1").max(30, "expiresInDays must be at most 30").default(7),
});
export type CreateClinicInvitationInput = z.output<typeof createClinicInvitationSchema>;

/** A clinic's users and its pending invitations (the vendor page's "Clinic users"). */
export const clinicUsersSchema = z.object({
  users: z.array(z.object({ id: z.string(), name: z.string(), email: z.string(), isActive: z.boolean(), createdAt: isoDateTime })),
  invitations: z.array(z.object({ id: z.string(), email: z.string().nullable(), status: z.string(), expiresAt: isoDateTime, createdAt: isoDateTime })),
});
