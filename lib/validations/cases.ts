import { z } from "zod";
import { CASE_STATIONS, RETURN_METHODS, SERVICE_TYPES, type ScanRefusalCode } from "@/lib/cases/stations";
import { BELONGINGS_CHOICES, IMPLANT_CHOICES } from "@/lib/cases/authorization";
import { isoDateTime } from "./common";
import { UUID_PATTERN } from "./ids";
import { multilineText, text } from "./text";
import { dateString } from "./dates";

/**
 * Memorial cases (docs/cases.md): the request and answer schemas shared by the case form, the
 * scan screen, the family page and the API handlers. Checks that need the database (the clinic
 * exists, the tag is free, the station order) live in lib/services/cases.
 */

export const PET_NAME_REQUIRED = "Pet name is required";
export const SPECIES_REQUIRED = "Species is required";
export const FAMILY_NAME_REQUIRED = "Family name is required";
export const TAG_SERIAL_REQUIRED = "Tag serial is required";
export const PHOTO_INVALID = "must be a JPEG, PNG or WebP image as a data URL";
export const PHOTO_TOO_LARGE = "must be at most 700 KB (scale the photo down first)";
export const SIGNATURE_INVALID = "must be a PNG image as a data URL";

/** A data URL's text is at most this long (≈ 700 KB of image); the JSON body limit is 1 MB. */
export const MAX_PHOTO_DATA_URL_CHARS = 960_000;
export const MAX_SIGNATURE_DATA_URL_CHARS = 200_000;

const blankToNull = (value: unknown) => (typeof value === "string" && value.trim() === "" ? null : value);
const id = (what: string) => z.string().regex(UUID_PATTERN, `must be a valid ${what}`);
const optionalText = (max: number) => z.preprocess(blankToNull, text().trim().max(max, `must be at most ${max} characters`).nullish());
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date (yyyy-MM-dd)")
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), "must be a valid date");
const deviceTime = dateString("deviceTime must be a valid date-time", { error: "deviceTime must be an ISO date-time" });

export const photoDataUrl = z
  .string()
  .max(MAX_PHOTO_DATA_URL_CHARS, PHOTO_TOO_LARGE)
  .regex(/^data:image\/(jpeg|png|webp);base64,[A-Za-z0-9+/]+={0,2}$/, PHOTO_INVALID);
export const signatureDataUrl = z
  .string()
  .max(MAX_SIGNATURE_DATA_URL_CHARS, "must be at most 150 KB")
  .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/, SIGNATURE_INVALID);

// ---------------------------------------------------------------- requests

const caseFields = {
  petName: text({ error: PET_NAME_REQUIRED }).trim().min(1, PET_NAME_REQUIRED).max(100, "Pet name must be at most 100 characters"),
  petSpecies: text({ error: SPECIES_REQUIRED }).trim().min(1, SPECIES_REQUIRED).max(60, "Species must be at most 60 characters"),
  petBreed: optionalText(100),
  /** Pounds, up to two decimals. */
  petWeightLbs: z.preprocess(blankToNull, z.number({ error: "Weight must be a number" }).positive("Weight must be more than 0").max(3000, "Weight must be at most 3000 lbs").nullish()),
  petColor: optionalText(200),
  /** A photo of the pet (data URL, ≤ 700 KB), kept for API-key clients; the app uploads it with PUT /api/cases/{number}/photo. `null` removes it on update. */
  petPhoto: z.preprocess(blankToNull, photoDataUrl.nullish()),
  familyName: text({ error: FAMILY_NAME_REQUIRED }).trim().min(1, FAMILY_NAME_REQUIRED).max(200, "Family name must be at most 200 characters"),
  familyPhone: optionalText(40),
  familyEmail: z.preprocess(blankToNull, z.email("Family e-mail must be a valid e-mail address").max(254).nullish()),
  familyAddress: z.preprocess(blankToNull, multilineText().trim().max(500, "must be at most 500 characters").nullish()),
  /** The family agreed to be e-mailed the status link (at intake and when ready). */
  familyEmailConsent: z.boolean().default(false),
  /** The referring clinic (a vendor's id); null = direct. */
  clinicVendorId: z.preprocess(blankToNull, id("vendor").nullish()),
  serviceType: z.enum(SERVICE_TYPES, { error: "Service type must be private, partitioned or communal" }),
  pawPrint: z.boolean().default(false),
  furClipping: z.boolean().default(false),
  urnProduct: optionalText(200),
  returnMethod: z.preprocess(blankToNull, z.enum(RETURN_METHODS, { error: "Return method must be clinic_pickup, delivery or pickup_here" }).nullish()),
  promisedReturnDate: z.preprocess(blankToNull, day.nullish()),
  tagSerial: text({ error: TAG_SERIAL_REQUIRED }).trim().min(1, TAG_SERIAL_REQUIRED).max(60, "Tag serial must be at most 60 characters"),
  notes: z.preprocess(blankToNull, multilineText().trim().max(5000, "Notes must be at most 5000 characters").nullish()),
};

function communalHasNoReturn(value: { serviceType?: string; returnMethod?: string | null }, ctx: z.RefinementCtx) {
  if (value.serviceType === "communal" && value.returnMethod) {
    ctx.addIssue({ code: "custom", path: ["returnMethod"], message: "A communal case has no return method" });
  }
}

/** POST /api/cases. `uuid` (client-made) makes retries harmless: the same uuid answers with the first case. */
export const createCaseSchema = z
  .object({ uuid: z.string({ error: "uuid is required" }).regex(UUID_PATTERN, "must be a valid uuid"), ...caseFields })
  .superRefine(communalHasNoReturn);
export type CreateCaseInput = z.output<typeof createCaseSchema>;
export type CreateCaseBody = z.input<typeof createCaseSchema>;

/** PATCH /api/cases/{number}: any subset of the fields (the service type is fixed once scans exist). */
export const updateCaseSchema = z
  .object({
    petName: caseFields.petName.optional(),
    petSpecies: caseFields.petSpecies.optional(),
    petBreed: caseFields.petBreed,
    petWeightLbs: caseFields.petWeightLbs,
    petColor: caseFields.petColor,
    petPhoto: caseFields.petPhoto,
    familyName: caseFields.familyName.optional(),
    familyPhone: caseFields.familyPhone,
    familyEmail: caseFields.familyEmail,
    familyAddress: caseFields.familyAddress,
    familyEmailConsent: z.boolean().optional(),
    clinicVendorId: caseFields.clinicVendorId,
    serviceType: caseFields.serviceType.optional(),
    pawPrint: z.boolean().optional(),
    furClipping: z.boolean().optional(),
    urnProduct: caseFields.urnProduct,
    returnMethod: caseFields.returnMethod,
    promisedReturnDate: caseFields.promisedReturnDate,
    tagSerial: caseFields.tagSerial.optional(),
    notes: caseFields.notes,
  })
  .superRefine(communalHasNoReturn);
export type UpdateCaseInput = z.output<typeof updateCaseSchema>;
export type UpdateCaseBody = z.input<typeof updateCaseSchema>;

export const CASE_LIST_STATUSES = ["open", "closed", "all"] as const;

/** GET /api/cases: newest first; `q` matches the number, pet, family or tag serial. */
export const listCasesQuerySchema = z.object({
  status: z.enum(CASE_LIST_STATUSES).default("open"),
  station: z.enum(CASE_STATIONS).optional(),
  serviceType: z.enum(SERVICE_TYPES).optional(),
  q: z.preprocess(blankToNull, text().trim().max(100).nullish()),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type ListCasesQuery = z.output<typeof listCasesQuerySchema>;

/** POST /api/cases/{number}/close: closes a case without a return (an admin or manager). */
export const closeCaseSchema = z.object({
  reason: text({ error: "Reason is required" }).trim().min(1, "Reason is required").max(500, "Reason must be at most 500 characters"),
});
export type CloseCaseInput = z.output<typeof closeCaseSchema>;

/**
 * POST /api/cases/{ref}/scans: one checkpoint scan. `{ref}` is the case number (C-2026-00042),
 * the metal tag's serial of an open case, or the signed token of the case's label QR.
 * `clientUuid` makes the scan idempotent: the same uuid twice records one event.
 * `offline: true` + `deviceTime`: a scan queued on a phone without a signal, replayed later.
 */
export const scanCaseSchema = z
  .object({
    clientUuid: z.string({ error: "clientUuid is required" }).regex(UUID_PATTERN, "clientUuid must be a valid uuid"),
    station: z.enum(CASE_STATIONS, { error: "station must be one of " + CASE_STATIONS.join(", ") }),
    /** Required for chamber_in. */
    chamberId: z.preprocess(blankToNull, id("chamber").nullish()),
    /** When the phone recorded the scan (required when offline; defaults to the server's time). */
    deviceTime: deviceTime.optional(),
    offline: z.boolean().default(false),
    note: z.preprocess(blankToNull, multilineText().trim().max(2000, "Note must be at most 2000 characters").nullish()),
    photo: z.preprocess(blankToNull, photoDataUrl.nullish()),
    /** returned: who received the pet, their signature (optional), and the tag serial read off the tag. */
    receiverName: optionalText(200),
    signature: z.preprocess(blankToNull, signatureDataUrl.nullish()),
    tagSerial: optionalText(60),
    /** picked_up: the clinic's staff member (or the family member) who handed the pet over; their drawn signature goes in `signature`. */
    releasedBy: optionalText(200),
    /** picked_up: where the phone was (its location, when the driver allowed it). */
    place: z
      .object({
        latitude: z.number({ error: "place.latitude must be a number" }).min(-90, "place.latitude must be between -90 and 90").max(90, "place.latitude must be between -90 and 90"),
        longitude: z.number({ error: "place.longitude must be a number" }).min(-180, "place.longitude must be between -180 and 180").max(180, "place.longitude must be between -180 and 180"),
        accuracyMeters: z.number({ error: "place.accuracyMeters must be a number" }).min(0, "place.accuracyMeters must be at least 0").max(100_000, "place.accuracyMeters must be at most 100000").nullish(),
      })
      .nullish(),
    /** processing: the cremated remains' weight in pounds (required for a private cremation; docs/cases.md "The remains' weight"). */
    remainsWeightLbs: z.preprocess(
      blankToNull,
      z
        .number({ error: "remainsWeightLbs must be a number of pounds" })
        .positive("remainsWeightLbs must be more than 0")
        .max(9999.99, "remainsWeightLbs must be at most 9999.99")
        .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, "remainsWeightLbs has at most 2 decimals")
        .nullish(),
    ),
    /** packaged and returned: the ids of the belongings checked off (docs/cases.md "Belongings"). */
    belongingsChecked: z.array(id("belonging id")).max(100, "at most 100 belongings").nullish(),
    /** An administrator's override of a refusal, with the reason (recorded as its own event). */
    override: z
      .object({ reason: text({ error: "Override reason is required" }).trim().min(1, "Override reason is required").max(500, "Override reason must be at most 500 characters") })
      .nullish(),
  })
  .superRefine((value, ctx) => {
    if (value.offline && !value.deviceTime) ctx.addIssue({ code: "custom", path: ["deviceTime"], message: "deviceTime is required for an offline scan" });
  });
export type ScanCaseInput = z.output<typeof scanCaseSchema>;
export type ScanCaseBody = z.input<typeof scanCaseSchema>;

export const LABEL_FORMATS = ["label", "sheet"] as const;
/** GET /api/cases/{number}/label: a 4 × 6 in label, or a Letter sheet of six. */
export const labelQuerySchema = z.object({ format: z.enum(LABEL_FORMATS).default("label") });

export const EVENT_FILE_KINDS = ["photo", "signature"] as const;
export const eventFileQuerySchema = z.object({ kind: z.enum(EVENT_FILE_KINDS).default("photo") });

export const createChamberSchema = z.object({
  name: text({ error: "Name is required" }).trim().min(1, "Name is required").max(60, "Name must be at most 60 characters"),
});
export type CreateChamberInput = z.output<typeof createChamberSchema>;

/** GET /api/cases/turnaround: cases returned (or, for communal, completed) in the window. */
export const turnaroundQuerySchema = z.object({
  from: z.preprocess(blankToNull, day.nullish()),
  to: z.preprocess(blankToNull, day.nullish()),
});
export type TurnaroundQuery = z.output<typeof turnaroundQuerySchema>;

// ---------------------------------------------------------------- answers

const person = z.object({ id: z.string(), firstName: z.string(), lastName: z.string() });
const station = z.enum(CASE_STATIONS);
const serviceType = z.enum(SERVICE_TYPES);

export const chamberSchema = z.object({
  id: z.string(),
  name: z.string(),
  isActive: z.boolean(),
  /** The open cases in it now (number, pet, service type). */
  occupants: z.array(z.object({ caseNumber: z.string(), petName: z.string(), serviceType, enteredAt: isoDateTime })),
  /** Out of service since when and why (it refuses chamber-in scans meanwhile); null when in service. */
  outOfService: z.object({ since: isoDateTime, reason: z.string() }).nullable(),
  /** The last inspection in its maintenance log (yyyy-MM-dd), if any. */
  lastInspectedOn: z.string().nullable(),
});
export type Chamber = z.infer<typeof chamberSchema>;
/** `requireCertification`: chamber in needs a current certification (docs/cases.md "Operators and chambers"). */
export const chamberListSchema = z.object({ items: z.array(chamberSchema), requireCertification: z.boolean() });

export const caseSummarySchema = z.object({
  id: z.string(),
  number: z.string().describe("C-2026-00042"),
  status: z.enum(["open", "closed"]),
  serviceType,
  petName: z.string(),
  petSpecies: z.string(),
  familyName: z.string(),
  clinic: z.object({ id: z.string(), name: z.string() }).nullable(),
  tagSerial: z.string(),
  currentStation: station.nullable(),
  currentStationAt: isoDateTime.nullable(),
  nextStation: station.nullable(),
  chamber: z.object({ id: z.string(), name: z.string() }).nullable(),
  promisedReturnDate: z.string().nullable().describe("yyyy-MM-dd"),
  receivedAt: isoDateTime,
  createdAt: isoDateTime,
});
export type CaseSummary = z.infer<typeof caseSummarySchema>;
export const caseListSchema = z.object({ items: z.array(caseSummarySchema), total: z.number().int() });

/** One custody log event as staff see it. */
export const caseEventSchema = z.object({
  id: z.string(),
  seq: z.number().int(),
  kind: z.enum(["scan", "override", "label_print", "certificate", "authorization", "authorization_void"]),
  station: station.nullable(),
  chamber: z.object({ id: z.string(), name: z.string() }).nullable(),
  member: person.nullable().describe("null: the family, signing from its link"),
  deviceTime: isoDateTime,
  serverTime: isoDateTime,
  note: z.string().nullable(),
  hasPhoto: z.boolean(),
  offline: z.boolean(),
  clientUuid: z.string().nullable(),
  /** receiverName, hasSignature, tagVerified (returned); reason, refused, refusedMessage (override); format (label_print). */
  details: z.record(z.string(), z.unknown()),
  hash: z.string(),
});
export type CaseEvent = z.infer<typeof caseEventSchema>;

export const caseTaskSchema = z.object({
  id: z.string(),
  displayNumber: z.number().int().nullable(),
  title: z.string(),
  status: z.string(),
  position: z.number().int().nullable(),
  dueDate: isoDateTime.nullable(),
});

export const caseDetailSchema = caseSummarySchema.extend({
  petBreed: z.string().nullable(),
  petWeightLbs: z.number().nullable(),
  /** The cremated remains' weight, weighed at processing (null before). */
  remainsWeightLbs: z.number().nullable(),
  petColor: z.string().nullable(),
  hasPetPhoto: z.boolean(),
  familyPhone: z.string().nullable(),
  familyEmail: z.string().nullable(),
  familyAddress: z.string().nullable(),
  familyEmailConsent: z.boolean(),
  pawPrint: z.boolean(),
  furClipping: z.boolean(),
  urnProduct: z.string().nullable(),
  returnMethod: z.enum(RETURN_METHODS).nullable(),
  notes: z.string().nullable(),
  returnedAt: isoDateTime.nullable(),
  closedAt: isoDateTime.nullable(),
  closedReason: z.string().nullable(),
  createdBy: person,
  /** The stations of this case's service type, in order, and which are done. */
  stations: z.array(z.object({ station, done: z.boolean(), at: isoDateTime.nullable() })),
  events: z.array(caseEventSchema),
  /** The tasks of the case's process run (the template of its service type). */
  processRun: z.object({ id: z.string(), name: z.string(), processName: z.string() }).nullable(),
  tasks: z.array(caseTaskSchema),
  /** The family's live status link (absolute URL), or null when revoked. */
  familyLink: z.object({ url: z.string(), createdAt: isoDateTime }).nullable(),
  certificateAvailable: z.boolean(),
  permissions: z.object({ canEdit: z.boolean(), canOverride: z.boolean(), canRevokeFamilyLink: z.boolean() }),
});
export type CaseDetail = z.infer<typeof caseDetailSchema>;

export const BELONGING_DISPOSITIONS = ["return", "cremate", "dispose"] as const;
export const BELONGING_DISPOSITION_LABELS: Record<(typeof BELONGING_DISPOSITIONS)[number], string> = {
  return: "Return with the ashes",
  cremate: "Cremate with the pet",
  dispose: "Dispose of (family consents)",
};
const checkedOff = z.object({ at: isoDateTime, by: z.string() }).nullable();
/** A personal item that came in with the pet, and its check-offs at packaged and returned. */
export const belongingSchema = z.object({
  id: z.string(),
  description: z.string(),
  disposition: z.enum(BELONGING_DISPOSITIONS),
  hasPhoto: z.boolean(),
  packaged: checkedOff,
  returned: checkedOff,
});
export type Belonging = z.infer<typeof belongingSchema>;
export const belongingListSchema = z.object({ items: z.array(belongingSchema) });
/** POST /api/cases/{number}/belongings (multipart text fields, with an optional `photo` file). */
export const addBelongingSchema = z.object({
  description: text({ error: "Description is required" }).trim().min(1, "Description is required").max(200, "Description must be at most 200 characters"),
  disposition: z.enum(BELONGING_DISPOSITIONS, { error: "disposition must be one of " + BELONGING_DISPOSITIONS.join(", ") }),
});
export type AddBelongingInput = z.output<typeof addBelongingSchema>;

/** POST /api/cases/{ref}/scans: the recorded event(s) and the case after them. */
export const scanResultSchema = z.object({
  /** false when the same clientUuid was recorded before (the first answer's event). */
  created: z.boolean(),
  event: caseEventSchema,
  /** The override event recorded before the scan, when an administrator overrode a refusal. */
  overrideEvent: caseEventSchema.nullable(),
  case: caseSummarySchema,
});
export type ScanResult = z.infer<typeof scanResultSchema>;

/** The 409 body of a refused scan: `{ message, code: "CONFLICT", reason }`. */
export type ScanRefusalBody = { message: string; code: "CONFLICT"; reason: ScanRefusalCode; overridable: boolean };

export const custodyVerifySchema = z.object({
  intact: z.boolean(),
  eventCount: z.number().int(),
  /** The first event that does not hold, or null when the chain is intact. */
  firstBroken: z.object({ seq: z.number().int(), eventId: z.string(), reason: z.enum(["hash", "prev_hash", "seq"]) }).nullable(),
  message: z.string(),
});
export type CustodyVerify = z.infer<typeof custodyVerifySchema>;

export const familyLinkSchema = z.object({ url: z.string(), createdAt: isoDateTime });

/** GET /api/family/{token}: what the family sees (no staff names). */
/** The business as a family reaches it: its name and the contact details admins keep on /organization. */
export const businessContactSchema = z.object({
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  hours: z.string().nullable(),
});
export type BusinessContact = z.infer<typeof businessContactSchema>;

export const familyViewSchema = z.object({
  petName: z.string(),
  caseNumber: z.string(),
  serviceType,
  steps: z.array(z.object({ station, label: z.string(), done: z.boolean(), at: isoDateTime.nullable() })),
  nextStep: z.object({ station, label: z.string() }).nullable(),
  expectedReturn: z.string().nullable().describe("yyyy-MM-dd"),
  returnMethod: z.enum(RETURN_METHODS).nullable(),
  /** Where the family collects the pet: the business and its address (pickup here), or the clinic's name (clinic pickup). */
  returnPlace: z.string().nullable(),
  status: z.enum(["open", "closed"]),
  certificateAvailable: z.boolean(),
  /** The papers the family can download: the signed cremation authorization and, once returned, the return receipt. */
  documents: z.object({ authorization: z.boolean(), returnReceipt: z.boolean() }),
  /** The personal items that came in with the pet and what happens to each. */
  belongings: z.array(z.object({ description: z.string(), disposition: z.enum(BELONGING_DISPOSITIONS), returned: z.boolean() })),
  /** How to reach the business (the organization's contact details). */
  business: businessContactSchema,
});
export type FamilyView = z.infer<typeof familyViewSchema>;

export const caseBoardSchema = z.object({
  columns: z.array(
    z.object({
      station: station.nullable().describe("null: created, intake not scanned yet"),
      cases: z.array(
        z.object({
          number: z.string(),
          petName: z.string(),
          serviceType,
          since: isoDateTime,
          hoursAtStep: z.number(),
          promisedReturnDate: z.string().nullable(),
          overdue: z.boolean(),
          /** The remains' weight confirmed by a supervisor outside its expected range (null: none). */
          remainsWeightConfirmed: z.object({ percent: z.number().nullable(), minPercent: z.number().nullable(), maxPercent: z.number().nullable(), reason: z.string() }).nullable(),
        }),
      ),
    }),
  ),
  generatedAt: isoDateTime,
});
export type CaseBoard = z.infer<typeof caseBoardSchema>;

export const turnaroundSchema = z.object({
  from: z.string().nullable(),
  to: z.string().nullable(),
  byServiceType: z.array(
    z.object({
      serviceType,
      count: z.number().int(),
      averageHours: z.number().nullable(),
      medianHours: z.number().nullable(),
      maxHours: z.number().nullable(),
    }),
  ),
});
export type Turnaround = z.infer<typeof turnaroundSchema>;

/** GET /api/certificates/{code}: a certificate checked against the recomputed custody log. */
export const certificateCheckSchema = z.object({
  /** True when the custody log, recomputed from its rows, still ends in the event the code names. */
  match: z.boolean(),
  message: z.string(),
  /** What the certificate itself shows (nothing more), when it matches. */
  certificate: z
    .object({
      caseNumber: z.string(),
      petName: z.string(),
      pet: z.string(),
      familyName: z.string(),
      service: z.string(),
      crematedAt: isoDateTime.nullable(),
      chamber: z.string().nullable(),
      /** What the service means (partitioned, communal), or a private cremation's one-pet rule. */
      serviceNote: z.string(),
      /** A private cremation: the weight of the remains returned ("2.15 lbs"), as weighed at processing. */
      remainsWeight: z.string().nullable(),
      steps: z.array(z.object({ n: z.number().int(), label: z.string(), at: isoDateTime })),
      issuedBy: z.string(),
      issuedAt: isoDateTime,
      code: z.string(),
    })
    .nullable(),
});
export type CertificateCheck = z.infer<typeof certificateCheckSchema>;

// ---------------------------------------------------------------- cremation authorization

/** POST /api/cases/{number}/authorization (at the counter) and POST /api/family/{token}/authorization (from the link). */
export const signAuthorizationSchema = z.object({
  authorizingName: text({ error: "Enter your full name" }).trim().min(1, "Enter your full name").max(200, "Name must be at most 200 characters"),
  relationship: text({ error: "Enter your relationship to the pet" }).trim().min(1, "Enter your relationship to the pet").max(100, "Relationship must be at most 100 characters"),
  /** The statement that the person signing has the right to decide (must be true). */
  rightToDecide: z.literal(true, { error: "Confirm that you have the right to decide" }),
  implants: z.enum(IMPLANT_CHOICES, { error: "Choose the statement about implants" }),
  belongings: z.enum(BELONGINGS_CHOICES, { error: "Choose what happens to the belongings" }),
  /** The drawn signature, a PNG data URL (≤ 150 KB). */
  signature: signatureDataUrl,
});
export type SignAuthorizationInput = z.infer<typeof signAuthorizationSchema>;

/**
 * POST /api/cases/{number}/authorization: the counter's form, which can also record a clinic
 * case's authorization given by its referring clinic on the owner's behalf (`onBehalfOfClinic`:
 * `authorizingName` is then the clinic staff member's, `clinicReference` e.g. the clinic's consent form number).
 */
export const signCounterAuthorizationSchema = signAuthorizationSchema
  .extend({
    onBehalfOfClinic: z.boolean({ error: "onBehalfOfClinic must be true or false" }).optional(),
    clinicReference: z.preprocess(blankToNull, text({ error: "Clinic reference must be text" }).trim().max(100, "Clinic reference must be at most 100 characters").nullish()),
  })
  .superRefine((value, ctx) => {
    if (value.clinicReference && !value.onBehalfOfClinic) ctx.addIssue({ code: "custom", path: ["clinicReference"], message: "A clinic reference goes with the clinic's authorization only" });
  });
export type SignCounterAuthorizationInput = z.infer<typeof signCounterAuthorizationSchema>;

const authorizationVersionSchema = z.object({
  version: z.number().int(),
  authorizingName: z.string(),
  relationship: z.string(),
  implants: z.enum(IMPLANT_CHOICES),
  belongings: z.enum(BELONGINGS_CHOICES),
  /** clinic: the referring clinic's authorization on the owner's behalf, recorded at the counter. */
  signedVia: z.enum(["family_link", "counter", "clinic"]),
  /** The clinic that authorized on the owner's behalf (signedVia clinic), with its own reference. */
  clinic: z.object({ name: z.string(), reference: z.string().nullable() }).nullable(),
  signedAt: isoDateTime,
  voidedAt: isoDateTime.nullable(),
  voidReason: z.string().nullable(),
  /** False for an authorization recorded without a PDF (demo data); the app's signing always stores one. */
  hasPdf: z.boolean(),
});

/** The form to sign (from the case as it is now) and the signed versions, newest first. */
export const authorizationSchema = z.object({
  caseNumber: z.string(),
  /** True when a current (not voided) signed authorization exists: the chamber may take the pet. */
  signed: z.boolean(),
  form: z.object({
    pet: z.array(z.object({ label: z.string(), value: z.string() })),
    service: z.object({ type: serviceType, label: z.string(), explanation: z.string() }),
    options: z.array(z.string()),
    returnMethod: z.string(),
    rightToDecide: z.string(),
    implants: z.array(z.object({ value: z.enum(IMPLANT_CHOICES), label: z.string() })),
    belongings: z.array(z.object({ value: z.enum(BELONGINGS_CHOICES), label: z.string() })),
    /** The personal items recorded at intake and what happens to each (printed on the signed PDF). */
    items: z.array(z.object({ description: z.string(), disposition: z.enum(BELONGING_DISPOSITIONS) })),
    irreversible: z.string(),
  }),
  current: authorizationVersionSchema.nullable(),
  versions: z.array(authorizationVersionSchema),
});
export type Authorization = z.infer<typeof authorizationSchema>;

export const signAuthorizationResultSchema = z.object({
  /** False when a current signed authorization already existed (signing twice changes nothing). */
  created: z.boolean(),
  authorization: authorizationSchema,
});
export type SignAuthorizationResult = z.infer<typeof signAuthorizationResultSchema>;

/** `?version=n`: a signed version (voided ones included); none: the current one. */
export const authorizationPdfQuerySchema = z.object({ version: z.coerce.number({ error: "version must be a number" }).int("version must be a whole number").positive("version must be at least 1").optional() });

// ---------------------------------------------------------------- the remains' weight ranges

const percent = (field: string) =>
  z.number({ error: `${field} must be a number` }).positive(`${field} must be more than 0`).max(100, `${field} must be at most 100`);

/** One species' expected range, as a percentage of the intake body weight. */
export const remainsRangeSchema = z.object({ species: z.string(), minPercent: z.number(), maxPercent: z.number() });

/** GET/PUT /api/cases/remains-ranges: the ranges in force ("*" = any other species) and whether each is a shipped default. */
export const remainsRangesSchema = z.object({
  items: z.array(remainsRangeSchema.extend({ isDefault: z.boolean() })),
  updatedAt: isoDateTime.nullable(),
});
export type RemainsRanges = z.infer<typeof remainsRangesSchema>;

/** PUT /api/cases/remains-ranges: the whole list (species named once; "*" = any other species, required). */
export const saveRemainsRangesSchema = z
  .object({
    items: z
      .array(
        z.object({
          species: text({ error: "species is required" }).trim().min(1, "species is required").max(60, "species must be at most 60 characters"),
          minPercent: percent("minPercent"),
          maxPercent: percent("maxPercent"),
        }),
        { error: "items must be a list" },
      )
      .min(1, "items must name at least the other species (*)")
      .max(50, "items holds at most 50 species"),
  })
  .superRefine((value, ctx) => {
    const seen = new Set<string>();
    value.items.forEach((item, i) => {
      if (item.minPercent >= item.maxPercent) ctx.addIssue({ code: "custom", path: ["items", i, "maxPercent"], message: "maxPercent must be more than minPercent" });
      const key = item.species.trim().toLowerCase();
      if (seen.has(key)) ctx.addIssue({ code: "custom", path: ["items", i, "species"], message: `${item.species} is listed twice` });
      seen.add(key);
    });
    if (!seen.has("*")) ctx.addIssue({ code: "custom", path: ["items"], message: "items must include the other species (*)" });
  });
export type SaveRemainsRangesInput = z.output<typeof saveRemainsRangesSchema>;
