import { route } from "@/lib/http/route";
import { getScoreboard } from "@/lib/services/scoreboard/get-scoreboard";
import { scoreboardQuerySchema } from "@/lib/validations/reports";

export const GET = route(async ({ caller, query }) => getScoreboard(caller, query(scoreboardQuerySchema).period), { permission: "scoreboard.read" });
