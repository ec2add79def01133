import { z } from "zod";
import { MemberType, Role } from "@/lib/generated/prisma/enums";
import { idField, optionalText, requiredText } from "./fields";

/**
 * The organization's units: schemas shared by the admin forms and the route handlers.
 * Database-dependent rules (cycles, unique numbers) live in lib/services/org. Members and
 * vendors have their own files (./members.ts, ./vendors.ts).
 */

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
  name: requiredText("Name", 100),
  unitNumber: unitNumberField,
  type: z.enum(UNIT_TYPES, { error: `Type must be one of ${UNIT_TYPES.join(", ")}` }),
  parentId: idField("Parent unit").nullable(),
  description: optionalText("Description", 500, true),
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

// ------------------------------------------------------------------ answers (the JSON on the wire)

/** A unit with its counts of active members, sub-units and open tasks (the client builds the tree from parentId). */
export const unitSchema = z.object({
  id: z.string(),
  name: z.string(),
  unitNumber: z.number().int().nullable(),
  type: z.string().describe(UNIT_TYPES.join(", ")),
  parentId: z.string().nullable(),
  description: z.string().nullable(),
  counts: z.object({ members: z.number().int(), children: z.number().int(), openTasks: z.number().int() }),
});

export const unitListSchema = z.array(unitSchema);

/** A member of a unit as the spec's client reads it (§3): an item carrying a `users` object; no contact details. */
export const unitMemberSchema = z.object({
  id: z.string(),
  unitId: z.string(),
  userId: z.string(),
  users: z.object({
    id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    memberType: z.enum(MemberType),
    role: z.enum(Role),
    isActive: z.boolean(),
  }),
});

export const unitMemberListSchema = z.array(unitMemberSchema);

/**
 * The business's contact details (PUT /api/organization/contact): what a family sees on its status
 * page and on a certificate's verification page. Every field is optional; blank clears it.
 */
export const organizationContactSchema = z.object({
  phone: optionalText("Phone", 40),
  email: optionalText("Email", 254).refine((value) => value == null || z.email().safeParse(value).success, "Enter a valid email address"),
  address: optionalText("Address", 300, true),
  hours: optionalText("Opening hours", 300, true),
});
export type OrganizationContactInput = z.output<typeof organizationContactSchema>;
export type OrganizationContactBody = z.input<typeof organizationContactSchema>;

export const organizationContactViewSchema = z.object({
  phone: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  hours: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type OrganizationContact = z.infer<typeof organizationContactViewSchema>;
