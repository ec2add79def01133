import "server-only";
import { isUniqueViolation, pgFacts } from "@/lib/db-errors";
import { randomInt } from "node:crypto";
import { db } from "@/lib/db";
import type { Caller } from "@/lib/auth/resolve-caller";
import { hashPassword } from "@/lib/auth/password";
import { assertPasswordAllowed } from "@/lib/auth/password-policy";
import { recordAudit } from "@/lib/services/audit/record-audit";
import type { CreateMemberData, memberCreatedSchema } from "@/lib/validations/members";
import { assertEmailFree, assertPayrollIdFree, duplicateMemberConflict, assertUnitsExist, memberAuditFields, memberSelect, resolvePayType, toMemberDto } from "./shared";
import type { z } from "zod";

// No look-alikes (0/O, 1/l/I), so it can be read out or copied by hand.
const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789";

export function generateTemporaryPassword(length = 12): string {
  let out = "";
  for (let i = 0; i < length; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}

export type CreatedMember = z.input<typeof memberCreatedSchema>;

/**
 * An admin adds a member with a temporary password (typed by the admin or generated here);
 * mustChangePassword makes the member choose their own at first sign-in.
 */
export async function createMember(caller: Caller, input: CreateMemberData): Promise<CreatedMember> {
  if (input.temporaryPassword) assertPasswordAllowed(input.temporaryPassword, input, "temporaryPassword");
  const generated = input.temporaryPassword ? undefined : generateTemporaryPassword();
  const passwordHash = await hashPassword(input.temporaryPassword ?? generated!);
  try {
    const member = await db.$transaction(async (tx) => {
      await assertEmailFree(tx, input.email);
      await assertPayrollIdFree(tx, input.payrollId);
      const unitIds = await assertUnitsExist(tx, input.unitIds);
      const row = await tx.user.create({
        data: {
          email: input.email,
          passwordHash,
          firstName: input.firstName,
          lastName: input.lastName,
          phone: input.phone,
          role: input.role,
          memberType: input.memberType,
          payrollId: input.payrollId,
          payType: resolvePayType(input.memberType, input.payType, undefined),
          mustChangePassword: true,
          memberships: { create: unitIds.map((unitId) => ({ unitId })) },
        },
        select: memberSelect,
      });
      await recordAudit(tx, {
        actorId: caller.userId,
        action: "member.create",
        entityType: "user",
        entityId: row.id,
        after: memberAuditFields(row),
        metadata: { temporaryPassword: generated ? "generated" : "set by admin" },
      });
      return toMemberDto(row, true);
    });
    return generated ? { member, temporaryPassword: generated } : { member };
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateMemberConflict(pgFacts(error).constraint ?? pgFacts(error).message);
    throw error;
  }
}
