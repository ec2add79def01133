import { route } from "@/lib/http/route";
import { checkHealth } from "@/lib/services/system/check-health";
import * as op from "@/lib/system/contracts";

/** Liveness (docs/operations.md): 200 whenever the process answers. */
export const GET = route(op.checkHealth, async () => checkHealth());
