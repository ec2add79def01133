import { route } from "@/lib/http/route";
import * as op from "@/lib/billing/contracts";
import { getStatement } from "@/lib/services/billing/get-statement";

export const GET = route(op.getStatement, ({ caller, params }) => getStatement(caller, params.id));
