import { route } from "@/lib/http/route";
import { listMentionable } from "@/lib/services/task-comments/list-mentionable";
import * as op from "@/lib/task-comments/contracts";

export const GET = route(op.listMentionable, async ({ caller, params, query }) => listMentionable(caller, String(params.id), query.q));
