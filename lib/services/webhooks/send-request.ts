import "server-only";
import { readFileSync } from "node:fs";
import { request } from "node:https";
import { isIP } from "node:net";
import { rootCertificates } from "node:tls";
import { guardedLookup, isPrivateAddress, PRIVATE_ADDRESS, privateNetworksAllowed } from "./address-guard";

export const REQUEST_TIMEOUT_MS = 10_000;
export const EXCERPT_LENGTH = 500;

export interface SendResult {
  statusCode: number | null;
  responseExcerpt: string | null;
  error: string | null;
  durationMs: number;
}

let extraCa: string[] | null = null;
/** WEBHOOKS_CA_FILE: PEM certificates trusted besides the public roots (a receiver behind the company's own CA). */
function trustedCas(): string[] | undefined {
  const file = process.env.WEBHOOKS_CA_FILE;
  if (!file) return undefined;
  extraCa ??= [...rootCertificates, readFileSync(file, "utf8")];
  return extraCa;
}

/** One POST over https: no redirects followed, 10 s at most, the answer's first 500 characters kept. Never throws. */
export function sendWebhookRequest(url: string, body: string, headers: Record<string, string>): Promise<SendResult> {
  const started = performance.now();
  const done = (r: Omit<SendResult, "durationMs">): SendResult => ({ ...r, durationMs: Math.round(performance.now() - started) });
  const target = new URL(url);
  if (target.protocol !== "https:") return Promise.resolve(done({ statusCode: null, responseExcerpt: null, error: "The URL must be https" }));
  const host = target.hostname.replace(/^\[|\]$/g, "");
  // An address literal never goes through lookup: check it here.
  if (isIP(host) && !privateNetworksAllowed() && isPrivateAddress(host)) {
    return Promise.resolve(done({ statusCode: null, responseExcerpt: null, error: `${host} ${PRIVATE_ADDRESS}` }));
  }
  return new Promise((resolve) => {
    const req = request(
      target,
      {
        method: "POST",
        headers: { ...headers, "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body), "User-Agent": "BFS-Tasks-Webhooks/1" },
        lookup: guardedLookup,
        ca: trustedCas(),
        timeout: REQUEST_TIMEOUT_MS,
      },
      (res) => {
        let excerpt = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          if (excerpt.length < EXCERPT_LENGTH) excerpt += chunk;
          else res.destroy();
        });
        const finish = () => resolve(done({ statusCode: res.statusCode ?? null, responseExcerpt: excerpt.slice(0, EXCERPT_LENGTH), error: null }));
        res.on("end", finish);
        res.on("close", finish);
      },
    );
    req.on("timeout", () => req.destroy(new Error(`No answer within ${REQUEST_TIMEOUT_MS / 1000} s`)));
    req.on("error", (error) => resolve(done({ statusCode: null, responseExcerpt: null, error: error.message.slice(0, EXCERPT_LENGTH) })));
    req.end(body);
  });
}
