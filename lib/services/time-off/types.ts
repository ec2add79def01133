import "server-only";
import type { z } from "zod";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import { isUniqueViolation } from "@/lib/db-errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import { conflict, notFound } from "@/lib/http/app-error";
import { changedFields, recordAudit } from "@/lib/services/audit/record-audit";
import type { CreateTimeOffTypeInput, timeOffTypeAdminSchema, timeOffTypesSchema, UpdateTimeOffTypeInput } from "@/lib/validations/time-off";
import { idOrNotFound } from "@/lib/validations/ids";

/**
 * Time-off types (docs/schedules.md "Time off"): admins add a type (paid or unpaid), rename it,
 * switch paid, deactivate or reactivate it and order it. A type is never deleted: an inactive
 * one cannot be requested (lib/services/time-off/requests.ts) but its requests, ledger rows and
 * balances stay. Names are unique whatever their case (the index time_off_types_name_lower);
 * every change writes an audit row in its own transaction.
 */

type TimeOffTypeDto = z.output<typeof timeOffTypeAdminSchema>;
const NOT_FOUND = "Time-off type not found";
const nameTaken = (name: string) => conflict(`A time-off type named "${name}" already exists. Choose another name.`, { field: "name" });

/** The types' ids in their order, locked: creating and moving renumber under one lock. */
async function lockedOrder(tx: Prisma.TransactionClient): Promise<string[]> {
  const rows = await tx.$queryRaw<Array<{ id: string }>>`SELECT id FROM time_off_types ORDER BY sort_order, name, id FOR UPDATE`;
  return rows.map((r) => r.id);
}

type TypeRow = { id: string; key: string; name: string; paid: boolean; active: boolean };
const select = { id: true, key: true, name: true, paid: true, active: true } as const;
const toDto = (t: TypeRow, order: string[]): TimeOffTypeDto => ({ ...t, position: order.indexOf(t.id) + 1 });
const auditFields = (t: TimeOffTypeDto) => ({ name: t.name, paid: t.paid, active: t.active, position: t.position });

/** GET /api/time-off/types: every type, active or not, in their order. */
export async function listTimeOffTypes(): Promise<z.output<typeof timeOffTypesSchema>> {
  const types = await db.timeOffType.findMany({ orderBy: [{ sortOrder: "asc" }, { name: "asc" }, { id: "asc" }], select });
  return { types: types.map((t, i) => ({ ...t, position: i + 1 })) };
}

/** A stable key for a new type: its name in lower case with dashes, made unique if a renamed type holds it. */
async function newKey(tx: Prisma.TransactionClient, name: string): Promise<string> {
  const base = name.toLowerCase().normalize("NFKD").replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 40) || "type";
  const taken = await tx.timeOffType.findUnique({ where: { key: base }, select: { id: true } });
  return taken ? `${base}-${crypto.randomUUID().slice(0, 8)}` : base;
}

/** POST /api/time-off/types: a new type, last in the list. */
export async function createTimeOffType(caller: Caller, input: CreateTimeOffTypeInput): Promise<TimeOffTypeDto> {
  try {
    return await db.$transaction(async (tx) => {
      const order = await lockedOrder(tx);
      const same = await tx.$queryRaw<Array<{ id: string }>>`SELECT id FROM time_off_types WHERE lower(name) = lower(${input.name})`;
      if (same.length > 0) throw nameTaken(input.name);
      const row = await tx.timeOffType.create({ data: { key: await newKey(tx, input.name), name: input.name, paid: input.paid, sortOrder: order.length + 1 }, select });
      const dto = toDto(row, [...order, row.id]);
      await recordAudit(tx, { actorId: caller.userId, action: "time_off_type.create", entityType: "time_off_type", entityId: row.id, after: auditFields(dto) });
      return dto;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(input.name);
    throw error;
  }
}

/** PATCH /api/time-off/types/[id]: rename, paid, active, position (the same position again changes nothing). */
export async function updateTimeOffType(caller: Caller, rawId: unknown, input: UpdateTimeOffTypeInput): Promise<TimeOffTypeDto> {
  const id = idOrNotFound(rawId, NOT_FOUND);
  try {
    return await db.$transaction(async (tx) => {
      const order = await lockedOrder(tx);
      const before = await tx.timeOffType.findUnique({ where: { id }, select });
      if (!before) throw notFound(NOT_FOUND);
      if (input.name !== undefined && input.name.toLowerCase() !== before.name.toLowerCase()) {
        const same = await tx.$queryRaw<Array<{ id: string }>>`SELECT id FROM time_off_types WHERE lower(name) = lower(${input.name}) AND id <> ${id}::uuid`;
        if (same.length > 0) throw nameTaken(input.name);
      }
      let newOrder = order;
      if (input.position !== undefined) {
        const rest = order.filter((o) => o !== id);
        newOrder = [...rest.slice(0, input.position - 1), id, ...rest.slice(input.position - 1)];
        // Renumbers 1..n where a number changed (also heals ties left by older rows).
        await tx.$executeRaw`
          UPDATE time_off_types t SET sort_order = v.ord
            FROM unnest(${newOrder}::uuid[]) WITH ORDINALITY AS v(id, ord)
           WHERE t.id = v.id AND t.sort_order <> v.ord`;
      }
      const after = await tx.timeOffType.update({ where: { id }, data: { name: input.name, paid: input.paid, active: input.active }, select });
      const dto = toDto(after, newOrder);
      const diff = changedFields(auditFields(toDto(before, order)), auditFields(dto));
      const changed = Object.keys(diff.after);
      if (changed.length > 0) {
        const action = changed.length === 1 && changed[0] === "active" ? (dto.active ? "time_off_type.reactivate" : "time_off_type.deactivate") : "time_off_type.update";
        await recordAudit(tx, { actorId: caller.userId, action, entityType: "time_off_type", entityId: id, ...diff });
      }
      return dto;
    });
  } catch (error) {
    if (isUniqueViolation(error) && input.name !== undefined) throw nameTaken(input.name);
    throw error;
  }
}
