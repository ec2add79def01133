import { z } from "zod";
import { isoDateTime } from "./common";
import { activeFilter, optionalText, phoneField, requiredText } from "./fields";
import { text as safeText } from "./text";

/** Vendors: schemas shared by the admin form and the route handlers. */

/** A supplier or service vendor, or a veterinary clinic (docs/clinics.md). */
export const VENDOR_KINDS = ["vendor", "clinic"] as const;
export type VendorKind = (typeof VENDOR_KINDS)[number];

const blankToNull = (v: unknown) => (typeof v === "string" && v.trim() === "" ? null : v);
const coordinate = (label: string, limit: number) =>
  z.preprocess(
    blankToNull,
    z.number({ error: `${label} must be a number` }).min(-limit, `${label} must be between -${limit} and ${limit}`).max(limit, `${label} must be between -${limit} and ${limit}`).nullable().optional(),
  );
const contactEmail = z.preprocess(
  blankToNull,
  safeText({ error: "Contact e-mail must be text" }).trim().toLowerCase().max(254, "Contact e-mail must be at most 254 characters").pipe(z.email("Enter a valid contact e-mail address")).nullish(),
);
const contactSchema = z.object({
  name: requiredText("Contact name", 120),
  role: optionalText("Contact role", 120).transform((v) => v ?? null),
  phone: optionalText("Contact phone", 40).transform((v) => v ?? null),
  email: contactEmail.transform((v) => v ?? null),
});

export const listVendorsQuerySchema = z.object({
  q: safeText().trim().max(100, "q must be at most 100 characters").optional(),
  active: activeFilter.default("all"),
  kind: z.enum(VENDOR_KINDS, { error: "kind must be vendor or clinic" }).optional(),
  page: z.coerce.number({ error: "page must be a number" }).int("page must be a whole number").min(1, "page must be at least 1").default(1),
});
export type ListVendorsQuery = z.output<typeof listVendorsQuerySchema>;

const vendorEmail = z.preprocess(
  (v) => (typeof v === "string" && v.trim() === "" ? null : v),
  safeText({ error: "Email must be text" }).trim().toLowerCase().max(254, "Email must be at most 254 characters").pipe(z.email("Enter a valid email address")).nullish(),
);

const vendorFields = {
  name: requiredText("Name", 120),
  contactName: optionalText("Contact person", 120),
  email: vendorEmail,
  phone: phoneField,
  services: optionalText("Services", 500, true),
  notes: optionalText("Notes", 2000, true),
  kind: z.enum(VENDOR_KINDS, { error: "kind must be vendor or clinic" }),
  address: optionalText("Address", 500, true),
  postcode: optionalText("Postcode", 20),
  latitude: coordinate("Latitude", 90),
  longitude: coordinate("Longitude", 180),
  billingEmail: z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? null : v),
    safeText({ error: "Billing e-mail must be text" }).trim().toLowerCase().max(254, "Billing e-mail must be at most 254 characters").pipe(z.email("Enter a valid billing e-mail address")).nullish(),
  ),
  contacts: z.array(contactSchema, { error: "contacts must be a list" }).max(20, "contacts must have at most 20 people"),
  isActive: z.boolean({ error: "isActive must be true or false" }),
};

function coordinatesPaired(value: { latitude?: number | null; longitude?: number | null }, ctx: z.RefinementCtx) {
  if (value.latitude === undefined && value.longitude === undefined) return;
  if ((value.latitude == null) !== (value.longitude == null)) {
    ctx.addIssue({ code: "custom", path: [value.latitude == null ? "latitude" : "longitude"], message: "Latitude and longitude go together: give both or neither" });
  }
}

export const createVendorSchema = z.object({
  ...vendorFields,
  contactName: vendorFields.contactName.transform((v) => v ?? null),
  email: vendorFields.email.transform((v) => v ?? null),
  phone: vendorFields.phone.transform((v) => v ?? null),
  services: vendorFields.services.transform((v) => v ?? null),
  notes: vendorFields.notes.transform((v) => v ?? null),
  kind: vendorFields.kind.default("vendor"),
  address: vendorFields.address.transform((v) => v ?? null),
  postcode: vendorFields.postcode.transform((v) => v ?? null),
  latitude: vendorFields.latitude.transform((v) => v ?? null),
  longitude: vendorFields.longitude.transform((v) => v ?? null),
  billingEmail: vendorFields.billingEmail.transform((v) => v ?? null),
  contacts: vendorFields.contacts.default([]),
  isActive: vendorFields.isActive.default(true),
}).superRefine(coordinatesPaired);
export type CreateVendorInput = z.input<typeof createVendorSchema>;
export type CreateVendorData = z.output<typeof createVendorSchema>;

export const updateVendorSchema = z
  .object({
    name: vendorFields.name.optional(),
    contactName: vendorFields.contactName,
    email: vendorFields.email,
    phone: vendorFields.phone,
    services: vendorFields.services,
    notes: vendorFields.notes,
    kind: vendorFields.kind.optional(),
    address: vendorFields.address,
    postcode: vendorFields.postcode,
    latitude: vendorFields.latitude,
    longitude: vendorFields.longitude,
    billingEmail: vendorFields.billingEmail,
    contacts: vendorFields.contacts.optional(),
    isActive: vendorFields.isActive.optional(),
  })
  .superRefine(coordinatesPaired)
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: "Nothing to update" });
export type UpdateVendorInput = z.input<typeof updateVendorSchema>;
export type UpdateVendorData = z.output<typeof updateVendorSchema>;

// ------------------------------------------------------------------ answers (the JSON on the wire)

export const vendorSchema = z.object({
  id: z.string(),
  kind: z.enum(VENDOR_KINDS),
  name: z.string(),
  contactName: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  services: z.string().nullable(),
  notes: z.string().nullable(),
  address: z.string().nullable(),
  postcode: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  billingEmail: z.string().nullable(),
  contacts: z.array(z.object({ name: z.string(), role: z.string().nullable(), phone: z.string().nullable(), email: z.string().nullable() })),
  isActive: z.boolean(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});

export const vendorPageSchema = z.object({
  items: z.array(vendorSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

/** What the assignee picker needs, for every signed-in user: active vendors, id and name. */
export const simplifiedVendorListSchema = z.array(z.object({ id: z.string(), name: z.string(), kind: z.enum(VENDOR_KINDS) }));
