import { route } from "@/lib/http/route";
import { deleteTaskComment, editTaskComment } from "@/lib/services/task-comments/comments";
import * as op from "@/lib/task-comments/contracts";

export const PATCH = route(op.editTaskComment, async ({ caller, params, body }) =>
  editTaskComment(caller, String(params.id), String(params.commentId), body),
);

export const DELETE = route(op.deleteTaskComment, async ({ caller, params }) =>
  deleteTaskComment(caller, String(params.id), String(params.commentId)),
);
