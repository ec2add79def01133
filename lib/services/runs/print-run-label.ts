import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import { notFound } from "@/lib/http/app-error";
import { recordAudit } from "@/lib/services/audit/record-audit";
import { printCaseLabel, renderLabel } from "@/lib/services/cases/print-label";
import { signLabelToken } from "@/lib/services/cases/tokens";
import { appUrl } from "@/lib/services/mail/mailer";
import { REQUEST_NOT_ON_RUN, RUN_NOT_FOUND, visibleRunWhere } from "./run-access";

/**
 * GET /api/runs/{id}/requests/{requestId}/label: the driver prints a pet's tag label at its stop
 * when the clinic had none: the same label stock and signed QR as the clinic's (the request's
 * number, `/scan?t=<P-number>.<signature>`), so the pickup's tag scan and every later scan read
 * it. A pet already picked up prints its case's own label (a custody event, as at the counter).
 */
export async function printRunLabel(caller: Caller, runId: string, requestId: string, format: "label" | "sheet"): Promise<{ bytes: Uint8Array; filename: string }> {
  const run = await db.pickupRun.findFirst({ where: { AND: [{ id: runId }, visibleRunWhere(caller)] }, select: { id: true } });
  if (!run) throw notFound(RUN_NOT_FOUND);
  const item = await db.pickupRunItem.findFirst({
    where: { runId, pickupRequestId: requestId },
    select: { request: { select: { id: true, number: true, petName: true, petSpecies: true, serviceType: true, case: { select: { number: true } } } } },
  });
  if (!item) throw notFound(REQUEST_NOT_ON_RUN);
  const { request } = item;
  if (request.case) return printCaseLabel(caller, request.case.number, format);
  await db.$transaction((tx) =>
    recordAudit(tx, { actorId: caller.userId, action: "pickup_request.label_print", entityType: "pickup_request", entityId: request.id, metadata: { format, runId } }),
  );
  const qr = `${appUrl()}/scan?t=${encodeURIComponent(signLabelToken(request.number))}`;
  return renderLabel({ number: request.number, petName: request.petName, petSpecies: request.petSpecies, serviceType: request.serviceType, footer: "Pickup request: printed by our driver" }, qr, format);
}
