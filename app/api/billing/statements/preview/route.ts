import { route } from "@/lib/http/route";
import * as op from "@/lib/billing/contracts";
import { previewStatement } from "@/lib/services/billing/preview-statement";

export const GET = route(op.previewStatement, ({ caller, query }) => previewStatement(caller, query));
