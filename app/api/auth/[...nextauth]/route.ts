import NextAuth from "next-auth";
import { NextRequest } from "next/server";
import { authOptions } from "@/lib/auth/next-auth";
import { toErrorResponse } from "@/lib/http/error-response";
import { readBodyText } from "@/lib/http/parse";

/** next-auth's own routes (/api/auth/session, /csrf, /signout ...), so its client helpers and getServerSession work. */
const handler = NextAuth(authOptions);

type Context = { params: Promise<{ nextauth: string[] }> };

/** The same 1 MB body cap as every other route (issue 10): read under the limit, then handed on. */
async function POST(req: NextRequest, ctx: Context) {
  let body: string;
  try {
    body = await readBodyText(req);
  } catch (error) {
    return toErrorResponse(error, { method: req.method, path: new URL(req.url).pathname });
  }
  return handler(new NextRequest(req.url, { method: "POST", headers: req.headers, body }), ctx);
}

export { handler as GET, POST };
