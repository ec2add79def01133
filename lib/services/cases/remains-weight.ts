import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import {
  checkRemainsWeight,
  DEFAULT_REMAINS_RANGES,
  OTHER_SPECIES,
  remainsOutOfRangeMessage,
  REMAINS_WEIGHT_ONLY_AT_PROCESSING,
  REMAINS_WEIGHT_REQUIRED,
  speciesKey,
  type RemainsCheck,
  type RemainsRange,
} from "@/lib/cases/remains-weight";
import type { ScanRefusalCode, Station } from "@/lib/cases/stations";
import { db, type Db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { badRequest } from "@/lib/http/app-error";
import { recordAudit } from "@/lib/services/audit/record-audit";
import type { RemainsRanges, SaveRemainsRangesInput } from "@/lib/validations/cases";

/** The ranges saved by an administrator, else the shipped defaults (docs/cases.md "The remains' weight"). */
export async function loadRemainsRanges(client: Db = db): Promise<{ ranges: RemainsRange[]; saved: boolean; updatedAt: Date | null }> {
  const rows = await client.remainsWeightRange.findMany({ orderBy: { species: "asc" } });
  if (rows.length === 0) return { ranges: [...DEFAULT_REMAINS_RANGES], saved: false, updatedAt: null };
  const updatedAt = rows.reduce<Date | null>((max, r) => (!max || r.updatedAt > max ? r.updatedAt : max), null);
  return { ranges: rows.map((r) => ({ species: r.species, minPercent: Number(r.minPercent), maxPercent: Number(r.maxPercent) })), saved: true, updatedAt };
}

/** Named species first (alphabetically), "any other species" last. */
const order = (a: RemainsRange, b: RemainsRange) => (a.species === OTHER_SPECIES ? 1 : b.species === OTHER_SPECIES ? -1 : a.species.localeCompare(b.species));

/** GET /api/cases/remains-ranges. */
export async function getRemainsRanges(): Promise<RemainsRanges> {
  const { ranges, saved, updatedAt } = await loadRemainsRanges();
  return { items: ranges.sort(order).map((r) => ({ ...r, isDefault: !saved })), updatedAt: updatedAt?.toISOString() ?? null };
}

/** PUT /api/cases/remains-ranges: replaces the whole list (an audit row of before and after), in one transaction. */
export async function saveRemainsRanges(caller: Caller, input: SaveRemainsRangesInput): Promise<RemainsRanges> {
  const items = input.items.map((i) => ({ species: i.species.trim() === OTHER_SPECIES ? OTHER_SPECIES : speciesKey(i.species), minPercent: i.minPercent, maxPercent: i.maxPercent }));
  const keys = new Set<string>();
  items.forEach((item, i) => {
    if (keys.has(item.species)) throw badRequest(`${input.items[i].species} is listed twice`, { field: `items.${i}.species` });
    keys.add(item.species);
  });
  await db.$transaction(async (tx) => {
    // One writer at a time: the list is replaced whole.
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('remains_weight_ranges'))`;
    const before = await loadRemainsRanges(tx);
    await tx.remainsWeightRange.deleteMany({});
    await tx.remainsWeightRange.createMany({ data: items.map((i) => ({ ...i, updatedById: caller.userId })) });
    await recordAudit(tx, {
      actorId: caller.userId,
      action: "cases.remains_ranges",
      entityType: "remains_weight_ranges",
      entityId: "all",
      before: { items: before.ranges, defaults: !before.saved },
      after: { items },
    });
  });
  return getRemainsRanges();
}

export interface RemainsWeighing {
  check: RemainsCheck;
  refusal: { reason: ScanRefusalCode; message: string; overridable: true } | null;
}

/**
 * The processing scan's weighing (docs/cases.md "The remains' weight"): a weight sent at any other
 * station is a 400; a private cremation must send one. The check against the species' range
 * refuses an out-of-range weight (a supervisor confirms it with a reason); partitioned and
 * communal are exempt; no body weight on file is said so, never divided by.
 */
export async function weighRemains(
  tx: Prisma.TransactionClient,
  row: { serviceType: "private" | "partitioned" | "communal"; petSpecies: string; petWeightLbs: Prisma.Decimal | null },
  station: Station,
  remainsLbs: number | null | undefined,
): Promise<RemainsWeighing | null> {
  if (station !== "processing") {
    if (remainsLbs != null) throw badRequest(REMAINS_WEIGHT_ONLY_AT_PROCESSING, { field: "remainsWeightLbs" });
    return null;
  }
  if (remainsLbs == null) {
    if (row.serviceType === "private") throw badRequest(REMAINS_WEIGHT_REQUIRED, { field: "remainsWeightLbs" });
    return null;
  }
  const { ranges } = await loadRemainsRanges(tx);
  const check = checkRemainsWeight({
    serviceType: row.serviceType,
    species: row.petSpecies,
    bodyLbs: row.petWeightLbs === null ? null : Number(row.petWeightLbs),
    remainsLbs,
    ranges,
  });
  const refusal = check.result === "out_of_range" ? { reason: "REMAINS_WEIGHT_OUT_OF_RANGE" as const, message: remainsOutOfRangeMessage(check), overridable: true as const } : null;
  return { check, refusal };
}
