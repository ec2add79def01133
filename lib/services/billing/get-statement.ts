import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import type { StatementAnswer } from "@/lib/validations/billing";
import { loadStatement } from "./statement-shape";

/** GET /api/billing/statements/{id}. */
export async function getStatement(caller: Caller, id: string): Promise<StatementAnswer> {
  void caller;
  return loadStatement(id);
}
