import "server-only";
import { COMPANY_NAME } from "@/lib/constants";
import type { Prisma } from "@/lib/generated/prisma/client";
import { familyUrl } from "./tokens";

type Tx = Prisma.TransactionClient;

/**
 * Queues the family's e-mail with their status link (the cases-mail job sends it, like the
 * alerts outbox): at intake and when the case is ready. Only with an address and the family's
 * consent; at most one per case and reason (a retried scan never mails twice). Due now on the
 * process's clock, the one the sender compares with (not the database's default now()).
 */
export async function queueFamilyEmail(
  tx: Tx,
  input: { caseId: string; reason: "intake" | "ready"; petName: string; caseNumber: string; familyEmail: string | null; consent: boolean; linkId: string | null },
): Promise<boolean> {
  if (!input.consent || !input.familyEmail || !input.linkId) return false;
  const url = familyUrl(input.linkId);
  const subject =
    input.reason === "intake" ? `${input.petName} is in our care (${input.caseNumber})` : `${input.petName} is ready to come home (${input.caseNumber})`;
  const body = [
    input.reason === "intake"
      ? `We have received ${input.petName} into our care. You can follow each step, with its date and time, on this page:`
      : `${input.petName} is ready for return. You can see each step and the certificate of cremation on this page:`,
    "",
    url,
    "",
    "Keep this link private: anyone who has it can see the page.",
    "",
    COMPANY_NAME,
  ].join("\n");
  const inserted = await tx.$executeRaw`
    INSERT INTO case_emails (case_id, reason, to_email, subject, body, next_attempt_at)
    VALUES (${input.caseId}::uuid, ${input.reason}, ${input.familyEmail}, ${subject}, ${body}, ${new Date()})
    ON CONFLICT (case_id, reason) DO NOTHING`;
  return inserted === 1;
}

/** The case's live family link (the newest unrevoked), or null. */
export async function liveFamilyLinkId(tx: Tx, caseId: string): Promise<string | null> {
  const link = await tx.caseFamilyLink.findFirst({ where: { caseId, revokedAt: null }, orderBy: { createdAt: "desc" }, select: { id: true } });
  return link?.id ?? null;
}
