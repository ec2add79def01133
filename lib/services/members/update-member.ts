import "server-only";
import { isUniqueViolation, pgFacts } from "@/lib/db-errors";
import { isAdminRole } from "@/lib/auth/permissions";
import { db } from "@/lib/db";
import type { Caller } from "@/lib/auth/resolve-caller";
import { notFound } from "@/lib/http/app-error";
import { changedFields, recordAudit } from "@/lib/services/audit/record-audit";
import { idOrNotFound } from "@/lib/services/org/shared";
import type { UpdateMemberData } from "@/lib/validations/members";
import {
  LAST_ADMIN_DEMOTE,
  MEMBER_NOT_FOUND,
  assertEmailFree,
  assertPayrollIdFree,
  duplicateMemberConflict,
  assertNotLastAdmin,
  assertUnitsExist,
  memberAuditFields,
  memberSelect,
  resolvePayType,
  toMemberDto,
  type MemberDto,
} from "./shared";

/** Edits name, contact, role, member type and units (`unitIds` replaces the set). */
export async function updateMember(caller: Caller, rawId: unknown, input: UpdateMemberData): Promise<MemberDto> {
  const id = idOrNotFound(rawId, MEMBER_NOT_FOUND);
  try {
    return await db.$transaction(async (tx) => {
      const before = await tx.user.findUnique({ where: { id }, select: memberSelect });
      if (!before) throw notFound(MEMBER_NOT_FOUND);
      if (input.role && !isAdminRole(input.role) && isAdminRole(before.role) && before.isActive) {
        await assertNotLastAdmin(tx, id, LAST_ADMIN_DEMOTE);
      }
      if (input.email && input.email !== before.email) await assertEmailFree(tx, input.email, id);
      if (input.payrollId && input.payrollId !== before.payrollId) await assertPayrollIdFree(tx, input.payrollId, id);

      if (input.unitIds) {
        const unitIds = await assertUnitsExist(tx, input.unitIds);
        await tx.unitMembership.deleteMany({ where: { userId: id, unitId: { notIn: unitIds } } });
        await tx.unitMembership.createMany({ data: unitIds.map((unitId) => ({ unitId, userId: id })), skipDuplicates: true });
      }
      const after = await tx.user.update({
        where: { id },
        data: {
          firstName: input.firstName,
          lastName: input.lastName,
          email: input.email,
          phone: input.phone,
          role: input.role,
          memberType: input.memberType,
          payrollId: input.payrollId,
          payType: input.memberType !== undefined || input.payType !== undefined ? resolvePayType(input.memberType ?? before.memberType, input.payType, before.payType) : undefined,
        },
        select: memberSelect,
      });
      const diff = changedFields(memberAuditFields(before), memberAuditFields(after));
      if (Object.keys(diff.after).length > 0) {
        await recordAudit(tx, { actorId: caller.userId, action: "member.update", entityType: "user", entityId: id, ...diff });
      }
      return toMemberDto(after, true);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateMemberConflict(pgFacts(error).constraint ?? pgFacts(error).message);
    throw error;
  }
}
