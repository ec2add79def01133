import { route } from "@/lib/http/route";
import * as op from "@/lib/billing/contracts";
import { issueStatement } from "@/lib/services/billing/issue-statement";
import { listStatements } from "@/lib/services/billing/list-statements";

export const GET = route(op.listStatements, ({ caller, query }) => listStatements(caller, query));
export const POST = route(op.issueStatement, ({ caller, body }) => issueStatement(caller, body));
