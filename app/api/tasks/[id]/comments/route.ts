import { route } from "@/lib/http/route";
import { addTaskComment } from "@/lib/services/task-comments/add-task-comment";
import { listTaskComments } from "@/lib/services/task-comments/list-task-comments";
import * as op from "@/lib/task-comments/contracts";

export const GET = route(op.listTaskComments, async ({ caller, params }) => listTaskComments(caller, String(params.id)));

export const POST = route(op.addTaskComment, async ({ caller, params, body }) => addTaskComment(caller, String(params.id), body));
