import { op, type RouteDoc } from "../describe";
import { scoreboardQuerySchema, scoreboardSettingsSchema, statisticsQuerySchema } from "@/lib/validations/reports";
import * as scoreboard from "@/app/api/scoreboard/route";
import * as scoreboardMembersUserid from "@/app/api/scoreboard/members/[userId]/route";
import * as scoreboardSettings from "@/app/api/scoreboard/settings/route";
import * as statisticsPanel from "@/app/api/statistics/[panel]/route";

export const reportsDocs = (): RouteDoc[] => [
  op("GET /api/scoreboard", scoreboard.GET, "The scoreboard of a period: members, departments, highlights", { query: scoreboardQuerySchema }),
  op("GET /api/scoreboard/members/[userId]", scoreboardMembersUserid.GET, "The tasks that made a member's points", { query: scoreboardQuerySchema }),
  op("GET /api/scoreboard/settings", scoreboardSettings.GET, "The scoreboard's settings"),
  op("PUT /api/scoreboard/settings", scoreboardSettings.PUT, "Change the scoreboard's weights, name visibility and exclusions", { body: scoreboardSettingsSchema }),
  op("GET /api/statistics/[panel]", statisticsPanel.GET, "One statistics panel's series for a range and department", { query: statisticsQuerySchema }),
];
