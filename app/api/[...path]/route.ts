import { notFound } from "@/lib/http/app-error";
import { route } from "@/lib/http/route";
import * as op from "@/lib/system/contracts";

/**
 * Any /api path no route handler serves: the flat JSON 404 every API error uses, not the HTML
 * not-found page (a client reading JSON gets `{ message, code: "NOT_FOUND" }`). Next matches
 * every real route first; this catch-all only sees what is left, signed in or not.
 */
const unknownPath = async ({ req }: { req: Request }): Promise<never> => {
  throw notFound(`No API route at ${new URL(req.url).pathname}`);
};

export const GET = route(op.unknownPathGet, unknownPath);
export const POST = route(op.unknownPathPost, unknownPath);
export const PUT = route(op.unknownPathPut, unknownPath);
export const PATCH = route(op.unknownPathPatch, unknownPath);
export const DELETE = route(op.unknownPathDelete, unknownPath);
