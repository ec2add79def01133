import { route } from "@/lib/http/route";
import * as op from "@/lib/punch/contracts";
import { matchesEtag, punchPollAnswer } from "@/lib/cache/poll-cache";

/**
 * { isPunchedIn, lastPunchIn, activeTask, unreadAlerts }: polled every 5 s by every signed-in tab.
 * Answered from the per-process poll cache while the member's poll version is current
 * (lib/cache/poll-cache.ts); with `If-None-Match` naming the current ETag, a 304 with no body.
 */
export const GET = route(op.getPunchStatus, async ({ req, caller }) => {
  const answer = await punchPollAnswer(caller);
  if (matchesEtag(req.headers.get("if-none-match"), answer.etag)) return new Response(null, { status: 304, headers: { ETag: answer.etag } });
  return new Response(answer.body, { status: 200, headers: { "Content-Type": "application/json", ETag: answer.etag } });
});
