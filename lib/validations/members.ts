import { z } from "zod";
import { ROLES } from "@/lib/auth/roles";
import { MEMBER_PAGE_SIZE, MEMBER_PAGE_SIZE_MAX } from "@/lib/constants";
import { MemberType, PayType, Role } from "@/lib/generated/prisma/enums";
import { TASK_PRIORITIES, TASK_STATUSES } from "@/lib/tasks/options";
import { emailField, newPasswordField } from "./auth";
import { isoDateTime } from "./common";
import { activeFilter, idField, phoneField, requiredText } from "./fields";
import { text as safeText } from "./text";

/** The member's id in the payroll provider: optional, blank clears it; unique when set (409). */
export const PAYROLL_ID_MAX_LENGTH = 64;
export const payrollIdField = safeText({ error: "Payroll ID must be text" })
  .trim()
  .max(PAYROLL_ID_MAX_LENGTH, `Payroll ID must be at most ${PAYROLL_ID_MAX_LENGTH} characters`)
  .nullable()
  .transform((v) => (v ? v : null));
/**
 * How a paid member is paid. Volunteers have none (null): who is a volunteer or a contractor is the
 * member type's to say, and only the member type's (docs/organization.md, "Member type and pay type").
 */
export const payTypeField = z.enum(PayType, { error: "Pay type must be hourly or salaried" });
export const VOLUNTEER_NO_PAY_TYPE = "A volunteer is not paid and has no pay type";

/** Members: schemas shared by the admin forms and the route handlers (the last-admin rule lives in lib/services/members). */

export const listMembersQuerySchema = z.object({
  q: safeText().trim().max(100, "q must be at most 100 characters").optional(),
  unitId: idField("unitId").optional(),
  role: z.enum(ROLES, { error: "role must be admin, manager or staff" }).optional(),
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
  role: z.enum(ROLES, { error: "Role must be admin, manager or staff" }).default("staff"),
  memberType: z.enum(MemberType, { error: "Member type must be employee, contractor or volunteer" }).default("employee"),
  payrollId: payrollIdField.optional().transform((v) => v ?? null),
  /** Absent: hourly for a paid member, none for a volunteer. */
  payType: payTypeField.nullable().optional(),
  unitIds: z.array(idField("Unit"), { error: "unitIds must be a list" }).max(50, "At most 50 units").default([]),
  /** Blank: the server generates one and returns it once. */
  temporaryPassword: z.preprocess((v) => (v === "" ? undefined : v), newPasswordField.optional()),
}).refine((v) => !(v.memberType === "volunteer" && v.payType), { message: VOLUNTEER_NO_PAY_TYPE, path: ["payType"] });
export type CreateMemberInput = z.input<typeof createMemberSchema>;
export type CreateMemberData = z.output<typeof createMemberSchema>;

export const updateMemberSchema = z
  .object({
    firstName: requiredText("First name", 100).optional(),
    lastName: requiredText("Last name", 100).optional(),
    email: emailField.optional(),
    phone: phoneField,
    role: z.enum(ROLES, { error: "Role must be admin, manager or staff" }).optional(),
    memberType: z.enum(MemberType, { error: "Member type must be employee, contractor or volunteer" }).optional(),
    payrollId: payrollIdField.optional(),
    /** null: none (a volunteer). Changing the member type alone resolves it (payTypeFor). */
    payType: payTypeField.nullable().optional(),
    unitIds: z.array(idField("Unit"), { error: "unitIds must be a list" }).max(50, "At most 50 units").optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: "Nothing to update" })
  .refine((v) => !(v.memberType === "volunteer" && v.payType), { message: VOLUNTEER_NO_PAY_TYPE, path: ["payType"] });
export type UpdateMemberInput = z.input<typeof updateMemberSchema>;
export type UpdateMemberData = z.output<typeof updateMemberSchema>;

// ------------------------------------------------------------------ answers (the JSON on the wire)

/** A member; `email` and `phone` only for admins (and the member themself): everyone else never receives the keys. */
export const memberSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  memberType: z.enum(MemberType),
  role: z.enum(Role),
  isActive: z.boolean(),
  units: z.array(z.object({ id: z.string(), name: z.string(), unitNumber: z.number().int().nullable() })),
  email: z.string().optional(),
  phone: z.string().nullable().optional(),
  /** Admins only, with the contact details. */
  payrollId: z.string().nullable().optional(),
  /** null for a volunteer. */
  payType: z.enum(PayType).nullable().optional(),
});

export const memberPageSchema = z.object({
  items: z.array(memberSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

/** `temporaryPassword` only when the server generated it: shown once to the admin. */
export const memberCreatedSchema = z.object({ member: memberSchema, temporaryPassword: z.string().optional() });

/** A member's profile: open tasks for everyone (by the task visibility rule); hours and punches for admins and the member themself, else null. */
export const memberProfileSchema = memberSchema.extend({
  openTasks: z.object({
    items: z.array(
      z.object({
        id: z.string(),
        displayNumber: z.number().int(),
        title: z.string(),
        status: z.enum(TASK_STATUSES),
        priority: z.enum(TASK_PRIORITIES),
        dueDate: isoDateTime,
        organizationalUnit: z.object({ id: z.string(), name: z.string() }),
        isLead: z.boolean(),
      }),
    ),
    total: z.number().int(),
  }),
  hoursThisWeek: z.object({ minutes: z.number().int(), weekStart: isoDateTime }).nullable(),
  recentPunches: z
    .array(
      z.object({
        id: z.string(),
        punchInAt: isoDateTime,
        punchOutAt: isoDateTime.nullable(),
        inLocation: z.string(),
        outReason: z.string().nullable(),
        /** Whole minutes; an open session counts up to now. */
        minutes: z.number().int(),
      }),
    )
    .nullable(),
});
