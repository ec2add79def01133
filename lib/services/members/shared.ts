import "server-only";
import { can } from "@/lib/auth/permissions";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { MemberType, PayType } from "@/lib/generated/prisma/enums";
import type { Caller } from "@/lib/auth/resolve-caller";
import { badRequest, conflict } from "@/lib/http/app-error";
import { VOLUNTEER_NO_PAY_TYPE } from "@/lib/validations/members";
import type { z } from "zod";
import type { memberSchema } from "@/lib/validations/members";

export const MEMBER_NOT_FOUND = "Member not found";
export const DUPLICATE_MEMBER_EMAIL = "A member with this email already exists";
export const DUPLICATE_PAYROLL_ID = "Another member already has this payroll ID";

/**
 * The pay type a member ends up with. The member type is the one source of truth for volunteers:
 * a volunteer has none (a pay type sent for one is refused, 400), and a paid member keeps the one
 * asked for, else their current one, else hourly (check users_pay_type_of_member_type).
 */
export function resolvePayType(memberType: MemberType, requested: PayType | null | undefined, current: PayType | null | undefined): PayType | null {
  if (memberType === "volunteer") {
    if (requested) throw badRequest(VOLUNTEER_NO_PAY_TYPE, { field: "payType" });
    return null;
  }
  return requested ?? current ?? "hourly";
}

export const memberSelect = {
  id: true,
  firstName: true,
  lastName: true,
  memberType: true,
  role: true,
  isActive: true,
  email: true,
  phone: true,
  payrollId: true,
  payType: true,
  memberships: {
    select: { unit: { select: { id: true, name: true, unitNumber: true } } },
    orderBy: { unit: { name: "asc" } },
  },
} satisfies Prisma.UserSelect;

type MemberRow = Prisma.UserGetPayload<{ select: typeof memberSelect }>;

export type MemberUnit = z.input<typeof memberSchema>["units"][number];

export type MemberDto = z.input<typeof memberSchema>;

/** Contact details only for those allowed to see them; everyone else never receives the keys. */
export function toMemberDto(row: MemberRow, withContact: boolean): MemberDto {
  const dto: MemberDto = {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    memberType: row.memberType,
    role: row.role,
    isActive: row.isActive,
    units: row.memberships.map((m) => m.unit),
  };
  if (withContact) {
    dto.email = row.email;
    dto.phone = row.phone;
    dto.payrollId = row.payrollId;
    dto.payType = row.payType;
  }
  return dto;
}

export const canSeeContact = (caller: Caller, memberId: string) => can(caller, "members.read.contact") || caller.userId === memberId;

/** What an audit row keeps of a member (never the password hash). */
export const memberAuditFields = (row: MemberRow) => ({
  firstName: row.firstName,
  lastName: row.lastName,
  email: row.email,
  phone: row.phone,
  role: row.role,
  memberType: row.memberType,
  payrollId: row.payrollId,
  payType: row.payType,
  isActive: row.isActive,
  unitIds: row.memberships.map((m) => m.unit.id).sort(),
});

/** Every unit id must exist; a 400 names the field otherwise. */
export async function assertUnitsExist(tx: Prisma.TransactionClient, unitIds: string[]): Promise<string[]> {
  const unique = [...new Set(unitIds)];
  if (unique.length === 0) return unique;
  const found = await tx.organizationalUnit.count({ where: { id: { in: unique } } });
  if (found !== unique.length) throw badRequest("unitIds: Unit not found", { field: "unitIds" });
  return unique;
}

export async function assertEmailFree(tx: Prisma.TransactionClient, email: string, exceptId?: string): Promise<void> {
  const holder = await tx.user.findFirst({ where: { email, ...(exceptId ? { id: { not: exceptId } } : {}) }, select: { id: true } });
  if (holder) throw conflict(DUPLICATE_MEMBER_EMAIL, { field: "email" });
}

export async function assertPayrollIdFree(tx: Prisma.TransactionClient, payrollId: string | null | undefined, exceptId?: string): Promise<void> {
  if (!payrollId) return;
  const holder = await tx.user.findFirst({ where: { payrollId, ...(exceptId ? { id: { not: exceptId } } : {}) }, select: { id: true } });
  if (holder) throw conflict(DUPLICATE_PAYROLL_ID, { field: "payrollId" });
}

/** A unique violation from a member write: the payroll ID's index, else the e-mail's. */
export function duplicateMemberConflict(constraint: string | null) {
  return constraint?.includes("payroll_id") ? conflict(DUPLICATE_PAYROLL_ID, { field: "payrollId" }) : conflict(DUPLICATE_MEMBER_EMAIL, { field: "email" });
}

export const LAST_ADMIN_DEMOTE = "You cannot demote the last admin. Make another member an admin first.";
export const LAST_ADMIN_DEACTIVATE = "You cannot deactivate the last admin. Make another member an admin first.";

/**
 * The organization must keep one active admin. Locks every active admin row (FOR UPDATE) so
 * two admins demoting each other at the same time cannot both succeed.
 */
export async function assertNotLastAdmin(tx: Prisma.TransactionClient, userId: string, message: string): Promise<void> {
  const admins = await tx.$queryRaw<Array<{ id: string }>>`
    SELECT id::text AS id FROM users WHERE role = 'admin' AND is_active ORDER BY id FOR UPDATE`;
  if (admins.some((a) => a.id === userId) && admins.length <= 1) throw conflict(message);
}
