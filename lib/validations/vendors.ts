import { z } from "zod";
import { isoDateTime } from "./common";
import { activeFilter, optionalText, phoneField, requiredText } from "./fields";
import { text as safeText } from "./text";

/** Vendors: schemas shared by the admin form and the route handlers. */

export const listVendorsQuerySchema = z.object({
  q: safeText().trim().max(100, "q must be at most 100 characters").optional(),
  active: activeFilter.default("all"),
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
  isActive: z.boolean({ error: "isActive must be true or false" }),
};

export const createVendorSchema = z.object({
  ...vendorFields,
  contactName: vendorFields.contactName.transform((v) => v ?? null),
  email: vendorFields.email.transform((v) => v ?? null),
  phone: vendorFields.phone.transform((v) => v ?? null),
  services: vendorFields.services.transform((v) => v ?? null),
  notes: vendorFields.notes.transform((v) => v ?? null),
  isActive: vendorFields.isActive.default(true),
});
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
    isActive: vendorFields.isActive.optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: "Nothing to update" });
export type UpdateVendorInput = z.input<typeof updateVendorSchema>;
export type UpdateVendorData = z.output<typeof updateVendorSchema>;

// ------------------------------------------------------------------ answers (the JSON on the wire)

export const vendorSchema = z.object({
  id: z.string(),
  name: z.string(),
  contactName: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  services: z.string().nullable(),
  notes: z.string().nullable(),
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
export const simplifiedVendorListSchema = z.array(z.object({ id: z.string(), name: z.string() }));
