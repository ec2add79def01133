import { route } from "@/lib/http/route";
import { getMemberBreakdown } from "@/lib/services/scoreboard/get-member-breakdown";
import { scoreboardQuerySchema } from "@/lib/validations/reports";

export const GET = route(async ({ caller, params, query }) => getMemberBreakdown(caller, String(params.userId), query(scoreboardQuerySchema).period), { permission: "scoreboard.read" });
