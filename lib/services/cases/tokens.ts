import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { getAuthSecret } from "@/lib/auth/secret";
import { appUrl } from "@/lib/services/mail/mailer";

/**
 * Signed case tokens (docs/cases.md "Tokens"), keyed by keys derived from NEXTAUTH_SECRET:
 *  - the label token `<case number>.<sig>` that the label's QR carries: it names the case and
 *    proves the label came from this app (a typed number works too; the token saves typing);
 *  - the family token `<link id, base64url>.<sig>`: unguessable (a random uuid and an HMAC) and
 *    revocable (its link row can be revoked). A wrong signature, an unknown or a revoked link are
 *    the same "not found".
 */
const key = (purpose: string) => createHmac("sha256", getAuthSecret()).update(`bfs-tasks ${purpose} signing key`).digest();
const sign = (purpose: string, value: string) => createHmac("sha256", key(purpose)).update(value).digest().subarray(0, 16).toString("base64url");

function sameSignature(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export function signLabelToken(caseNumber: string): string {
  return `${caseNumber}.${sign("case-label", caseNumber)}`;
}

/** The case number a label token names, or null when it is not a valid label token. */
export function verifyLabelToken(token: string): string | null {
  const dot = token.lastIndexOf(".");
  if (dot <= 0) return null;
  const number = token.slice(0, dot);
  return sameSignature(token.slice(dot + 1), sign("case-label", number)) ? number : null;
}

/** What the label's QR opens: the scan screen with the token. */
export const labelQrUrl = (caseNumber: string) => `${appUrl()}/scan?t=${encodeURIComponent(signLabelToken(caseNumber))}`;

const uuidToB64 = (id: string) => Buffer.from(id.replace(/-/g, ""), "hex").toString("base64url");
function b64ToUuid(text: string): string | null {
  if (!/^[A-Za-z0-9_-]{22}$/.test(text)) return null;
  const hex = Buffer.from(text, "base64url").toString("hex");
  if (hex.length !== 32) return null;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function signFamilyToken(linkId: string): string {
  const id = uuidToB64(linkId);
  return `${id}.${sign("case-family", id)}`;
}

/** The family link's id a token names, or null when the token is malformed or its signature wrong. */
export function verifyFamilyToken(token: string): string | null {
  const [id, signature, extra] = token.split(".");
  if (!id || !signature || extra !== undefined) return null;
  if (!sameSignature(signature, sign("case-family", id))) return null;
  return b64ToUuid(id);
}

export const familyUrl = (linkId: string) => `${appUrl()}/c/${signFamilyToken(linkId)}`;
