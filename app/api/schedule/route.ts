import { scheduleWeekAnswer } from "@/lib/cache/schedule-cache";
import { matchesEtag } from "@/lib/cache/poll-cache";
import { route } from "@/lib/http/route";
import * as op from "@/lib/schedule/contracts";
import { getScheduleWeek, scheduleWeekKey } from "@/lib/services/schedule/get-week";

/**
 * One week of the grid, answered from the per-process week cache while nothing it shows has
 * changed (lib/cache/schedule-cache.ts); with `If-None-Match` naming the current ETag, a 304.
 */
export const GET = route(op.getScheduleWeek, async ({ req, caller, query }) => {
  const answer = await scheduleWeekAnswer(await scheduleWeekKey(caller, query), () => getScheduleWeek(caller, query));
  if (matchesEtag(req.headers.get("if-none-match"), answer.etag)) return new Response(null, { status: 304, headers: { ETag: answer.etag } });
  return new Response(answer.body, { status: 200, headers: { "Content-Type": "application/json", ETag: answer.etag } });
});
