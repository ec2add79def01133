import NextAuth from "next-auth";
import { NextRequest } from "next/server";
import * as op from "@/lib/auth/contracts";
import { authOptions } from "@/lib/auth/next-auth";
import { toErrorResponse } from "@/lib/http/error-response";
import { readBodyText } from "@/lib/http/parse";

/** next-auth's own routes (/api/auth/session, /csrf, /signout ...), so its client helpers and getServerSession work. */
const handler = NextAuth(authOptions);

type Context = { params: Promise<{ nextauth: string[] }> };

/** next-auth's handler, not route(): it carries its descriptor itself (lib/auth/contracts.ts) for the coverage tests. */
const described = <H extends (req: NextRequest, ctx: Context) => Promise<Response>>(run: H, operation: typeof op.nextAuthGet | typeof op.nextAuthPost) =>
  Object.assign(run, { operation, access: operation.access });

const GET = described((req, ctx) => handler(req, ctx), op.nextAuthGet);

/** The same 1 MB body cap as every other route: read under the limit, then handed on. */
const POST = described(async (req, ctx) => {
  let body: string;
  try {
    body = await readBodyText(req);
  } catch (error) {
    return toErrorResponse(error, { method: req.method, path: new URL(req.url).pathname });
  }
  return handler(new NextRequest(req.url, { method: "POST", headers: req.headers, body }), ctx);
}, op.nextAuthPost);

export { GET, POST };
