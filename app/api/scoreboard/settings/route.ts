import { route } from "@/lib/http/route";
import * as op from "@/lib/reports/contracts";
import { getScoreboardSettings, updateScoreboardSettings } from "@/lib/services/reports/scoreboard-settings";

export const GET = route(op.getScoreboardSettings, async () => getScoreboardSettings());
export const PUT = route(op.updateScoreboardSettings, async ({ caller, body }) => updateScoreboardSettings(caller, body));
