import "server-only";
import { certificateCode, certificateContent, parseCertificateCode } from "@/lib/cases/certificate";
import { findChainBreak } from "@/lib/cases/custody-chain";
import { COMPANY_NAME } from "@/lib/constants";
import { db } from "@/lib/db";
import { notFound } from "@/lib/http/app-error";
import { consumeRateLimits } from "@/lib/services/auth/rate-limit";
import type { CertificateCheck } from "@/lib/validations/cases";
import { sha256 } from "./custody-log";

/** The one answer for a code that names no certificate: a guess learns nothing. */
export const CERTIFICATE_UNKNOWN = "No certificate we issued has this code. Check the code, or call us.";
export const CERTIFICATE_MATCHES = "This certificate matches our custody records.";
export const CERTIFICATE_CHANGED = "This certificate no longer matches our custody records: they changed after it was issued. Please call us.";
/** Certificate checks per client address per 10 minutes (page and API together). */
export const VERIFY_RATE_LIMIT = 30;
const VERIFY_WINDOW_MS = 10 * 60_000;

/** Counts one check against the client address's limit (429 past it). */
export async function limitCertificateChecks(ip: string): Promise<void> {
  await consumeRateLimits([{ bucket: "case-verify:address", key: ip, limit: VERIFY_RATE_LIMIT, windowMs: VERIFY_WINDOW_MS }], (minutes) =>
    `Too many checks. Try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`,
  );
}

type CertifiedDetails = { certifies?: { seq?: unknown; hash?: unknown } };

/**
 * GET /api/certificates/{code} and the /verify/{code} page: finds the certificate the code names
 * (the case's certificate event that certifies that seq and hash), recomputes the case's hash
 * chain from its rows up to and including that certificate event, and answers whether the
 * certificate still matches it. A match answers with what the certificate shows, nothing more.
 */
export async function checkCertificate(code: string, client: { ip: string }, options: { counted?: boolean } = {}): Promise<CertificateCheck> {
  // The page's request was counted by proxy.ts (./public-page-limit.ts).
  if (!options.counted) await limitCertificateChecks(client.ip);
  const parsed = parseCertificateCode(String(code ?? ""));
  if (!parsed) throw notFound(CERTIFICATE_UNKNOWN);
  const row = await db.memorialCase.findUnique({
    where: { number: parsed.caseNumber },
    select: {
      id: true,
      number: true,
      petName: true,
      petSpecies: true,
      petBreed: true,
      familyName: true,
      serviceType: true,
      events: {
        orderBy: { seq: "asc" },
        select: {
          id: true,
          caseId: true,
          seq: true,
          kind: true,
          station: true,
          chamberId: true,
          memberId: true,
          deviceTime: true,
          serverTime: true,
          note: true,
          photoKey: true,
          offline: true,
          clientUuid: true,
          details: true,
          prevHash: true,
          hash: true,
          chamber: { select: { name: true } },
        },
      },
    },
  });
  const issued = row?.events.find((e) => {
    const certifies = (e.details as CertifiedDetails | null)?.certifies;
    return e.kind === "certificate" && certifies?.seq === parsed.seq && typeof certifies.hash === "string" && certifies.hash.startsWith(parsed.hashPrefix);
  });
  if (!row || !issued) throw notFound(CERTIFICATE_UNKNOWN);

  // The chain from the first event to the certificate's own, recomputed from the rows as they are now.
  const covered = row.events.filter((e) => e.seq <= issued.seq);
  const certified = covered.find((e) => e.seq === parsed.seq);
  const certifiedHash = (issued.details as { certifies: { hash: string } }).certifies.hash;
  const intact = findChainBreak(covered, sha256) === null && certified?.hash === certifiedHash;
  if (!intact) return { match: false, message: CERTIFICATE_CHANGED, certificate: null };
  const content = certificateContent(row, covered.filter((e) => e.seq <= parsed.seq), { by: COMPANY_NAME, at: issued.deviceTime, code: certificateCode(row.number, parsed.seq, certifiedHash) });
  return { match: true, message: CERTIFICATE_MATCHES, certificate: content };
}
