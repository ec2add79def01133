import { decode, encode } from "next-auth/jwt";
import { getAuthSecret } from "./secret";
import { decodeSessionToken, encodeSessionToken, isSecureCookie, readSessionCookie, serializeSessionCookie, sessionCookieName } from "./session-cookie";

const env = process.env as Record<string, string | undefined>;
const saved = { ...env };
afterEach(() => {
  for (const key of ["NODE_ENV", "NEXTAUTH_URL", "APP_URL", "AUTH_COOKIE_SECURE", "NEXTAUTH_SECRET", "AUTH_SECRET", "NEXT_PHASE"]) {
    if (saved[key] === undefined) delete env[key];
    else env[key] = saved[key];
  }
});

describe("session cookie attributes", () => {
  it("is Secure (with next-auth's __Secure- name) in production, not in development or tests", () => {
    env.NODE_ENV = "production";
    delete env.NEXTAUTH_URL;
    delete env.APP_URL;
    expect(isSecureCookie()).toBe(true);
    expect(sessionCookieName()).toBe("__Secure-next-auth.session-token");
    expect(serializeSessionCookie("v", 60)).toBe("__Secure-next-auth.session-token=v; Path=/; Max-Age=60; HttpOnly; SameSite=Lax; Secure");
    env.NEXTAUTH_URL = "https://tasks.example.com";
    expect(isSecureCookie()).toBe(true);

    env.NODE_ENV = "test";
    expect(isSecureCookie()).toBe(false);
    expect(serializeSessionCookie("v", 60)).toBe("next-auth.session-token=v; Path=/; Max-Age=60; HttpOnly; SameSite=Lax");
  });

  it("is not Secure in production behind a plain-http public URL, and AUTH_COOKIE_SECURE overrides", () => {
    env.NODE_ENV = "production";
    env.NEXTAUTH_URL = "http://192.168.1.20:3000";
    expect(isSecureCookie()).toBe(false);
    env.AUTH_COOKIE_SECURE = "true";
    expect(isSecureCookie()).toBe(true);
    env.NEXTAUTH_URL = "https://tasks.example.com";
    env.AUTH_COOKIE_SECURE = "false";
    expect(isSecureCookie()).toBe(false);
  });

  it("reads the cookie, chunked or not, among others", () => {
    expect(readSessionCookie("a=1; next-auth.session-token=abc; b=2")).toBe("abc");
    expect(readSessionCookie("next-auth.session-token.1=def; next-auth.session-token.0=abc")).toBe("abcdef");
    expect(readSessionCookie("other=1")).toBeNull();
    expect(readSessionCookie(null)).toBeNull();
  });
});

describe("getAuthSecret", () => {
  it("refuses to run in production without NEXTAUTH_SECRET, derives a stable one elsewhere", async () => {
    delete env.NEXTAUTH_SECRET;
    delete env.AUTH_SECRET;
    env.NODE_ENV = "production";
    await jest.isolateModulesAsync(async () => {
      const { getAuthSecret } = await import("./secret");
      expect(() => getAuthSecret()).toThrow(/NEXTAUTH_SECRET is not set/);
    });
    env.NEXTAUTH_SECRET = "too-short";
    await jest.isolateModulesAsync(async () => {
      const { getAuthSecret } = await import("./secret");
      expect(() => getAuthSecret()).toThrow(/at least 32 characters/);
    });
    delete env.NEXTAUTH_SECRET;
    env.NODE_ENV = "development";
    const warn = jest.spyOn(console, "warn").mockImplementation(() => undefined);
    let first = "";
    await jest.isolateModulesAsync(async () => {
      const { getAuthSecret } = await import("./secret");
      first = getAuthSecret();
      expect(getAuthSecret()).toBe(first);
    });
    await jest.isolateModulesAsync(async () => {
      const { getAuthSecret } = await import("./secret");
      expect(getAuthSecret()).toBe(first);
    });
    expect(warn).toHaveBeenCalledTimes(2); // once per module instance (process), not per call
    warn.mockRestore();
  });
});

describe("decodeSessionToken (next-auth's decode with a key derived once)", () => {
  const claims = { sub: "user-1", sid: "session-1", role: "staff", name: "Ada Lovelace", email: "ada@example.com" };

  it("reads what next-auth's encode wrote, and what encodeSessionToken wrote", async () => {
    env.NEXTAUTH_SECRET = "a-secret-of-at-least-thirty-two-characters";
    const written = await encode({ token: claims, secret: getAuthSecret(), maxAge: 60 });
    expect(await decodeSessionToken(written)).toMatchObject(claims);
    expect(await decodeSessionToken(await encodeSessionToken(claims, 60))).toMatchObject(claims);
    // And next-auth reads what we accept: the key is the same.
    expect(await decode({ token: written, secret: getAuthSecret() })).toMatchObject(claims);
  });

  it("refuses a token made with another secret, a tampered token, an expired one and one without sub or sid", async () => {
    const other = await encode({ token: claims, secret: "another-secret-of-thirty-two-characters!", maxAge: 60 });
    expect(await decodeSessionToken(other)).toBeNull();
    const good = await encodeSessionToken(claims, 60);
    const parts = good.split(".");
    parts[3] = (parts[3]![0] === "A" ? "B" : "A") + parts[3]!.slice(1);
    expect(await decodeSessionToken(parts.join("."))).toBeNull();
    expect(await decodeSessionToken("not-a-token")).toBeNull();
    // Expired 16 s ago: past next-auth's 15 s of tolerance.
    const expired = await encode({ token: { ...claims, exp: Math.floor(Date.now() / 1000) - 16 }, secret: getAuthSecret(), maxAge: -16 });
    expect(await decodeSessionToken(expired)).toBeNull();
    const noSid = await encode({ token: { sub: "user-1" }, secret: getAuthSecret(), maxAge: 60 });
    expect(await decodeSessionToken(noSid)).toBeNull();
  });

  it("keeps next-auth's 15 s of tolerance, and reads only its exact JWE form", async () => {
    const justExpired = await encode({ token: { ...claims, exp: Math.floor(Date.now() / 1000) - 10 }, secret: getAuthSecret(), maxAge: -10 });
    expect(await decodeSessionToken(justExpired)).toMatchObject(claims);
    const notYet = await encode({ token: { ...claims, nbf: Math.floor(Date.now() / 1000) + 60 }, secret: getAuthSecret(), maxAge: 120 });
    expect(await decodeSessionToken(notYet)).toBeNull();
    const [header, ...rest] = (await encodeSessionToken(claims, 60)).split(".");
    const otherHeader = (h: object) => [Buffer.from(JSON.stringify(h)).toString("base64url"), ...rest].join(".");
    // The header is the tag's additional data: another header fails the tag, and is refused before it.
    for (const h of [{ alg: "dir", enc: "A128GCM" }, { alg: "dir", enc: "A256GCM", zip: "DEF" }, { alg: "none" }]) expect(await decodeSessionToken(otherHeader(h))).toBeNull();
    expect(await decodeSessionToken([header, "a-key", ...rest.slice(1)].join("."))).toBeNull();
    expect(await decodeSessionToken(`${[header, ...rest].join(".")}.extra`)).toBeNull();
  });
});
