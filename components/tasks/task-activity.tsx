"use client";

import { useEffect, useMemo, useRef, useState } from "react";
import type { Editor } from "@tiptap/react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Dialog } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { toastError } from "@/components/ui/use-toast";
import { formatDateTime } from "@/lib/dates";
import { useCommentMutations, useMentionable, useTaskAttachments, useTaskComments, useUploadAttachments, type TaskAttachment, type TaskComment } from "@/lib/queries/task-comments";
import { TASK_FILE_ACCEPT, TASK_MAX_FILE_BYTES, TASK_MAX_FILE_LABEL } from "@/lib/task-comments/attachment-options";
import { downscalePhoto } from "@/lib/task-comments/downscale";
import { useTaskHistory } from "@/lib/queries/task-page";
import type { HistoryEntry } from "@/lib/queries/tasks";
import { LazyRichTextEditor } from "./lazy-rich-text-editor";
import { PROSE_CLASSES } from "./prose";
import { describeHistory } from "./task-history";
import { linkTaskNumbers } from "@/lib/tasks/link-task-numbers";
import { highlightMentions } from "@/lib/task-comments/highlight-mentions";

/**
 * The task's one activity feed (docs/tasks.md "Activity"): comments and the History rows
 * (field changes, checklist ticks, completion ...), oldest first, with the composer at the
 * bottom. The composer is the lazy tiptap editor; typing "@" and a name offers the members who
 * can see the task (the server decides who they are).
 */
type FeedItem =
  | { kind: "history"; at: string; entry: HistoryEntry }
  | { kind: "comment"; at: string; comment: TaskComment; files: TaskAttachment[] }
  | { kind: "file"; at: string; file: TaskAttachment };

const personName = (p: { firstName: string; lastName: string } | null) => (p ? `${p.firstName} ${p.lastName}` : "System");

export function TaskActivity({ taskId }: { taskId: string }) {
  const history = useTaskHistory(taskId);
  const comments = useTaskComments(taskId);
  const attachments = useTaskAttachments(taskId);
  const items = useMemo<FeedItem[]>(() => {
    const files = attachments.data?.items ?? [];
    const feed: FeedItem[] = [
      ...(history.data?.items ?? []).map((entry) => ({ kind: "history" as const, at: String(entry.createdAt), entry })),
      ...(comments.data?.items ?? []).map((comment) => ({ kind: "comment" as const, at: comment.createdAt, comment, files: files.filter((f) => f.commentId === comment.id) })),
      ...files.filter((f) => f.commentId === null).map((file) => ({ kind: "file" as const, at: file.createdAt, file })),
    ];
    return feed.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  }, [history.data, comments.data, attachments.data]);

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
            ) : item.kind === "file" ? (
              <li key={`f-${item.file.id}`} className="space-y-1">
                <p className="flex flex-wrap gap-x-2 text-slate-600">
                  <span className="font-medium text-slate-900">{personName(item.file.uploadedBy)}</span>
                  <span>attached a file</span>
                  <span className="text-slate-500">· {formatDateTime(item.file.createdAt)}</span>
                </p>
                <FileList files={[item.file]} />
              </li>
            ) : (
              <CommentItem key={`c-${item.comment.id}`} taskId={taskId} comment={item.comment} files={item.files} />
            ),
          )}
        </ol>
      )}
      <Composer taskId={taskId} />
    </div>
  );
}

const PDF = "application/pdf";

/**
 * Thumbnails for images and a button for PDFs, both opening the in-app viewer (the image, or the
 * PDF in an <iframe> of the same-origin file URL, which the file route lets this app frame);
 * other files are links. Every download keeps the file's original name.
 */
function FileList({ files }: { files: TaskAttachment[] }) {
  const [viewing, setViewing] = useState<TaskAttachment | null>(null);
  if (files.length === 0) return null;
  return (
    <>
      <ul className="mt-2 flex flex-wrap gap-2" aria-label="Attachments">
        {files.map((f) => (
          <li key={f.id}>
            {f.isImage ? (
              <button type="button" className="block" title={f.fileName} aria-label={`View ${f.fileName}`} onClick={() => setViewing(f)}>
                {/* eslint-disable-next-line @next/next/no-img-element -- an authorized download, not a static asset */}
                <img src={f.url} alt={f.fileName} loading="lazy" className="h-20 w-20 rounded-md border border-slate-200 object-cover" />
              </button>
            ) : f.mimeType === PDF ? (
              <button type="button" onClick={() => setViewing(f)} className="inline-flex max-w-56 items-center gap-1 truncate rounded-md border border-slate-200 px-2 py-1 text-xs font-medium text-indigo-700 hover:bg-slate-50" aria-label={`View ${f.fileName}`}>
                📄 {f.fileName}
              </button>
            ) : (
              <a href={f.url} download={f.fileName} className="inline-flex max-w-56 items-center gap-1 truncate rounded-md border border-slate-200 px-2 py-1 text-xs font-medium text-indigo-700 hover:bg-slate-50">
                📎 {f.fileName}
              </a>
            )}
          </li>
        ))}
      </ul>
      {viewing && (
        <Dialog
          open
          onClose={() => setViewing(null)}
          title={viewing.fileName}
          size="lg"
          footer={
            <a href={viewing.url} download={viewing.fileName} className="inline-flex h-10 items-center justify-center rounded-lg border border-slate-300 bg-white px-4 text-sm font-medium text-slate-800 hover:bg-slate-50">
              Download
            </a>
          }
        >
          {viewing.isImage ? (
            // eslint-disable-next-line @next/next/no-img-element -- an authorized download, not a static asset
            <img src={viewing.url} alt={viewing.fileName} className="mx-auto max-h-[70vh] w-auto max-w-full rounded-md object-contain" />
          ) : (
            <iframe src={viewing.url} title={viewing.fileName} className="h-[70vh] w-full rounded-md border border-slate-200" data-testid="pdf-viewer" />
          )}
        </Dialog>
      )}
    </>
  );
}

function CommentItem({ taskId, comment, files }: { taskId: string; comment: TaskComment; files: TaskAttachment[] }) {
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
        // Sanitized on the server with the description's allow-list before it was stored; "#32" links to task 32,
        // and "@First Last" of each member the mentions notified is highlighted.
        <div className={`${PROSE_CLASSES} text-sm text-slate-800`} dangerouslySetInnerHTML={{ __html: highlightMentions(linkTaskNumbers(comment.body ?? ""), comment.mentioned) }} />
      )}
      <FileList files={files} />
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
  const uploadFiles = useUploadAttachments(taskId);
  const [body, setBody] = useState("");
  const [mentions, setMentions] = useState<string[]>([]);
  const [files, setFiles] = useState<File[]>([]);
  const [preparing, setPreparing] = useState(false);
  const photoInput = useRef<HTMLInputElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  // A remount clears the editor after a post.
  const [round, setRound] = useState(0);

  const pick = async (list: FileList | null) => {
    if (!list?.length) return;
    setPreparing(true);
    try {
      const prepared = await Promise.all([...list].map(downscalePhoto));
      const tooLarge = prepared.find((f) => f.size > TASK_MAX_FILE_BYTES);
      if (tooLarge) toastError(new Error(`File ${tooLarge.name} exceeds ${TASK_MAX_FILE_LABEL} limit.`));
      setFiles((current) => [...current, ...prepared.filter((f) => f.size <= TASK_MAX_FILE_BYTES)]);
    } finally {
      setPreparing(false);
    }
  };
  const reset = () => {
    setBody("");
    setMentions([]);
    setFiles([]);
    setRound((r) => r + 1);
  };
  const submit = async () => {
    try {
      const comment = body.trim() ? await add.mutateAsync({ body, mentions }) : null;
      if (files.length) await uploadFiles.mutateAsync({ files, commentId: comment?.id });
      reset();
    } catch (error) {
      toastError(error);
    }
  };
  const busy = add.isPending || uploadFiles.isPending;
  return (
    <div className="space-y-2" data-testid="comment-composer">
      <MentionEditor key={round} taskId={taskId} value={body} onChange={setBody} onMention={(id) => setMentions((m) => [...m, id])} label="Write a comment" />
      {files.length > 0 && (
        <ul className="flex flex-wrap gap-2 text-xs" aria-label="Files to attach">
          {files.map((f, i) => (
            <li key={`${f.name}-${i}`} className="flex items-center gap-1 rounded-full bg-slate-100 px-2 py-1 text-slate-700">
              <span className="max-w-40 truncate">{f.name}</span>
              <button type="button" aria-label={`Remove ${f.name}`} className="text-slate-500 hover:text-red-700" onClick={() => setFiles((all) => all.filter((_, j) => j !== i))}>
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex gap-2">
          {/* On a phone, "Add photo" opens the camera. */}
          <input ref={photoInput} type="file" accept="image/*" capture="environment" className="sr-only" tabIndex={-1} aria-hidden="true" data-testid="photo-input" onChange={(e) => { void pick(e.target.files); e.target.value = ""; }} />
          <input ref={fileInput} type="file" accept={TASK_FILE_ACCEPT} multiple className="sr-only" tabIndex={-1} aria-hidden="true" data-testid="file-input" onChange={(e) => { void pick(e.target.files); e.target.value = ""; }} />
          <Button size="sm" variant="secondary" onClick={() => photoInput.current?.click()} isLoading={preparing}>
            Add photo
          </Button>
          <Button size="sm" variant="secondary" onClick={() => fileInput.current?.click()}>
            Attach file
          </Button>
        </div>
        <Button onClick={() => void submit()} isLoading={busy} disabled={(body.trim() === "" && files.length === 0) || preparing}>
          Comment
        </Button>
      </div>
    </div>
  );
}

/** "@" and up to 30 name characters just before the end of the last paragraph. */
const MENTION_TAIL = /@([\p{L}\p{M}'-]{0,30})(<\/p>)$/u;

/**
 * The editor plus the @ picker: a finished mention is plain text "@First Last" followed by a
 * no-break space; its id goes with the post. The picker is a listbox the keys drive while it is
 * open (↑/↓ move, Enter or Tab picks, Escape closes it), and picking keeps the cursor in the
 * editor, just after the name: a tap on a phone does not take the focus away (the options never
 * take it), and the pick puts it back in any case.
 */
function MentionEditor({ taskId, value, onChange, onMention, label }: { taskId: string; value: string; onChange: (html: string) => void; onMention: (id: string) => void; label: string }) {
  const match = MENTION_TAIL.exec(value);
  const q = match ? match[1] : null;
  const members = useMentionable(taskId, q);
  const labelId = `mention-label-${label.replace(/\W+/g, "-").toLowerCase()}`;
  const listId = `${labelId}-options`;
  const [editor, setEditor] = useState<Editor | null>(null);
  // The highlighted option, for this query (a new query starts at the top); Escape hides the list until the query changes.
  const [cursor, setCursor] = useState<{ q: string | null; index: number; closed: boolean }>({ q, index: 0, closed: false });
  const here = cursor.q === q ? cursor : { q, index: 0, closed: false };
  const options = q !== null && !here.closed ? (members.data?.items ?? []) : [];
  const open = options.length > 0;
  const active = open ? Math.min(here.index, options.length - 1) : -1;
  const optionId = (i: number) => `${listId}-${i}`;

  const pick = (m: { id: string; firstName: string; lastName: string }) => {
    onMention(m.id);
    const text = `@${m.firstName} ${m.lastName}\u00a0`;
    if (!editor || q === null) return onChange(value.replace(MENTION_TAIL, `@${m.firstName} ${m.lastName}&nbsp;$2`));
    // "@query" ends the last paragraph (MENTION_TAIL): replace it there and leave the cursor after the name.
    const end = editor.state.doc.content.size - 1;
    editor.chain().focus().insertContentAt({ from: end - q.length - 1, to: end }, { type: "text", text }).run();
  };

  const onKeyDown = (event: KeyboardEvent): boolean => {
    if (!open || event.isComposing) return false;
    const move = (index: number) => setCursor({ q, index: (index + options.length) % options.length, closed: false });
    if (event.key === "ArrowDown") move(active + 1);
    else if (event.key === "ArrowUp") move(active - 1);
    else if ((event.key === "Enter" && !event.shiftKey) || event.key === "Tab") pick(options[active]);
    else if (event.key === "Escape") setCursor({ q, index: 0, closed: true });
    else return false;
    event.preventDefault();
    return true;
  };

  // The editor says which option is highlighted (a combobox's aria-activedescendant), so a screen reader follows the arrows.
  useEffect(() => {
    const dom = editor?.view.dom;
    if (!dom) return;
    if (open) {
      dom.setAttribute("aria-controls", listId);
      dom.setAttribute("aria-activedescendant", optionId(active));
    } else {
      dom.removeAttribute("aria-controls");
      dom.removeAttribute("aria-activedescendant");
    }
  });

  return (
    <div className="relative">
      <span id={labelId} className="sr-only">
        {label}
      </span>
      <LazyRichTextEditor value={value} onChange={onChange} placeholder="Write a comment… (@ to mention)" aria-labelledby={labelId} onKeyDown={onKeyDown} onEditor={setEditor} />
      {open && (
        <ul id={listId} role="listbox" aria-label="Mention a member" className="absolute bottom-full left-2 z-20 mb-1 max-h-56 w-64 overflow-auto rounded-md border border-slate-200 bg-white py-1 text-sm shadow-lg">
          {options.map((m, i) => (
            <li
              key={m.id}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              className={`block w-full cursor-pointer px-3 py-2 text-left ${i === active ? "bg-indigo-50 text-indigo-900" : "hover:bg-slate-50"}`}
              // The editor keeps the focus (and a phone its keyboard): the option is chosen on click.
              onMouseDown={(e) => e.preventDefault()}
              onMouseEnter={() => setCursor({ q, index: i, closed: false })}
              onClick={() => pick(m)}
            >
              {m.firstName} {m.lastName}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
