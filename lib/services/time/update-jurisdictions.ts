import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import { notFound } from "@/lib/http/app-error";
import { recordAudit } from "@/lib/services/audit/record-audit";
import type { JurisdictionSettingsInput } from "@/lib/validations/time";
import { getJurisdictions, type JurisdictionSettings } from "./get-jurisdictions";

/**
 * PUT /api/admin/time/jurisdictions: the organization's preset and the overrides per department or
 * punch post (null clears one). One transaction, one audit row with before and after. Locked pay
 * periods keep their stored figures (docs/time.md "Closed periods"); open ones are recomputed on read.
 */
export async function updateJurisdictions(caller: Pick<Caller, "userId">, input: JurisdictionSettingsInput): Promise<JurisdictionSettings> {
  return db.$transaction(async (tx) => {
    const before = await getJurisdictions(tx);
    if (input.organization) {
      await tx.timePolicy.upsert({
        where: { id: "default" },
        create: { id: "default", jurisdiction: input.organization, updatedById: caller.userId },
        update: { jurisdiction: input.organization, updatedById: caller.userId },
      });
    }
    for (const unit of input.units ?? []) {
      const { count } = await tx.organizationalUnit.updateMany({ where: { id: unit.id }, data: { jurisdiction: unit.jurisdiction } });
      if (count === 0) throw notFound("Department not found");
    }
    for (const post of input.posts ?? []) {
      const { count } = await tx.punchStation.updateMany({ where: { id: post.id, deletedAt: null }, data: { jurisdiction: post.jurisdiction } });
      if (count === 0) throw notFound("Punch post not found");
    }
    const after = await getJurisdictions(tx);
    const brief = (s: JurisdictionSettings) => ({
      organization: s.organization,
      units: s.units.filter((u) => u.jurisdiction).map((u) => ({ id: u.id, jurisdiction: u.jurisdiction })),
      posts: s.posts.filter((p) => p.jurisdiction).map((p) => ({ id: p.id, jurisdiction: p.jurisdiction })),
    });
    await recordAudit(tx, { actorId: caller.userId, action: "time.jurisdiction.update", entityType: "time_policy", entityId: "default", before: brief(before), after: brief(after) });
    return after;
  });
}
