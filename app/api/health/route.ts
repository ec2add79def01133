import { route } from "@/lib/http/route";
import { checkHealth } from "@/lib/services/system/check-health";

/** Liveness (docs/operations.md): 200 whenever the process answers. */
export const GET = route(async () => checkHealth(), { public: true });
