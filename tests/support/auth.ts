/**
 * Signing in and calling route handlers from integration tests, the way real clients do.
 *
 *   const testDb = useTestDatabase();
 *   const admin = await createUser(testDb.prisma, { role: "admin" });
 *   const headers = await signIn(admin);                       // session cookie
 *   const res = await call(GET, { method: "GET", path: "/api/tasks", headers });
 *   expect(res.status).toBe(200);
 *
 * signIn goes through POST /api/login, so the session row, cookie and tokens are the real ones.
 */
import { DEFAULT_TEST_PASSWORD } from "@/prisma/factories";
import { POST as loginHandler } from "@/app/api/login/route";

export type Handler<P> = (req: Request, ctx: { params: Promise<P> }) => Promise<Response>;

export interface CallOptions<P> {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Path and query, e.g. "/api/tasks?status=open". */
  path: string;
  /** Sent as JSON (a string is sent as is). */
  body?: unknown;
  headers?: Record<string, string>;
  /** Dynamic route segments, e.g. { id: task.id }. */
  params?: P;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON bodies; pass B to type one
export interface CallResult<B = any> {
  status: number;
  /** Parsed JSON, or the text when the response is not JSON. */
  body: B;
  headers: Headers;
}

export const TEST_ORIGIN = "http://localhost:3000";

/** Invokes a route handler export with a real Request and returns status and parsed body. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see CallResult
export async function call<B = any, P = Record<string, string>>(handler: Handler<P>, opts: CallOptions<P>): Promise<CallResult<B>> {
  const headers = new Headers(opts.headers);
  let body: string | undefined;
  if (opts.body !== undefined) {
    body = typeof opts.body === "string" ? opts.body : JSON.stringify(opts.body);
    if (!headers.has("content-type")) headers.set("content-type", "application/json");
  }
  if (!headers.has("host")) headers.set("host", new URL(TEST_ORIGIN).host);
  const req = new Request(new URL(opts.path, TEST_ORIGIN), { method: opts.method ?? "GET", headers, body });
  const res = await handler(req, { params: Promise.resolve((opts.params ?? {}) as P) });
  const text = await res.text();
  let parsed: unknown = text;
  if ((res.headers.get("content-type") ?? "").includes("json") && text) parsed = JSON.parse(text);
  return { status: res.status, body: parsed as B, headers: res.headers };
}

/** "name=value" of a response's Set-Cookie, ready for a Cookie header (null if none was set). */
export function cookieFrom(res: { headers: Headers }): string | null {
  const setCookie = res.headers.get("set-cookie");
  if (!setCookie) return null;
  return setCookie.split(";")[0].trim();
}

export interface SignInOptions {
  /** "cookie" (default): the browser session cookie; "bearer": a mobile access token. */
  via?: "cookie" | "bearer";
  /** Defaults to the factories' DEFAULT_TEST_PASSWORD. */
  password?: string;
}

export interface SignedIn {
  headers: Record<string, string>;
  user: { id: string; email: string; role: string; firstName: string; lastName: string };
  /** Mobile only: the tokens from the login response. */
  auth?: { accessToken: string; refreshToken: string; expiresIn: number };
}

/** Signs in through POST /api/login and returns everything a test may need. */
export async function signInSession(user: { email: string }, opts: SignInOptions = {}): Promise<SignedIn> {
  const via = opts.via ?? "cookie";
  const res = await call(loginHandler, {
    method: "POST",
    path: "/api/login",
    body: { email: user.email, password: opts.password ?? DEFAULT_TEST_PASSWORD, ...(via === "bearer" ? { client: "mobile" } : {}) },
  });
  if (res.status !== 200) throw new Error(`signIn(${user.email}) failed: ${res.status} ${JSON.stringify(res.body)}`);
  if (via === "bearer") {
    return { headers: { authorization: `Bearer ${res.body.auth.accessToken}` }, user: res.body.user, auth: res.body.auth };
  }
  const cookie = cookieFrom(res);
  if (!cookie) throw new Error("signIn: the login response set no cookie");
  return { headers: { cookie }, user: res.body };
}

/** Headers of a freshly signed-in session for `user` (created with the factories' default password unless given). */
export async function signIn(user: { email: string }, opts: SignInOptions = {}): Promise<Record<string, string>> {
  return (await signInSession(user, opts)).headers;
}
