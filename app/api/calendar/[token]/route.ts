import * as op from "@/lib/calendar/contracts";
import { fileResponse } from "@/lib/http/file-response";
import { route } from "@/lib/http/route";
import { renderCalendarFeed } from "@/lib/services/calendar/render-feed";

export const GET = route(op.getCalendarFeed, async ({ params }) => {
  const feed = await renderCalendarFeed(String(params.token));
  return fileResponse(feed.body, {
    fileName: feed.filename,
    contentType: "text/calendar; charset=utf-8",
    disposition: "inline",
    headers: { "X-Robots-Tag": "noindex, nofollow" },
  });
});
