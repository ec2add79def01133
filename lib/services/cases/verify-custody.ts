import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { findChainBreak } from "@/lib/cases/custody-chain";
import { db } from "@/lib/db";
import type { CustodyVerify } from "@/lib/validations/cases";
import { resolveCaseRef } from "./case-access";
import { sha256 } from "./custody-log";

/** GET /api/cases/{ref}/custody/verify: recomputes the chain from the stored rows. */
export async function verifyCustody(caller: Caller, ref: string): Promise<CustodyVerify> {
  const { id, number } = await resolveCaseRef(caller, ref);
  const events = await db.caseEvent.findMany({
    where: { caseId: id },
    orderBy: { seq: "asc" },
    select: { id: true, caseId: true, seq: true, kind: true, station: true, chamberId: true, memberId: true, deviceTime: true, serverTime: true, note: true, photoKey: true, offline: true, clientUuid: true, details: true, prevHash: true, hash: true },
  });
  const broken = findChainBreak(events, sha256);
  return {
    intact: broken === null,
    eventCount: events.length,
    firstBroken: broken,
    message: broken
      ? `The custody log of ${number} is broken at event ${broken.seq}: ${broken.reason === "hash" ? "its contents do not match its hash" : broken.reason === "prev_hash" ? "it does not chain to the event before it" : "an event is missing before it"}.`
      : `The custody log of ${number} is intact (${events.length} event${events.length === 1 ? "" : "s"}).`,
  };
}
