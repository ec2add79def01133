import { SCOREBOARD_SETTINGS_DEFAULTS } from "@/lib/validations/reports";
import { adminOnly, signedIn, type ApiRow } from "../types";

/**
 * Scoreboard and statistics (docs/reports.md): reads for everyone signed in; the scoreboard's
 * settings for admins. A member's breakdown is open to all while the settings show names (the
 * default); when they hide them, staff get 403 for anyone else's (tests/integration/reports).
 */
const SETTINGS = SCOREBOARD_SETTINGS_DEFAULTS;

export const reportRows: ApiRow[] = [
  { route: "/api/scoreboard", method: "GET", setup: async () => ({ path: "/api/scoreboard?period=this-month" }), expect: signedIn(200) },
  {
    route: "/api/scoreboard/members/[userId]",
    method: "GET",
    setup: async (ctx) => ({ path: `/api/scoreboard/members/${ctx.users.staff.id}?period=last-week` }),
    expect: signedIn(200),
  },
  { route: "/api/scoreboard/settings", method: "GET", expect: adminOnly(200) },
  { route: "/api/scoreboard/settings", method: "PUT", setup: async () => ({ body: SETTINGS }), expect: adminOnly(200) },
  {
    route: "/api/statistics/[panel]",
    method: "GET",
    setup: async () => ({ path: "/api/statistics/throughput?from=2026-09-01&to=2026-11-30" }),
    expect: signedIn(200),
  },
];
