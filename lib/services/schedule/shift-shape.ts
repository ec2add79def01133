import "server-only";
import type { z } from "zod";
import type { Db } from "@/lib/db";
import type { shiftSchema } from "@/lib/schedule/contracts";

export const shiftSelect = {
  id: true,
  userId: true,
  unitId: true,
  roleLabel: true,
  punchLocation: true,
  startsAt: true,
  endsAt: true,
  breakMinutes: true,
  note: true,
  status: true,
  publishedAt: true,
  user: { select: { firstName: true, lastName: true } },
  unit: { select: { name: true } },
} as const;

export interface ShiftRow {
  id: string;
  userId: string | null;
  unitId: string;
  roleLabel: string | null;
  punchLocation: string | null;
  startsAt: Date;
  endsAt: Date;
  breakMinutes: number;
  note: string | null;
  status: "draft" | "published";
  publishedAt: Date | null;
  user: { firstName: string; lastName: string } | null;
  unit: { name: string };
}

export const memberName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();

/** The punch posts' names by location, for the shifts' "where" (one query for any number of shifts). */
export async function postNames(client: Db, locations: Iterable<string | null>): Promise<Map<string, string>> {
  const wanted = [...new Set([...locations].filter((l): l is string => Boolean(l)))];
  if (wanted.length === 0) return new Map();
  const rows = await client.punchStation.findMany({ where: { location: { in: wanted } }, select: { location: true, name: true } });
  return new Map(rows.map((r) => [r.location, r.name ?? r.location]));
}

export function toShift(row: ShiftRow, posts: Map<string, string>): z.output<typeof shiftSchema> {
  return {
    id: row.id,
    userId: row.userId,
    memberName: row.user ? memberName(row.user) : null,
    unitId: row.unitId,
    unitName: row.unit.name,
    roleLabel: row.roleLabel,
    punchLocation: row.punchLocation,
    placeName: row.punchLocation ? (posts.get(row.punchLocation) ?? row.punchLocation) : null,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    breakMinutes: row.breakMinutes,
    note: row.note,
    status: row.status,
    publishedAt: row.publishedAt?.toISOString() ?? null,
  };
}

export async function toShifts(client: Db, rows: ShiftRow[]): Promise<z.output<typeof shiftSchema>[]> {
  const posts = await postNames(client, rows.map((r) => r.punchLocation));
  return rows.map((r) => toShift(r, posts));
}

/** What the history keeps of a shift, before and after a change. */
export function snapshot(row: ShiftRow): Record<string, unknown> {
  return {
    userId: row.userId,
    memberName: row.user ? memberName(row.user) : null,
    unitId: row.unitId,
    unitName: row.unit.name,
    roleLabel: row.roleLabel,
    punchLocation: row.punchLocation,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    breakMinutes: row.breakMinutes,
    note: row.note,
    status: row.status,
  };
}
