import { route } from "@/lib/http/route";
import { decideCorrection } from "@/lib/services/time/corrections";
import { idOrNotFound } from "@/lib/validations/ids";
import { correctionDecisionSchema } from "@/lib/validations/time";

/** Approve (applied as an audited edit) or reject a correction request. */
export const POST = route(
  async ({ caller, params, body }) => decideCorrection(caller, idOrNotFound(params.id, "Correction request not found"), await body(correctionDecisionSchema)),
  { permission: "time.manage" },
);
