import * as op from "@/lib/accountability/contracts";
import { route } from "@/lib/http/route";
import { getAccountability } from "@/lib/services/accountability/accountability";

/** Who owes what, per member and department, for ?from=YYYY-MM-DD&to=YYYY-MM-DD. */
export const GET = route(op.getAccountability, async ({ query }) => getAccountability(query));
