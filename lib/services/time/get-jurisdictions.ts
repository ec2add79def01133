import "server-only";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { DEFAULT_PRESET, PRESETS, PRESET_IDS, isPresetId, type PresetId } from "@/lib/time/rules";
import type { z } from "zod";
import type { jurisdictionSettingsResultSchema } from "@/lib/validations/time";

type Client = Prisma.TransactionClient | typeof db;
export type JurisdictionSettings = z.input<typeof jurisdictionSettingsResultSchema>;

const presetOrNull = (value: string | null): PresetId | null => (isPresetId(value) ? value : null);

/** GET /api/admin/time/jurisdictions: the presets, the organization's choice, and every department's and punch post's override. */
export async function getJurisdictions(client: Client = db): Promise<JurisdictionSettings> {
  const [policy, units, posts] = await Promise.all([
    client.timePolicy.findUnique({ where: { id: "default" }, select: { jurisdiction: true } }),
    client.organizationalUnit.findMany({ select: { id: true, name: true, jurisdiction: true }, orderBy: [{ name: "asc" }, { id: "asc" }] }),
    client.punchStation.findMany({ where: { deletedAt: null }, select: { id: true, location: true, name: true, jurisdiction: true }, orderBy: [{ location: "asc" }] }),
  ]);
  return {
    organization: isPresetId(policy?.jurisdiction) ? policy.jurisdiction : DEFAULT_PRESET,
    presets: PRESET_IDS.map((id) => PRESETS[id]),
    units: units.map((u) => ({ id: u.id, name: u.name, jurisdiction: presetOrNull(u.jurisdiction) })),
    posts: posts.map((p) => ({ id: p.id, location: p.location, name: p.name, jurisdiction: presetOrNull(p.jurisdiction) })),
  };
}
