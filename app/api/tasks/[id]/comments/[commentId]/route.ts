import { route } from "@/lib/http/route";
import { deleteTaskComment } from "@/lib/services/task-comments/delete-task-comment";
import { editTaskComment } from "@/lib/services/task-comments/edit-task-comment";
import * as op from "@/lib/task-comments/contracts";

export const PATCH = route(op.editTaskComment, async ({ caller, params, body }) =>
  editTaskComment(caller, String(params.id), String(params.commentId), body),
);

export const DELETE = route(op.deleteTaskComment, async ({ caller, params }) =>
  deleteTaskComment(caller, String(params.id), String(params.commentId)),
);
