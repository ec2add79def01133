import { z } from "zod";
import { MemberType, Role } from "@/lib/generated/prisma/enums";
import { emailField, newPasswordField } from "@/lib/validations/auth";

/**
 * Organization schemas (units, members, vendors), shared by the admin forms and the route
 * handlers. Database-dependent rules (cycles, unique numbers, the last admin) live in the
 * services.
 */

const required = (label: string) => ({
  error: (issue: { input: unknown }) => (issue.input === undefined || issue.input === null ? `${label} is required` : `${label} must be text`),
});

const text = (label: string, max: number) =>
  z.string(required(label)).trim().min(1, `${label} is required`).max(max, `${label} must be at most ${max} characters`);

/** Optional free text: blank or null becomes null (a form clears the field); absent stays absent. */
const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .transform((v) => (v === "" ? null : v))
    .nullable()
    .optional();

const idField = (label: string) => z.uuid({ error: `${label} must be a valid id` });

// ---------------------------------------------------------------- units

export const UNIT_TYPES = ["department", "division", "team", "program", "location"] as const;
export type UnitType = (typeof UNIT_TYPES)[number];

export const UNIT_NUMBER_MAX = 99_999;

/** A unit number: a positive whole number, or blank/null for none. Forms send strings. */
export const unitNumberField = z.preprocess(
  (v) => (v === "" || v === undefined ? null : typeof v === "string" && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
  z
    .number({ error: "Unit number must be a whole number" })
    .int("Unit number must be a whole number")
    .min(1, "Unit number must be at least 1")
    .max(UNIT_NUMBER_MAX, `Unit number must be at most ${UNIT_NUMBER_MAX}`)
    .nullable(),
);

const unitFields = {
  name: text("Name", 100),
  unitNumber: unitNumberField,
  type: z.enum(UNIT_TYPES, { error: `Type must be one of ${UNIT_TYPES.join(", ")}` }),
  parentId: idField("Parent unit").nullable(),
  description: optionalText("Description", 500),
};

export const createUnitSchema = z.object({
  ...unitFields,
  unitNumber: unitFields.unitNumber.optional().transform((v) => v ?? null),
  type: unitFields.type.default("department"),
  parentId: unitFields.parentId.optional().transform((v) => v ?? null),
});
export type CreateUnitInput = z.input<typeof createUnitSchema>;
export type CreateUnitData = z.output<typeof createUnitSchema>;

/** Edit and move share one PATCH: `parentId` moves the unit (null = top level). */
export const updateUnitSchema = z
  .object({
    name: unitFields.name.optional(),
    unitNumber: unitFields.unitNumber.optional(),
    type: unitFields.type.optional(),
    parentId: unitFields.parentId.optional(),
    description: unitFields.description,
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: "Nothing to update" });
export type UpdateUnitInput = z.input<typeof updateUnitSchema>;
export type UpdateUnitData = z.output<typeof updateUnitSchema>;

export const addUnitMemberSchema = z.object({ userId: idField("Member") });

// ---------------------------------------------------------------- members

export const MEMBER_PAGE_SIZE = 50;
/** The pickers ask for every active member at once; an organization this size fits. */
export const MEMBER_PAGE_SIZE_MAX = 500;

const boolFilter = z.enum(["true", "false", "all"], { error: 'active must be "true", "false" or "all"' });

export const listMembersQuerySchema = z.object({
  q: z.string().trim().max(100, "q must be at most 100 characters").optional(),
  unitId: idField("unitId").optional(),
  role: z.enum(Role, { error: "role must be admin, manager or staff" }).optional(),
  memberType: z.enum(MemberType, { error: "memberType must be employee, contractor or volunteer" }).optional(),
  active: boolFilter.default("true"),
  page: z.coerce.number({ error: "page must be a number" }).int("page must be a whole number").min(1, "page must be at least 1").default(1),
  pageSize: z.coerce
    .number({ error: "pageSize must be a number" })
    .int("pageSize must be a whole number")
    .min(1, "pageSize must be at least 1")
    .max(MEMBER_PAGE_SIZE_MAX, `pageSize must be at most ${MEMBER_PAGE_SIZE_MAX}`)
    .default(MEMBER_PAGE_SIZE),
});
export type ListMembersQuery = z.output<typeof listMembersQuerySchema>;

const phoneField = optionalText("Phone", 40);

export const createMemberSchema = z.object({
  firstName: text("First name", 100),
  lastName: text("Last name", 100),
  email: emailField,
  phone: phoneField.transform((v) => v ?? null),
  role: z.enum(Role, { error: "Role must be admin, manager or staff" }).default("staff"),
  memberType: z.enum(MemberType, { error: "Member type must be employee, contractor or volunteer" }).default("employee"),
  unitIds: z.array(idField("Unit"), { error: "unitIds must be a list" }).max(50, "At most 50 units").default([]),
  /** Blank: the server generates one and returns it once. */
  temporaryPassword: z.preprocess((v) => (v === "" ? undefined : v), newPasswordField.optional()),
});
export type CreateMemberInput = z.input<typeof createMemberSchema>;
export type CreateMemberData = z.output<typeof createMemberSchema>;

export const updateMemberSchema = z
  .object({
    firstName: text("First name", 100).optional(),
    lastName: text("Last name", 100).optional(),
    email: emailField.optional(),
    phone: phoneField,
    role: z.enum(Role, { error: "Role must be admin, manager or staff" }).optional(),
    memberType: z.enum(MemberType, { error: "Member type must be employee, contractor or volunteer" }).optional(),
    unitIds: z.array(idField("Unit"), { error: "unitIds must be a list" }).max(50, "At most 50 units").optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: "Nothing to update" });
export type UpdateMemberInput = z.input<typeof updateMemberSchema>;
export type UpdateMemberData = z.output<typeof updateMemberSchema>;

// ---------------------------------------------------------------- vendors

export const VENDOR_PAGE_SIZE = 50;

export const listVendorsQuerySchema = z.object({
  q: z.string().trim().max(100, "q must be at most 100 characters").optional(),
  active: boolFilter.default("all"),
  page: z.coerce.number({ error: "page must be a number" }).int("page must be a whole number").min(1, "page must be at least 1").default(1),
});
export type ListVendorsQuery = z.output<typeof listVendorsQuerySchema>;

const vendorEmail = z.preprocess(
  (v) => (typeof v === "string" && v.trim() === "" ? null : v),
  z.string({ error: "Email must be text" }).trim().toLowerCase().max(254, "Email must be at most 254 characters").pipe(z.email("Enter a valid email address")).nullish(),
);

const vendorFields = {
  name: text("Name", 120),
  contactName: optionalText("Contact person", 120),
  email: vendorEmail,
  phone: phoneField,
  services: optionalText("Services", 500),
  notes: optionalText("Notes", 2000),
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
