import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import type { CaseDetail } from "@/lib/validations/cases";
import { resolveCaseRef } from "./case-access";
import { loadCaseDetail } from "./case-shape";

/** GET /api/cases/{ref}: the case with its stations, custody log, tasks and family link. */
export async function getCase(caller: Caller, ref: string): Promise<CaseDetail> {
  const { id } = await resolveCaseRef(caller, ref);
  return loadCaseDetail(caller, id);
}
