/**
 * The client address comes from the socket unless TRUST_PROXY
 * trusts the proxy in front, and an account has a limit no address can reset.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { POST as login } from "@/app/api/login/route";
import { POST as requestReset } from "@/app/api/auth/password-reset/route";
import { POST as confirmReset } from "@/app/api/auth/password-reset/confirm/route";
import { setAuthClock } from "@/lib/auth/clock";
import { PEER_ADDRESS_HEADER, stampPeerAddress } from "@/lib/http/peer-address";
import { waitForPasswordResetMail } from "@/lib/services/auth/request-password-reset";
import { createMemoryMailer, setMailer } from "@/lib/services/mail/mailer";
import { createUser, DEFAULT_TEST_PASSWORD } from "@/prisma/factories";
import { call } from "@/tests/support/auth";
import { useTestDatabase } from "@/tests/support/db";
import { fromPeer, withEnv } from "./support";

const testDb = useTestDatabase();
afterEach(() => setAuthClock(null));

const loginAs = (email: string, password: string, headers: Record<string, string>) =>
  call(login, { method: "POST", path: "/api/login", body: { email, password }, headers });

/** A clock that moves one step (default 1 s) per call, from now. */
function steppingClock(stepMs = 1000) {
  const t0 = Date.now();
  let tick = 0;
  return {
    step: (ms = stepMs) => {
      tick += ms;
      setAuthClock(() => new Date(t0 + tick));
    },
  };
}

describe("X-Forwarded-For from an untrusted client changes nothing (TRUST_PROXY off)", () => {
  it("30 wrong passwords with a rotating X-Forwarded-For from one socket give 429 after the 5th", async () => {
    const user = await createUser(testDb.prisma);
    const clock = steppingClock();
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      clock.step();
      statuses.push((await loginAs(user.email, `wrong-${i}`, fromPeer("203.0.113.50", `198.51.100.${i}`))).status);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5).every((s) => s === 429)).toBe(true);
  });

  it("after 5 failures the right password with a new X-Forwarded-For is still refused", async () => {
    const user = await createUser(testDb.prisma);
    const clock = steppingClock();
    for (let i = 0; i < 5; i++) {
      clock.step();
      await loginAs(user.email, "wrong-password", fromPeer("203.0.113.51", "198.51.100.1"));
    }
    clock.step();
    const res = await loginAs(user.email, DEFAULT_TEST_PASSWORD, fromPeer("203.0.113.51", "192.0.2.200"));
    expect(res.status).toBe(429);
  });

  it("spoofing the victim's address in X-Forwarded-For does not lock the victim out", async () => {
    const victim = await createUser(testDb.prisma);
    const clock = steppingClock();
    for (let i = 0; i < 5; i++) {
      clock.step();
      await loginAs(victim.email, "wrong-password", fromPeer("203.0.113.66", "192.0.2.10"));
    }
    clock.step(2000); // past the per-account slow-down after 5 failures (1 s)
    expect((await loginAs(victim.email, DEFAULT_TEST_PASSWORD, fromPeer("192.0.2.10"))).status).toBe(200);
  });

  it("records the socket address, not the header, on the session and in the audit", async () => {
    const user = await createUser(testDb.prisma);
    expect((await loginAs(user.email, DEFAULT_TEST_PASSWORD, fromPeer("::ffff:192.0.2.33", "6.6.6.6"))).status).toBe(200);
    const audit = await testDb.prisma.auditLog.findFirstOrThrow({ where: { action: "auth.login", entityId: user.id } });
    expect(audit.metadata).toMatchObject({ ip: "192.0.2.33" });
  });
});

describe("TRUST_PROXY believes exactly the configured proxies", () => {
  const auditIp = async (email: string, headers: Record<string, string>) => {
    const res = await loginAs(email, DEFAULT_TEST_PASSWORD, headers);
    expect(res.status).toBe(200);
    const user = await testDb.prisma.user.findUniqueOrThrow({ where: { email } });
    const audit = await testDb.prisma.auditLog.findFirstOrThrow({ where: { action: "auth.login", entityId: user.id }, orderBy: { createdAt: "desc" } });
    return (audit.metadata as { ip: string }).ip;
  };

  it("a hop count takes the address the nearest trusted hop saw", async () => {
    const user = await createUser(testDb.prisma);
    await withEnv({ TRUST_PROXY: "1" }, async () => {
      expect(await auditIp(user.email, fromPeer("10.0.0.5", "6.6.6.6, 198.51.100.77"))).toBe("198.51.100.77");
    });
  });

  it("a CIDR list trusts only proxies inside it; a spoofed hop in front is ignored", async () => {
    const user = await createUser(testDb.prisma);
    await withEnv({ TRUST_PROXY: "10.0.0.0/8, loopback" }, async () => {
      expect(await auditIp(user.email, fromPeer("10.1.2.3", "6.6.6.6, 198.51.100.78, 10.9.9.9"))).toBe("198.51.100.78");
      // A peer outside the list is the client itself, whatever it claims.
      expect(await auditIp(user.email, fromPeer("203.0.113.9", "198.51.100.79"))).toBe("203.0.113.9");
    });
  });

  it("our HTTP server overwrites a peer-address header a client sends", async () => {
    const server = createServer((req, res) => {
      stampPeerAddress(req);
      res.end(String(req.headers[PEER_ADDRESS_HEADER]));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const res = await fetch(`http://127.0.0.1:${port}/`, { headers: { [PEER_ADDRESS_HEADER]: "192.0.2.99" } });
      expect(await res.text()).toBe("127.0.0.1");
    } finally {
      server.close();
    }
  });
});

describe("a per-account limit that no address can reset", () => {
  it("slows down after 5 failures from anywhere, then locks after 20; the reset flow lets the owner in", async () => {
    const mailer = createMemoryMailer();
    setMailer(mailer);
    const user = await createUser(testDb.prisma);
    const clock = steppingClock();
    const statuses: number[] = [];
    // Every attempt from a new real address, one second apart.
    for (let i = 0; i < 8; i++) {
      clock.step();
      statuses.push((await loginAs(user.email, "wrong-password", fromPeer(`198.51.100.${i + 1}`))).status);
    }
    // 5 failures, then the 6th one second later is allowed (wait 1 s), the 7th (wait 2 s) is not.
    expect(statuses.slice(0, 6)).toEqual([401, 401, 401, 401, 401, 401]);
    expect(statuses[6]).toBe(429);

    // Keep guessing, each time as soon as allowed: the 20th failure locks the account.
    let failures = await testDb.prisma.loginAttempt.count({ where: { email: user.email, succeeded: false } });
    while (failures < 20) {
      const res = await loginAs(user.email, "wrong-password", fromPeer(`192.0.2.${failures}`));
      if (res.status === 429) {
        expect(res.body.accountLocked).toBeUndefined();
        clock.step(res.body.retryAfterSeconds * 1000);
        continue;
      }
      expect(res.status).toBe(401);
      failures += 1;
    }
    clock.step(10 * 60_000);
    const locked = await loginAs(user.email, DEFAULT_TEST_PASSWORD, fromPeer("203.0.113.201"));
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject({ code: "RATE_LIMITED", accountLocked: true });
    expect(locked.body.message).toBe("This account is locked after too many failed sign-in attempts. Reset your password to sign in now, or try again later.");

    await call(requestReset, { method: "POST", path: "/api/auth/password-reset", body: { email: user.email }, headers: fromPeer("203.0.113.201") });
    await waitForPasswordResetMail();
    const token = new URL(mailer.messages.at(-1)!.text.match(/https?:\/\/\S+reset-password\?token=\S+/)![0]).searchParams.get("token")!;
    expect((await call(confirmReset, { method: "POST", path: "/api/auth/password-reset/confirm", body: { token, password: "a fresh long passphrase" } })).status).toBe(200);
    clock.step(1000);
    expect((await loginAs(user.email, "a fresh long passphrase", fromPeer("203.0.113.201"))).status).toBe(200);
    setMailer(null);
  });
});
