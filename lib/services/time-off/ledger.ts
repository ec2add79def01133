import "server-only";
import type { z } from "zod";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { badRequest } from "@/lib/http/app-error";
import type { ledgerRowSchema } from "@/lib/time-off/contracts";
import type { ledgerEntrySchema } from "@/lib/validations/time-off";
import { hoursOf } from "./shape";

type Client = Prisma.TransactionClient | typeof db;

/** A member's balance of each type in minutes: the sum of the ledger (one grouped query). */
export async function balancesOf(client: Client, userId: string): Promise<Map<string, number>> {
  const sums = await client.timeOffLedgerEntry.groupBy({ by: ["typeId"], where: { userId }, _sum: { minutes: true } });
  return new Map(sums.map((s) => [s.typeId, s._sum.minutes ?? 0]));
}

/** POST /api/time-off/ledger: an admin's grant or adjustment of a member's balance, with the reason. */
export async function addLedgerEntry(caller: Caller, input: z.output<typeof ledgerEntrySchema>): Promise<z.output<typeof ledgerRowSchema>> {
  const [member, type] = await Promise.all([
    db.user.findUnique({ where: { id: input.userId }, select: { id: true } }),
    db.timeOffType.findUnique({ where: { id: input.typeId }, select: { paid: true } }),
  ]);
  if (!member) throw badRequest("userId must be a member");
  if (!type) throw badRequest("typeId must be a time-off type");
  if (!type.paid) throw badRequest("typeId must be a paid type (unpaid time off has no balance)");
  return db.$transaction(async (tx) => {
    const row = await tx.timeOffLedgerEntry.create({
      data: { userId: input.userId, typeId: input.typeId, kind: input.kind, minutes: Math.round(input.hours * 60), reason: input.reason, actorId: caller.userId },
    });
    const balance = (await balancesOf(tx, input.userId)).get(input.typeId) ?? 0;
    return {
      id: row.id,
      userId: row.userId,
      typeId: row.typeId,
      kind: row.kind,
      hours: hoursOf(row.minutes),
      reason: row.reason,
      actorId: row.actorId,
      requestId: row.requestId,
      createdAt: row.createdAt.toISOString(),
      balance: hoursOf(balance),
    };
  });
}
