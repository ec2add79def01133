import "server-only";
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * The Stripe-style signature of a webhook request: header
 * `BFS-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`.
 * A receiver recomputes it over the raw body and refuses a timestamp older than its tolerance
 * (5 minutes is the advice), which stops replays. docs/api.md has a receiver's example.
 */
export const SIGNATURE_HEADER = "BFS-Signature";

export const newWebhookSecret = () => `whsec_${randomBytes(24).toString("base64url")}`;
export const secretHint = (secret: string) => secret.slice(0, 10);

/**
 * `t=<t>,v1=<hex>` with one v1 per secret: the current one first, then (while a rolled secret's
 * overlap lasts) the previous one, as Stripe signs during a roll. A receiver accepts the request
 * when any v1 matches its secret.
 */
export function signPayload(secrets: string | readonly string[], timestamp: number, body: string): string {
  const list = typeof secrets === "string" ? [secrets] : secrets;
  return [`t=${timestamp}`, ...list.map((secret) => `v1=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`)].join(",");
}

/** A receiver's check, as documented (used by the tests' receiver too): the timestamp within the tolerance and any v1 matching. */
export function verifySignature(secret: string, header: string, body: string, nowSeconds: number, toleranceSeconds = 300): boolean {
  const parts = header.split(",").map((p) => p.split("=", 2) as [string, string]);
  const t = Number(parts.find(([k]) => k === "t")?.[1]);
  const given = parts.filter(([k]) => k === "v1").map(([, v]) => Buffer.from(v ?? ""));
  if (!Number.isInteger(t) || Math.abs(nowSeconds - t) > toleranceSeconds || given.length === 0) return false;
  const expected = Buffer.from(createHmac("sha256", secret).update(`${t}.${body}`).digest("hex"));
  return given.some((v) => v.length === expected.length && timingSafeEqual(expected, v));
}
