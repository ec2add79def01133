/**
 * A compile-time fixture, never run: `npx tsc --noEmit` checks it with the rest of the code.
 * Each `@ts-expect-error` below marks an answer that drifts from its descriptor's response
 * schema; if route() ever stopped typing the handler's result from the descriptor, the error
 * would disappear and tsc would fail on the unused directive (TS2578);
 * tests/lint/compile-fail.test.ts checks the same file with the directives removed and expects
 * exactly these errors. The lines without one
 * are the answers a handler may give: the schema's input (a Date where the wire carries an ISO
 * string), or a Response it built itself.
 */
import { z } from "zod";
import { defineOperation } from "@/lib/http/operation";
import { json, route } from "@/lib/http/route";
import { isoDateTime } from "@/lib/validations/common";

const thingSchema = z.object({ id: z.string(), count: z.number().int(), createdAt: isoDateTime, note: z.string().nullable() });

const getThing = defineOperation({
  method: "GET",
  path: "/api/fixture/[id]",
  summary: "A thing (fixture)",
  access: { permission: "tasks.read" },
  response: thingSchema,
});

const downloadThing = defineOperation({
  method: "GET",
  path: "/api/fixture/[id]/file",
  summary: "A thing's file (fixture)",
  access: { permission: "tasks.read" },
  produces: "text/csv",
});

export const fixtures = [
  // What a handler may answer.
  route(getThing, async ({ params }) => ({ id: params.id, count: 1, createdAt: new Date(), note: null })),
  route(getThing, async () => ({ id: "a", count: 1, createdAt: "2026-12-07T00:00:00.000Z", note: "x" })),
  route(getThing, async () => json({ id: "a" }, 201)),
  route(downloadThing, async () => new Response("a,b\n", { headers: { "Content-Type": "text/csv" } })),

  // A field of the wrong type.
  // @ts-expect-error count is a number in the contract
  route(getThing, async () => ({ id: "a", count: "1", createdAt: new Date(), note: null })),
  // A field the contract declares, missing.
  // @ts-expect-error note is missing
  route(getThing, async () => ({ id: "a", count: 1, createdAt: new Date() })),
  // A field the contract does not declare, from a service or mapper typed with the contract (below).
  route(getThing, async () => answerThing()),
  // A service whose declared answer strays from the contract (a number where the wire has a string).
  // @ts-expect-error the service's type is not the contract's
  route(getThing, async () => legacyService()),
  // A file operation answers with a Response, not JSON.
  // @ts-expect-error a file operation's handler returns a Response
  route(downloadThing, async () => ({ id: "a" })),
];

/**
 * A handler's object literal reaches route() through a Promise, where TypeScript no longer checks
 * excess properties (VALIDATE_RESPONSES still catches them at run time); a service or `*-shape.ts`
 * mapper annotated with the contract's type catches them at compile time.
 */
async function answerThing(): Promise<z.input<typeof thingSchema>> {
  // @ts-expect-error extra is not in the contract
  return { id: "a", count: 1, createdAt: new Date(), note: null, extra: true };
}

declare function legacyService(): Promise<{ id: number; count: number; createdAt: Date; note: string | null }>;
