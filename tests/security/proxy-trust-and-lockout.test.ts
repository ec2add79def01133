/**
 * The client address comes from the socket unless TRUST_PROXY trusts the proxy in front; sign-in
 * guessing is locked per account and address and slowed down (never locked) per account, so no
 * one can lock a member out (docs/security.md).
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { POST as login } from "@/app/api/login/route";
import { POST as requestReset } from "@/app/api/auth/password-reset/route";
import { POST as confirmReset } from "@/app/api/auth/password-reset/confirm/route";
import { setAuthClock } from "@/lib/auth/clock";
import { PEER_ADDRESS_HEADER, stampPeerAddress } from "@/lib/http/peer-address";
import { ACCOUNT_MAX_DELAY_SECONDS, formatWait } from "@/lib/services/auth/assert-not-locked-out";
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

describe("item 1: X-Forwarded-For from an untrusted client changes nothing (TRUST_PROXY off)", () => {
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

describe("item 1: TRUST_PROXY believes exactly the configured proxies", () => {
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

describe("the per-account slow-down: no address resets it, and it never locks the owner out", () => {
  it("slows down a guesser spread over many addresses (1, 2, 4, then 5 seconds) and never locks the account", async () => {
    const user = await createUser(testDb.prisma);
    const clock = steppingClock(0);
    const waits: string[] = [];
    let failures = 0;
    // Every try from a new real address, each as soon as allowed.
    for (let i = 0; failures < 30; i++) {
      clock.step(100);
      const res = await loginAs(user.email, "wrong-password", fromPeer(`198.51.100.${(i % 250) + 1}`));
      if (res.status === 429) {
        expect(res.body.retryAfterSeconds).toBeLessThanOrEqual(ACCOUNT_MAX_DELAY_SECONDS);
        expect(res.headers.get("retry-after")).toBe(String(res.body.retryAfterSeconds));
        waits.push(res.body.message);
        clock.step(res.body.retryAfterSeconds * 1000);
        continue;
      }
      expect(res.status).toBe(401);
      failures += 1;
    }
    // Each wait is stated in seconds, as it really is (100 ms have passed since the failure).
    expect(waits.slice(0, 4)).toEqual([
      "Too many failed sign-in attempts. Try again in 1 second.",
      "Too many failed sign-in attempts. Try again in 2 seconds.",
      "Too many failed sign-in attempts. Try again in 4 seconds.",
      "Too many failed sign-in attempts. Try again in 5 seconds.",
    ]);
    expect(new Set(waits.slice(4))).toEqual(new Set(["Too many failed sign-in attempts. Try again in 5 seconds."]));

    // The owner, from an address with no failures, right after the 30th failure: 5 seconds at most.
    const first = await loginAs(user.email, DEFAULT_TEST_PASSWORD, fromPeer("203.0.113.201"));
    expect(first.status).toBe(429);
    expect(first.body.message).toBe("Too many failed sign-in attempts. Try again in 5 seconds.");
    expect(first.body.accountLocked).toBeUndefined();
    clock.step(first.body.retryAfterSeconds * 1000);
    expect((await loginAs(user.email, DEFAULT_TEST_PASSWORD, fromPeer("203.0.113.201"))).status).toBe(200);
  });

  it("one address cannot lock a colleague out: it locks only itself, and the colleague gets in at once", async () => {
    const victim = await createUser(testDb.prisma);
    const clock = steppingClock();
    // An hour of guessing from one address, as fast as it is let.
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) {
      clock.step(60_000);
      statuses.push((await loginAs(victim.email, `guess-${i}`, fromPeer("203.0.113.80"))).status);
    }
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(20);
    expect(statuses).toContain(429);
    const mine = await loginAs(victim.email, DEFAULT_TEST_PASSWORD, fromPeer("203.0.113.80"));
    expect(mine.status).toBe(429);
    // The victim, from anywhere else, is not kept waiting: the guesser's tries are refused, not counted.
    clock.step();
    expect((await loginAs(victim.email, DEFAULT_TEST_PASSWORD, fromPeer("192.0.2.77"))).status).toBe(200);
  });

  it("an address the member signed in from before skips the slow-down while guesses arrive from elsewhere", async () => {
    const user = await createUser(testDb.prisma);
    const clock = steppingClock();
    clock.step();
    expect((await loginAs(user.email, DEFAULT_TEST_PASSWORD, fromPeer("192.0.2.44"))).status).toBe(200);
    let failures = 0;
    for (let i = 0; failures < 10; i++) {
      clock.step(200);
      const res = await loginAs(user.email, "wrong-password", fromPeer(`198.51.100.${i + 1}`));
      if (res.status === 401) failures += 1;
      else clock.step(res.body.retryAfterSeconds * 1000 - 200);
    }
    clock.step(10); // the last failure was 10 ms ago: a new address would wait 5 seconds
    expect((await loginAs(user.email, DEFAULT_TEST_PASSWORD, fromPeer("203.0.113.9"))).status).toBe(429);
    expect((await loginAs(user.email, DEFAULT_TEST_PASSWORD, fromPeer("192.0.2.44"))).status).toBe(200);
  });

  it("a completed password reset lifts the lock on the address it was locked from", async () => {
    const mailer = createMemoryMailer();
    setMailer(mailer);
    const user = await createUser(testDb.prisma);
    const clock = steppingClock();
    for (let i = 0; i < 5; i++) {
      clock.step();
      expect((await loginAs(user.email, "wrong-password", fromPeer("203.0.113.202"))).status).toBe(401);
    }
    clock.step(1000);
    const locked = await loginAs(user.email, DEFAULT_TEST_PASSWORD, fromPeer("203.0.113.202"));
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe("Too many failed sign-in attempts. Try again in 15 minutes.");

    await call(requestReset, { method: "POST", path: "/api/auth/password-reset", body: { email: user.email }, headers: fromPeer("203.0.113.202") });
    await waitForPasswordResetMail();
    const token = new URL(mailer.messages.at(-1)!.text.match(/https?:\/\/\S+reset-password\?token=\S+/)![0]).searchParams.get("token")!;
    expect((await call(confirmReset, { method: "POST", path: "/api/auth/password-reset/confirm", body: { token, password: "a fresh long passphrase" } })).status).toBe(200);
    clock.step(1000);
    expect((await loginAs(user.email, "a fresh long passphrase", fromPeer("203.0.113.202"))).status).toBe(200);
    setMailer(null);
  });
});

describe("the wait is said as it is", () => {
  it("in seconds under a minute, else in minutes rounded up", async () => {
    expect(formatWait(0.2)).toBe("1 second");
    expect(formatWait(1)).toBe("1 second");
    expect(formatWait(5)).toBe("5 seconds");
    expect(formatWait(59)).toBe("59 seconds");
    expect(formatWait(60)).toBe("1 minute");
    expect(formatWait(61)).toBe("2 minutes");
    expect(formatWait(895)).toBe("15 minutes");
  });

  it("the per-address lock in its last minute says seconds", async () => {
    const user = await createUser(testDb.prisma);
    const t0 = Date.now();
    for (let i = 1; i <= 5; i++) {
      setAuthClock(() => new Date(t0 + i * 1000));
      expect((await loginAs(user.email, "wrong-password", fromPeer("203.0.113.203"))).status).toBe(401);
    }
    // The first failure (t0 + 1 s) leaves the 15-minute window at t0 + 901 s.
    setAuthClock(() => new Date(t0 + 871_000));
    const res = await loginAs(user.email, DEFAULT_TEST_PASSWORD, fromPeer("203.0.113.203"));
    expect([res.status, res.body.message, res.headers.get("retry-after")]).toEqual([429, "Too many failed sign-in attempts. Try again in 30 seconds.", "30"]);
  });
});
