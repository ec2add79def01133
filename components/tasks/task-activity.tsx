"use client";

import { useMemo, useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Spinner } from "@/components/ui/spinner";
import { toastError } from "@/components/ui/use-toast";
import { formatDateTime } from "@/lib/dates";
import { useCommentMutations, useMentionable, useTaskComments, type TaskComment } from "@/lib/queries/task-comments";
import { useTaskHistory, type HistoryEntry } from "@/lib/queries/tasks";
import { LazyRichTextEditor } from "./lazy-rich-text-editor";
import { PROSE_CLASSES } from "./prose";
import { describeHistory } from "./task-history";

/**
 * The task's one activity feed (docs/tasks.md "Activity"): comments and the History rows
 * (field changes, checklist ticks, completion ...), oldest first, with the composer at the
 * bottom. The composer is the lazy tiptap editor; typing "@" and a name offers the members who
 * can see the task (the server decides who they are).
 */
type FeedItem = { kind: "history"; at: string; entry: HistoryEntry } | { kind: "comment"; at: string; comment: TaskComment };

const personName = (p: { firstName: string; lastName: string } | null) => (p ? `${p.firstName} ${p.lastName}` : "System");

export function TaskActivity({ taskId }: { taskId: string }) {
  const history = useTaskHistory(taskId);
  const comments = useTaskComments(taskId);
  const items = useMemo<FeedItem[]>(() => {
    const feed: FeedItem[] = [
      ...(history.data?.items ?? []).map((entry) => ({ kind: "history" as const, at: String(entry.createdAt), entry })),
      ...(comments.data?.items ?? []).map((comment) => ({ kind: "comment" as const, at: comment.createdAt, comment })),
    ];
    return feed.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  }, [history.data, comments.data]);

  return (
    <div className="space-y-4">
      {!history.data && !comments.data ? (
        history.isError && comments.isError ? <p className="text-sm text-slate-500">Activity is unavailable.</p> : <Spinner />
      ) : items.length === 0 ? (
        <p className="text-sm text-slate-500">No activity yet.</p>
      ) : (
        <ol className="space-y-3 text-sm" aria-label="Task activity">
          {items.map((item) =>
            item.kind === "history" ? (
              <li key={`h-${item.entry.id}`} className="flex flex-wrap gap-x-2 text-slate-600">
                <span className="font-medium text-slate-900">{personName(item.entry.actor)}</span>
                <span>{describeHistory(item.entry)}</span>
                <span className="text-slate-500">· {formatDateTime(item.entry.createdAt)}</span>
              </li>
            ) : (
              <CommentItem key={`c-${item.comment.id}`} taskId={taskId} comment={item.comment} />
            ),
          )}
        </ol>
      )}
      <Composer taskId={taskId} />
    </div>
  );
}

function CommentItem({ taskId, comment }: { taskId: string; comment: TaskComment }) {
  const { edit, remove } = useCommentMutations(taskId);
  const [editing, setEditing] = useState<string | null>(null);
  const [mentions, setMentions] = useState<string[]>([]);
  const [confirming, setConfirming] = useState(false);
  const who = personName(comment.author);

  if (comment.deletedAt) {
    return (
      <li className="text-slate-500 italic" data-testid="comment-deleted">
        {who}: comment deleted · {formatDateTime(comment.deletedAt)}
      </li>
    );
  }
  return (
    <li className="rounded-md border border-slate-200 bg-white p-3" data-testid="task-comment">
      <div className="mb-1 flex flex-wrap items-center gap-x-2 text-xs text-slate-500">
        <span className="text-sm font-medium text-slate-900">{who}</span>
        <span>{formatDateTime(comment.createdAt)}</span>
        {comment.editedAt && <span title={formatDateTime(comment.editedAt)}>(edited)</span>}
        <span className="ml-auto flex gap-2">
          {comment.canEdit && editing === null && (
            <button type="button" className="font-medium text-indigo-700 hover:underline" onClick={() => setEditing(comment.body ?? "")}>
              Edit
            </button>
          )}
          {comment.canDelete && (
            <button type="button" className="font-medium text-red-700 hover:underline" onClick={() => setConfirming(true)}>
              Delete
            </button>
          )}
        </span>
      </div>
      {editing !== null ? (
        <div className="space-y-2">
          <MentionEditor taskId={taskId} value={editing} onChange={setEditing} onMention={(id) => setMentions((m) => [...m, id])} label={`Edit comment by ${who}`} />
          <div className="flex gap-2">
            <Button
              size="sm"
              isLoading={edit.isPending}
              onClick={() =>
                edit.mutate({ id: comment.id, body: editing, mentions }, { onSuccess: () => setEditing(null), onError: (e) => toastError(e) })
              }
            >
              Save
            </Button>
            <Button size="sm" variant="secondary" onClick={() => setEditing(null)}>
              Cancel
            </Button>
          </div>
        </div>
      ) : (
        // Sanitized on the server with the description's allow-list before it was stored.
        <div className={`${PROSE_CLASSES} text-sm text-slate-800`} dangerouslySetInnerHTML={{ __html: comment.body ?? "" }} />
      )}
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Delete comment?"
        description="The comment is removed; the feed keeps a “comment deleted” line."
        confirmLabel="Delete comment"
        pending={remove.isPending}
        onConfirm={() => remove.mutate(comment.id, { onSuccess: () => setConfirming(false), onError: (e) => toastError(e) })}
      />
    </li>
  );
}

function Composer({ taskId }: { taskId: string }) {
  const { add } = useCommentMutations(taskId);
  const [body, setBody] = useState("");
  const [mentions, setMentions] = useState<string[]>([]);
  // A remount clears the editor after a post.
  const [round, setRound] = useState(0);
  const submit = () =>
    add.mutate(
      { body, mentions },
      {
        onSuccess: () => {
          setBody("");
          setMentions([]);
          setRound((r) => r + 1);
        },
        onError: (e) => toastError(e),
      },
    );
  return (
    <div className="space-y-2" data-testid="comment-composer">
      <MentionEditor key={round} taskId={taskId} value={body} onChange={setBody} onMention={(id) => setMentions((m) => [...m, id])} label="Write a comment" />
      <div className="flex justify-end">
        <Button onClick={submit} isLoading={add.isPending} disabled={body.trim() === ""}>
          Comment
        </Button>
      </div>
    </div>
  );
}

/** "@" and up to 30 name characters just before the end of the last paragraph. */
const MENTION_TAIL = /@([\p{L}\p{M}'-]{0,30})(<\/p>)$/u;

/** The editor plus the @ picker: a finished mention is plain text "@First Last"; its id goes with the post. */
function MentionEditor({ taskId, value, onChange, onMention, label }: { taskId: string; value: string; onChange: (html: string) => void; onMention: (id: string) => void; label: string }) {
  const match = MENTION_TAIL.exec(value);
  const q = match ? match[1] : null;
  const members = useMentionable(taskId, q);
  const labelId = `mention-label-${label.replace(/\W+/g, "-").toLowerCase()}`;
  return (
    <div className="relative">
      <span id={labelId} className="sr-only">
        {label}
      </span>
      <LazyRichTextEditor value={value} onChange={onChange} placeholder="Write a comment… (@ to mention)" aria-labelledby={labelId} />
      {q !== null && members.data && members.data.items.length > 0 && (
        <ul aria-label="Mention a member" className="absolute bottom-full left-2 z-20 mb-1 max-h-56 w-64 overflow-auto rounded-md border border-slate-200 bg-white py-1 text-sm shadow-lg">
          {members.data.items.map((m) => (
            <li key={m.id}>
              <button
                type="button"
                className="block w-full px-3 py-1.5 text-left hover:bg-indigo-50 focus:bg-indigo-50 focus:outline-none"
                onClick={() => {
                  onMention(m.id);
                  onChange(value.replace(MENTION_TAIL, `@${m.firstName} ${m.lastName}&nbsp;$2`));
                }}
              >
                {m.firstName} {m.lastName}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
