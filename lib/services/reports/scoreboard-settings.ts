import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import { recordAudit } from "@/lib/services/audit/record-audit";
import { SCOREBOARD_SETTINGS_DEFAULTS, scoreboardSettingsSchema, type ScoreboardSettingsDto, type ScoreboardSettingsInput } from "@/lib/validations/reports";

/** The settings row (id 1), or the defaults until an admin saves them. */
export async function getScoreboardSettings(): Promise<ScoreboardSettingsDto> {
  const row = await db.scoreboardSettings.findUnique({ where: { id: 1 } });
  if (!row) return { ...SCOREBOARD_SETTINGS_DEFAULTS, updatedAt: null };
  // zod's object parse keeps only the settings' own fields (not id or updatedById).
  return { ...scoreboardSettingsSchema.parse(row), updatedAt: row.updatedAt.toISOString() };
}


/** Saves the settings (an upsert: repeating it is harmless) with an audit row of what changed. */
export async function updateScoreboardSettings(caller: Caller, input: ScoreboardSettingsInput): Promise<ScoreboardSettingsDto> {
  const before = await getScoreboardSettings();
  await db.$transaction(async (tx) => {
    await tx.scoreboardSettings.upsert({ where: { id: 1 }, create: { id: 1, ...input, updatedById: caller.userId }, update: { ...input, updatedById: caller.userId } });
    const changed = (Object.keys(input) as Array<keyof ScoreboardSettingsInput>).filter((k) => before[k] !== input[k]);
    await recordAudit(tx, {
      actorId: caller.userId,
      action: "scoreboard.settings",
      entityType: "scoreboard_settings",
      entityId: "1",
      before: Object.fromEntries(changed.map((k) => [k, before[k]])),
      after: Object.fromEntries(changed.map((k) => [k, input[k]])),
    });
  });
  return getScoreboardSettings();
}
