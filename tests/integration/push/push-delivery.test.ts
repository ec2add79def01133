/**
 * Web Push end to end on the server side: a member's device subscribes with keys made here as a
 * browser makes them (ECDH P-256 pair + 16-byte auth secret); a mention writes the push outbox;
 * the push-deliver job sends it to a REAL receiver on loopback (standing in for the push service),
 * which checks the VAPID signature and decrypts the payload (RFC 8291 / RFC 8188, aes128gcm)
 * with node:crypto. A 410 removes the subscription.
 */
import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify, type ECDH } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { POST as addComment } from "@/app/api/tasks/[id]/comments/route";
import { GET as getKey } from "@/app/api/push/public-key/route";
import { POST as subscribe } from "@/app/api/push/subscriptions/route";
import { POST as unsubscribe } from "@/app/api/push/subscriptions/remove/route";
import { PUT as putPrefs } from "@/app/api/user/notification-preferences/route";
import { deliverPushMessages } from "@/lib/services/push/deliver";
import { resetVapidKeysForTests } from "@/lib/services/push/vapid";
import { createTask } from "@/prisma/factories";
import { call } from "@/tests/support/auth";
import { useTestDatabase } from "@/tests/support/db";
import { person, unitWith } from "../tasks/fixtures";

const testDb = useTestDatabase();
type Person = Awaited<ReturnType<typeof person>>;

const b64u = (buf: Buffer) => buf.toString("base64url");

/** A browser's side of a push subscription: its ECDH key pair and auth secret. */
function browserKeys() {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return { ecdh, auth: randomBytes(16) };
}

/** RFC 8291 §3.4 + RFC 8188 §2: the receiving user agent's decryption of one aes128gcm body. */
function decrypt(body: Buffer, ua: ECDH, authSecret: Buffer): string {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20]!;
  const asPublic = body.subarray(21, 21 + idlen);
  const records = body.subarray(21 + idlen);
  expect(idlen).toBe(65);
  expect(records.length).toBeLessThanOrEqual(rs);
  const ecdhSecret = ua.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), ua.getPublicKey(), asPublic]);
  const ikm = Buffer.from(hkdfSync("sha256", ecdhSecret, authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16));
  const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12));
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(records.subarray(records.length - 16));
  const padded = Buffer.concat([decipher.update(records.subarray(0, records.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  expect(padded[end]).toBe(2);
  return padded.subarray(0, end).toString("utf8");
}

/** RFC 8292: `vapid t=<ES256 JWT>, k=<public key>`; the JWT is signed by k, for this audience. */
function checkVapid(headers: IncomingHttpHeaders, publicKey: string, audience: string) {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(String(headers.authorization));
  expect(match).not.toBeNull();
  const [, jwt, k] = match!;
  expect(k).toBe(publicKey);
  const [head, claims, signature] = jwt!.split(".");
  const point = Buffer.from(k!, "base64url");
  const key = createPublicKey({ key: { kty: "EC", crv: "P-256", x: b64u(point.subarray(1, 33)), y: b64u(point.subarray(33, 65)) }, format: "jwk" });
  expect(verify("sha256", Buffer.from(`${head}.${claims}`), { key, dsaEncoding: "ieee-p1363" }, Buffer.from(signature!, "base64url"))).toBe(true);
  const body = JSON.parse(Buffer.from(claims!, "base64url").toString());
  expect(body.aud).toBe(audience);
  expect(body.sub).toMatch(/^mailto:|^https:/);
}

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

describe("push notifications", () => {
  let server: Server;
  let base: string;
  const received: Received[] = [];
  let author: Person, member: Person;
  let unitId: string;

  beforeAll(async () => {
    process.env.PUSH_ALLOW_LOOPBACK = "true";
    resetVapidKeysForTests();
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        received.push({ path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks) });
        res.statusCode = req.url?.startsWith("/gone") ? 410 : 201;
        res.end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    [author, member] = await Promise.all([person(testDb.prisma), person(testDb.prisma)]);
    unitId = (await unitWith(testDb.prisma, author.id, member.id)).id;
  });

  afterAll(async () => {
    delete process.env.PUSH_ALLOW_LOOPBACK;
    await new Promise((resolve) => server.close(resolve));
  });

  const mention = async () => {
    const task = await createTask(testDb.prisma, { createdById: author.id, organizationalUnitId: unitId });
    const res = await call(addComment, { method: "POST", path: `/api/tasks/${task.id}/comments`, headers: author.headers, params: { id: task.id }, body: { body: "<p>@you</p>", mentions: [member.id] } });
    expect(res.status).toBe(201);
    return task;
  };

  const sub = (who: Person, endpoint: string, keys: ReturnType<typeof browserKeys>) =>
    call(subscribe, {
      method: "POST",
      path: "/api/push/subscriptions",
      headers: who.headers,
      body: { endpoint, keys: { p256dh: b64u(keys.ecdh.getPublicKey()), auth: b64u(keys.auth) }, deviceLabel: "Test phone" },
    });

  it("the public key is generated once and kept (the private key sealed at rest)", async () => {
    const first = await call(getKey, { path: "/api/push/public-key", headers: member.headers });
    expect(first.status).toBe(200);
    expect(Buffer.from(first.body.publicKey, "base64url")).toHaveLength(65);
    resetVapidKeysForTests();
    const again = await call(getKey, { path: "/api/push/public-key", headers: author.headers });
    expect(again.body.publicKey).toBe(first.body.publicKey);
    const row = await testDb.prisma.pushVapidKey.findUniqueOrThrow({ where: { id: 1 } });
    expect(row.privateKey).toMatch(/^v1\./);
    expect((await call(getKey, { path: "/api/push/public-key" })).status).toBe(401);
  });

  it("a mention is pushed, encrypted for the device, to a real receiver that decrypts it; a 410 removes the subscription", async () => {
    const phone = browserKeys();
    const stale = browserKeys();
    const created = await sub(member, `${base}/ok/phone`, phone);
    expect(created.status).toBe(201);
    expect(created.body.deviceLabel).toBe("Test phone");
    // Saving the same subscription again is harmless (one row).
    expect((await sub(member, `${base}/ok/phone`, phone)).status).toBe(201);
    expect((await sub(member, `${base}/gone/old-phone`, stale)).status).toBe(201);
    expect(await testDb.prisma.pushSubscription.count({ where: { userId: member.id } })).toBe(2);

    const task = await mention();
    // The outbox row was written with the notification; nothing was sent inside the request.
    expect(await testDb.prisma.pushMessage.count({ where: { userId: member.id, status: "pending" } })).toBe(1);
    expect(received).toHaveLength(0);

    const result = await deliverPushMessages();
    expect(result).toMatchObject({ messages: 1, sent: 1, removedSubscriptions: 1 });
    const ok = received.find((r) => r.path === "/ok/phone")!;
    expect(ok.headers["content-encoding"]).toBe("aes128gcm");
    expect(Number(ok.headers.ttl)).toBeGreaterThan(0);
    const { publicKey } = (await call(getKey, { path: "/api/push/public-key", headers: member.headers })).body;
    checkVapid(ok.headers, publicKey, base);
    const payload = JSON.parse(decrypt(ok.body, phone.ecdh, phone.auth));
    expect(payload).toMatchObject({ title: "BFS Tasks", url: `/tasks/${task.id}` });
    expect(payload.body).toMatch(/mentioned you/i);
    // The task's title never travels in the payload (the lock screen is not the bell).
    expect(JSON.stringify(payload)).not.toContain(task.title);

    const left = await testDb.prisma.pushSubscription.findMany({ where: { userId: member.id } });
    expect(left.map((s) => s.endpoint)).toEqual([`${base}/ok/phone`]);
    expect(left[0]!.lastSuccessAt).not.toBeNull();
    expect(await testDb.prisma.pushMessage.findFirstOrThrow({ where: { userId: member.id } })).toMatchObject({ status: "sent", attempts: 1 });
    // A second run has nothing to send.
    expect((await deliverPushMessages()).messages).toBe(0);
  });

  it("push turned off for a kind is not sent; a member without a device gets no outbox row", async () => {
    const saved = await call(putPrefs, { method: "PUT", path: "/api/user/notification-preferences", headers: member.headers, body: { push: { mention: false } } });
    expect(saved.status).toBe(200);
    expect(saved.body.push.mention).toBe(false);
    expect(saved.body.channels.mention).toBe("bell_email");
    received.length = 0;
    await mention();
    expect(await deliverPushMessages()).toMatchObject({ messages: 1, sent: 0, skipped: 1 });
    expect(received).toHaveLength(0);
    await call(putPrefs, { method: "PUT", path: "/api/user/notification-preferences", headers: member.headers, body: { push: { mention: true } } });

    const before = await testDb.prisma.pushMessage.count();
    const task = await createTask(testDb.prisma, { createdById: member.id, organizationalUnitId: unitId });
    await call(addComment, { method: "POST", path: `/api/tasks/${task.id}/comments`, headers: member.headers, params: { id: task.id }, body: { body: "<p>@author</p>", mentions: [author.id] } });
    expect(await testDb.prisma.pushMessage.count()).toBe(before);
  });

  it("refuses an endpoint that is not https (loopback http only where allowed); unsubscribing removes only my own", async () => {
    const keys = browserKeys();
    const plain = await sub(member, "http://push.example.com/x", keys);
    expect(plain.status).toBe(400);
    expect(plain.body.message).toMatch(/endpoint/);
    process.env.PUSH_ALLOW_LOOPBACK = "false";
    expect((await sub(member, `${base}/ok/other`, keys)).status).toBe(400);
    process.env.PUSH_ALLOW_LOOPBACK = "true";
    const bad = await call(subscribe, { method: "POST", path: "/api/push/subscriptions", headers: member.headers, body: { endpoint: `${base}/x`, keys: { p256dh: "not base64!", auth: "x" } } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/p256dh/);

    const removeAs = (who: Person, endpoint: string) => call(unsubscribe, { method: "POST", path: "/api/push/subscriptions/remove", headers: who.headers, body: { endpoint } });
    expect((await removeAs(author, `${base}/ok/phone`)).body).toEqual({ removed: 0 });
    expect((await removeAs(member, `${base}/ok/phone`)).body).toEqual({ removed: 1 });
    expect(await testDb.prisma.pushSubscription.count({ where: { userId: member.id } })).toBe(0);
  });

  it("a key pair stored under another NEXTAUTH_SECRET is replaced, once, with the subscriptions made for it; pushes are signed with the new key", async () => {
    const phone = browserKeys();
    expect((await sub(member, `${base}/ok/rekeyed`, phone)).status).toBe(201);
    const old = await testDb.prisma.pushVapidKey.findUniqueOrThrow({ where: { id: 1 } });
    // What a changed NEXTAUTH_SECRET leaves: a sealed value this app's key does not open.
    const [version, , , data] = old.privateKey.split(".");
    const unreadable = [version, randomBytes(12).toString("base64url"), randomBytes(16).toString("base64url"), data].join(".");
    await testDb.prisma.pushVapidKey.update({ where: { id: 1 }, data: { privateKey: unreadable } });
    resetVapidKeysForTests();

    const fresh = await call(getKey, { path: "/api/push/public-key", headers: member.headers });
    expect(fresh.status).toBe(200);
    expect(fresh.body.publicKey).not.toBe(old.publicKey);
    expect(await testDb.prisma.pushSubscription.count()).toBe(0);
    resetVapidKeysForTests();
    expect((await call(getKey, { path: "/api/push/public-key", headers: author.headers })).body.publicKey).toBe(fresh.body.publicKey);

    // The device subscribes again for the new key, and the next push is signed with it.
    expect((await sub(member, `${base}/ok/rekeyed`, phone)).status).toBe(201);
    received.length = 0;
    await mention();
    expect(await deliverPushMessages()).toMatchObject({ messages: 1, sent: 1 });
    checkVapid(received.find((r) => r.path === "/ok/rekeyed")!.headers, fresh.body.publicKey, base);
  });
});
