import { randomUUID } from "node:crypto";
import { ownersTask } from "../fixtures";
import { adminOnly, everyone, type ApiRow } from "../types";

/** Health, readiness, the printable punch QR code, punch posts and their rotation, the jobs test hook, and the JSON 404 for any /api path no handler serves. */
export const systemRows: ApiRow[] = [
  { route: "/api/health", method: "GET", expect: everyone(200) },
  { route: "/api/ready", method: "GET", expect: everyone(200) },
  { route: "/api/admin/punch-qr-pdf", method: "GET", expect: adminOnly(200) },
  {
    route: "/api/admin/punch-stations/rotate",
    method: "POST",
    case: "a post of the row's own",
    // A fresh post name, so no printed code another test relies on is voided.
    setup: async () => ({ body: { location: `matrix-${randomUUID().slice(0, 8)}` } }),
    expect: adminOnly(200),
  },
  { route: "/api/admin/punch-posts", method: "GET", expect: adminOnly(200) },
  {
    route: "/api/admin/punch-posts",
    method: "POST",
    setup: async () => ({ body: { location: `matrix-${randomUUID().slice(0, 8)}`, name: "Matrix post" } }),
    expect: adminOnly(201),
  },
  {
    route: "/api/admin/punch-posts/[id]",
    method: "PATCH",
    setup: async (ctx) => {
      const post = await ctx.db.punchStation.create({ data: { location: `matrix-${randomUUID().slice(0, 8)}` } });
      return { path: `/api/admin/punch-posts/${post.id}`, body: { place: "Matrix wall" } };
    },
    expect: adminOnly(200),
  },
  {
    route: "/api/admin/punch-posts/[id]",
    method: "DELETE",
    setup: async (ctx) => {
      const post = await ctx.db.punchStation.create({ data: { location: `matrix-${randomUUID().slice(0, 8)}` } });
      return { path: `/api/admin/punch-posts/${post.id}` };
    },
    expect: adminOnly(200),
  },
  {
    route: "/api/test-hooks/jobs/[name]",
    method: "POST",
    case: "recurrence job for one fresh series",
    // The e2e server sets ENABLE_TEST_HOOKS=true; seriesId keeps the job off every other series.
    setup: async (ctx) => {
      const series = await ownersTask(ctx, { isRecurring: true, recurringPattern: "daily" });
      return { path: "/api/test-hooks/jobs/recurrence-generate", body: { seriesId: series.id } };
    },
    expect: adminOnly(200),
  },
  {
    route: "/api/test-hooks/assistant",
    method: "POST",
    case: "report the mode (no change)",
    setup: async () => ({ body: {} }),
    expect: adminOnly(200),
  },
  ...(["GET", "POST", "PUT", "PATCH", "DELETE"] as const).map(
    (method): ApiRow => ({ route: "/api/[...path]", method, setup: async () => ({ path: "/api/no-such-thing", ...(method === "GET" || method === "DELETE" ? {} : { body: {} }) }), expect: everyone(404) }),
  ),
];
