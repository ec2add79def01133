import { z } from "zod";
import { MEMBER_PAGE_SIZE, MEMBER_PAGE_SIZE_MAX } from "@/lib/constants";
import { MemberType, Role } from "@/lib/generated/prisma/enums";
import { emailField, newPasswordField } from "./auth";
import { activeFilter, idField, phoneField, requiredText } from "./fields";
import { text as safeText } from "./text";

/** Members: schemas shared by the admin forms and the route handlers (the last-admin rule lives in lib/services/members). */

export const listMembersQuerySchema = z.object({
  q: safeText().trim().max(100, "q must be at most 100 characters").optional(),
  unitId: idField("unitId").optional(),
  role: z.enum(Role, { error: "role must be admin, manager or staff" }).optional(),
  memberType: z.enum(MemberType, { error: "memberType must be employee, contractor or volunteer" }).optional(),
  active: activeFilter.default("true"),
  page: z.coerce.number({ error: "page must be a number" }).int("page must be a whole number").min(1, "page must be at least 1").default(1),
  pageSize: z.coerce
    .number({ error: "pageSize must be a number" })
    .int("pageSize must be a whole number")
    .min(1, "pageSize must be at least 1")
    .max(MEMBER_PAGE_SIZE_MAX, `pageSize must be at most ${MEMBER_PAGE_SIZE_MAX}`)
    .default(MEMBER_PAGE_SIZE),
});
export type ListMembersQuery = z.output<typeof listMembersQuerySchema>;

export const createMemberSchema = z.object({
  firstName: requiredText("First name", 100),
  lastName: requiredText("Last name", 100),
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
    firstName: requiredText("First name", 100).optional(),
    lastName: requiredText("Last name", 100).optional(),
    email: emailField.optional(),
    phone: phoneField,
    role: z.enum(Role, { error: "Role must be admin, manager or staff" }).optional(),
    memberType: z.enum(MemberType, { error: "Member type must be employee, contractor or volunteer" }).optional(),
    unitIds: z.array(idField("Unit"), { error: "unitIds must be a list" }).max(50, "At most 50 units").optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: "Nothing to update" });
export type UpdateMemberInput = z.input<typeof updateMemberSchema>;
export type UpdateMemberData = z.output<typeof updateMemberSchema>;
