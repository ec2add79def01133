import { route } from "@/lib/http/route";
import { getAccountability } from "@/lib/services/accountability/accountability";
import { accountabilityQuerySchema } from "@/lib/validations/alerts";

/** Who owes what, per member and department, for ?from=YYYY-MM-DD&to=YYYY-MM-DD. */
export const GET = route(async ({ query }) => getAccountability(query(accountabilityQuerySchema)), { permission: "accountability.read" });
