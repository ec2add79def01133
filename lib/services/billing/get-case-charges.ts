import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import type { CaseChargesAnswer } from "@/lib/validations/billing";
import { caseByNumber, loadCaseCharges } from "./billing-shape";

/** GET /api/cases/{number}/charges. */
export async function getCaseCharges(caller: Caller, ref: string): Promise<CaseChargesAnswer> {
  void caller;
  const kase = await caseByNumber(db, ref);
  return loadCaseCharges(db, kase.id);
}
