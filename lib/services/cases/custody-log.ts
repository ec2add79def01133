import "server-only";
import { createHash } from "node:crypto";
import { chainInput, GENESIS_HASH } from "@/lib/cases/custody-chain";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { CaseStation } from "@/lib/generated/prisma/enums";

type Tx = Prisma.TransactionClient;

export const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/**
 * Locks the case row for the rest of the transaction: scans, label prints and certificate
 * records of one case queue here, so the custody chain never forks (two events with one prev_hash).
 */
export async function lockCase(tx: Tx, caseId: string): Promise<void> {
  await tx.$queryRaw`SELECT id FROM cases WHERE id = ${caseId}::uuid FOR UPDATE`;
}

export interface NewEvent {
  caseId: string;
  kind: "scan" | "override" | "label_print" | "certificate" | "authorization" | "authorization_void";
  station?: CaseStation | null;
  chamberId?: string | null;
  memberId: string | null;
  deviceTime: Date;
  serverTime: Date;
  note?: string | null;
  photoKey?: string | null;
  offline?: boolean;
  clientUuid?: string | null;
  details?: Record<string, unknown>;
}

/**
 * Appends one event to the case's custody log, chained to the previous one. The caller holds
 * the case's row lock (lockCase) in the same transaction.
 */
export async function appendCustodyEvent(tx: Tx, event: NewEvent): Promise<{ id: string; seq: number }> {
  const last = await tx.caseEvent.findFirst({ where: { caseId: event.caseId }, orderBy: { seq: "desc" }, select: { seq: true, hash: true } });
  const seq = (last?.seq ?? 0) + 1;
  const prevHash = last?.hash ?? GENESIS_HASH;
  // Stored as jsonb and read back: keep only JSON values, so the recomputed hash matches.
  const details = JSON.parse(JSON.stringify(event.details ?? {})) as Record<string, unknown>;
  const fields = {
    caseId: event.caseId,
    seq,
    kind: event.kind,
    station: event.station ?? null,
    chamberId: event.chamberId ?? null,
    memberId: event.memberId,
    deviceTime: event.deviceTime,
    serverTime: event.serverTime,
    note: event.note ?? null,
    photoKey: event.photoKey ?? null,
    offline: event.offline ?? false,
    clientUuid: event.clientUuid ?? null,
    details,
  };
  const hash = sha256(chainInput(fields, prevHash));
  return tx.caseEvent.create({ data: { ...fields, details: details as Prisma.InputJsonValue, prevHash, hash }, select: { id: true, seq: true } });
}
