/**
 * What the certificate of cremation says, and its verification code (docs/cases.md "The
 * certificate"). Pure: the PDF renderer and the public verification page build their text from
 * the same function, so the page shows exactly what the paper shows.
 */
import { CASE_NUMBER_PATTERN } from "./case-number";
import { FAMILY_STATION_LABELS, SERVICE_TYPE_LABELS, type ServiceType, type Station } from "./stations";

/** The custody rows a certificate lists: the checkpoint scans, in the family's words, numbered 1…n. */
export interface CertificateStep {
  n: number;
  label: string;
  at: string;
}

export interface CertificateContent {
  caseNumber: string;
  petName: string;
  /** "Bella, Dog, Labrador" */
  pet: string;
  familyName: string;
  service: string;
  crematedAt: string | null;
  chamber: string | null;
  /** A private cremation's one-pet rule, or what a partitioned or communal cremation means. */
  serviceNote: string;
  /** A private cremation: the remains' weight as weighed at processing ("2.15 lbs"), when the certified log holds it. */
  remainsWeight: string | null;
  steps: CertificateStep[];
  issuedBy: string;
  issuedAt: string;
  code: string;
}

export interface CertificateEvent {
  seq: number;
  kind: string;
  station: Station | null;
  deviceTime: Date;
  chamber: { name: string } | null;
  /** The processing scan's `remainsWeight: { lbs }` (hash-chained with the event). */
  details?: unknown;
}

/** What a partitioned or communal cremation meant, as the certificate says it afterwards. */
const SERVICE_NOTES = {
  partitioned: (pet: string) => `${pet} was cremated with other pets, each kept apart in its own section of the chamber; the ashes returned are ${pet}'s, though a small mingling with others' cannot be ruled out.`,
  communal: (pet: string) => `${pet} was cremated together with other pets; no ashes are returned: they are scattered with care by us.`,
};

/** The one-pet rule a private certificate states. */
export const privateRuleSentence = (petName: string) => `${petName} was cremated alone: for a private cremation the chamber holds one pet, and our custody records refuse a second.`;

/** The remains' weight a processing scan recorded, as printed ("2.15 lbs"), or null. */
export function weighedRemains(events: readonly Pick<CertificateEvent, "kind" | "station" | "details">[]): string | null {
  const processing = events.find((e) => e.kind === "scan" && e.station === "processing");
  const lbs = (processing?.details as { remainsWeight?: { lbs?: unknown } } | null | undefined)?.remainsWeight?.lbs;
  return typeof lbs === "number" && lbs > 0 ? `${Number(lbs.toFixed(2))} lbs` : null;
}

/**
 * Whether the certificate can be issued now: after the chamber-out scan, and for a private
 * cremation only once the ashes are weighed (the processing scan with its weight), because the
 * certificate states that weight and is stored unchanged once issued. One already issued stays available.
 */
export function certificateReady(
  serviceType: ServiceType,
  events: readonly Pick<CertificateEvent, "kind" | "station" | "details">[],
  alreadyIssued = false,
): "ready" | "not_cremated" | "not_weighed" {
  if (alreadyIssued) return "ready";
  if (!events.some((e) => e.kind === "scan" && e.station === "chamber_out")) return "not_cremated";
  if (serviceType === "private" && weighedRemains(events) === null) return "not_weighed";
  return "ready";
}

/**
 * The certificate's content from the case and its custody events up to the one it certifies.
 * Label prints, overrides and earlier certificates are the business's own records and are left
 * out; the scans are renumbered 1…n; an offline scan shows when it happened, like any other.
 */
export function certificateContent(
  row: { number: string; petName: string; petSpecies: string; petBreed: string | null; familyName: string; serviceType: ServiceType },
  events: readonly CertificateEvent[],
  issue: { by: string; at: Date; code: string },
): CertificateContent {
  const scans = events.filter((e) => e.kind === "scan" && e.station !== null);
  const chamberIn = scans.find((e) => e.station === "chamber_in");
  const chamberOut = scans.find((e) => e.station === "chamber_out");
  return {
    caseNumber: row.number,
    petName: row.petName,
    pet: [row.petName, row.petSpecies, row.petBreed].filter(Boolean).join(", "),
    familyName: row.familyName,
    service: SERVICE_TYPE_LABELS[row.serviceType],
    crematedAt: chamberOut ? chamberOut.deviceTime.toISOString() : null,
    chamber: chamberIn?.chamber?.name ?? chamberOut?.chamber?.name ?? null,
    serviceNote: row.serviceType === "private" ? privateRuleSentence(row.petName) : SERVICE_NOTES[row.serviceType](row.petName),
    remainsWeight: row.serviceType === "private" ? weighedRemains(events) : null,
    steps: scans.map((e, i) => ({ n: i + 1, label: FAMILY_STATION_LABELS[e.station!], at: e.deviceTime.toISOString() })),
    issuedBy: issue.by,
    issuedAt: issue.at.toISOString(),
    code: issue.code,
  };
}

/** Hex digits of the certified event's hash the code carries (64 bits: not guessable, short enough to type). */
const HASH_DIGITS = 16;
const CODE_PATTERN = /^(C-\d{4}-\d{5,})-(\d{1,6})-([0-9A-F]{16})$/;

/**
 * The verification code: the case number, the seq of the last custody event the certificate
 * covers, and the start of that event's chained hash (which covers every event before it), e.g.
 * "C-2026-00042-7-3F9A81C2D4E5B6A7". Whoever holds the certificate holds the code; nobody can
 * derive one without the custody log.
 */
export function certificateCode(caseNumber: string, seq: number, hash: string): string {
  return `${caseNumber}-${seq}-${hash.slice(0, HASH_DIGITS).toUpperCase()}`;
}

/** The code as printed for people: the hash part in groups of four. */
export function printedCode(code: string): string {
  const parsed = parseCertificateCode(code);
  if (!parsed) return code;
  return `${parsed.caseNumber}-${parsed.seq}-${parsed.hashPrefix.toUpperCase().match(/.{4}/g)!.join(" ")}`;
}

/** The parts of a code (spaces and case forgiven), or null when it is not one. */
export function parseCertificateCode(text: string): { caseNumber: string; seq: number; hashPrefix: string } | null {
  const match = CODE_PATTERN.exec(text.replace(/\s+/g, "").toUpperCase());
  if (!match || !CASE_NUMBER_PATTERN.test(match[1])) return null;
  const seq = Number(match[2]);
  if (!Number.isSafeInteger(seq) || seq < 1) return null;
  return { caseNumber: match[1], seq, hashPrefix: match[3].toLowerCase() };
}

/** The path of the public page that checks a certificate (its QR carries `${APP_URL}` + this). */
export const certificateVerifyPath = (code: string) => `/verify/${encodeURIComponent(code)}`;
