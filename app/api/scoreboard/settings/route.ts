import { route } from "@/lib/http/route";
import { getScoreboardSettings, updateScoreboardSettings } from "@/lib/services/scoreboard/settings";
import { scoreboardSettingsSchema } from "@/lib/validations/reports";

export const GET = route(async () => getScoreboardSettings(), { permission: "scoreboard.settings" });
export const PUT = route(async ({ caller, body }) => updateScoreboardSettings(caller, await body(scoreboardSettingsSchema)), { permission: "scoreboard.settings" });
