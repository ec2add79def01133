import { notFound } from "@/lib/http/app-error";
import { route } from "@/lib/http/route";

/**
 * Any /api path no route handler serves: the flat JSON 404 every API error uses, not the HTML
 * not-found page (a client reading JSON gets `{ message, code: "NOT_FOUND" }`). Next matches
 * every real route first; this catch-all only sees what is left, signed in or not.
 */
const unknownPath = route(
  async ({ req }) => {
    throw notFound(`No API route at ${new URL(req.url).pathname}`);
  },
  { public: true },
);

export { unknownPath as GET, unknownPath as POST, unknownPath as PUT, unknownPath as PATCH, unknownPath as DELETE };
