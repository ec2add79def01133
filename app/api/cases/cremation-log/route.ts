import { route } from "@/lib/http/route";
import * as op from "@/lib/cases/contracts";
import { getCremationLog } from "@/lib/services/cases/cremation-log";

export const GET = route(op.getCremationLog, async ({ query }) => getCremationLog(query));
