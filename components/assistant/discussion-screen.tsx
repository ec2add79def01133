"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Dialog } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { toastError } from "@/components/ui/use-toast";
import { useChatPreferences, useChatSessions, useDeleteChatSession, useRenameChatSession, useUpdateChatPreferences } from "@/lib/queries/assistant";
import type { ChatSessionDetail, ChatSessionSummary } from "@/lib/validations/assistant";
import { ChatPanel } from "./chat-panel";

/**
 * /agent-discussion/{discussionId}: the conversation in full (continued in place) beside a
 * sidebar of the member's discussions (rename, delete) and the chat preferences. On a phone
 * the sidebar folds above the conversation behind a "Discussions" toggle.
 */
export function DiscussionScreen({ session }: { session: ChatSessionDetail | null }) {
  const router = useRouter();
  const [showList, setShowList] = useState(false);
  const [title, setTitle] = useState(session?.title ?? "New conversation");

  return (
    <div className="mx-auto flex h-[calc(100dvh-9rem)] min-h-[28rem] max-w-6xl flex-col gap-3 md:flex-row">
      <aside className={`${showList ? "flex" : "hidden"} max-h-72 shrink-0 flex-col rounded-lg border border-slate-200 bg-white md:flex md:max-h-none md:w-72`} aria-label="Discussions">
        <SessionList currentId={session?.id ?? null} onDeleted={(id) => id === session?.id && router.push("/agent-discussion/new")} />
      </aside>
      <section className="flex min-h-0 min-w-0 flex-1 flex-col overflow-hidden rounded-lg border border-slate-200 bg-white">
        <header className="flex items-center gap-2 border-b border-slate-200 px-4 py-3">
          <Button variant="secondary" size="sm" className="md:hidden" aria-expanded={showList} onClick={() => setShowList((v) => !v)}>
            Discussions
          </Button>
          <h1 className="min-w-0 flex-1 truncate text-base font-semibold text-slate-900">{title}</h1>
          <Link href="/agent-discussion/new" className="shrink-0 text-sm font-medium text-brand-700 hover:underline">
            New
          </Link>
        </header>
        <div className="min-h-0 flex-1">
          <ChatPanel
            autoFocus
            initialSessionId={session?.id ?? null}
            initialMessages={(session?.messages ?? []).map((m) => ({ ...m, persisted: true }))}
            onSession={({ id, saved }) => {
              // A new conversation gets its address once stored, without reloading the page.
              if (!session && saved) {
                window.history.replaceState(null, "", `/agent-discussion/${id}`);
                setTitle((t) => (t === "New conversation" ? "Conversation" : t));
              }
            }}
          />
        </div>
      </section>
    </div>
  );
}

function SessionList({ currentId, onDeleted }: { currentId: string | null; onDeleted: (id: string) => void }) {
  const [page, setPage] = useState(1);
  const sessions = useChatSessions(page);
  const [renaming, setRenaming] = useState<ChatSessionSummary | null>(null);
  const [deleting, setDeleting] = useState<ChatSessionSummary | null>(null);
  const [newTitle, setNewTitle] = useState("");
  const rename = useRenameChatSession();
  const remove = useDeleteChatSession();

  return (
    <>
      <div className="flex items-center justify-between border-b border-slate-200 px-3 py-2">
        <h2 className="text-sm font-semibold text-slate-900">Your discussions</h2>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto">
        {sessions.isPending ? (
          <div className="p-4">
            <Spinner label="Loading discussions" />
          </div>
        ) : sessions.isError ? (
          <p className="p-4 text-sm text-red-700">The discussions could not be loaded.</p>
        ) : sessions.data.items.length === 0 ? (
          <p className="p-4 text-sm text-slate-500">No saved discussions yet.</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {sessions.data.items.map((s) => (
              <li key={s.id} className={`group flex items-center gap-1 px-2 py-1.5 ${s.id === currentId ? "bg-brand-50" : ""}`}>
                <Link href={`/agent-discussion/${s.id}`} aria-current={s.id === currentId ? "page" : undefined} className="min-w-0 flex-1 truncate rounded px-1 py-1 text-sm text-slate-800 hover:underline">
                  {s.title}
                </Link>
                <button type="button" className="rounded px-1.5 py-1 text-xs text-slate-600 hover:bg-slate-100" aria-label={`Rename ${s.title}`} onClick={() => { setRenaming(s); setNewTitle(s.title); }}>
                  Rename
                </button>
                <button type="button" className="rounded px-1.5 py-1 text-xs text-red-700 hover:bg-red-50" aria-label={`Delete ${s.title}`} onClick={() => setDeleting(s)}>
                  Delete
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      {sessions.data && (page > 1 || sessions.data.hasMore) ? (
        <div className="flex justify-between border-t border-slate-200 px-3 py-2">
          <Button size="sm" variant="ghost" disabled={page === 1} onClick={() => setPage((p) => p - 1)}>
            Newer
          </Button>
          <Button size="sm" variant="ghost" disabled={!sessions.data.hasMore} onClick={() => setPage((p) => p + 1)}>
            Older
          </Button>
        </div>
      ) : null}
      <Preferences />

      <Dialog
        open={renaming !== null}
        onClose={() => setRenaming(null)}
        title="Rename discussion"
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={() => setRenaming(null)}>
              Cancel
            </Button>
            <Button
              isLoading={rename.isPending}
              disabled={!newTitle.trim()}
              onClick={() =>
                renaming &&
                rename.mutate({ id: renaming.id, title: newTitle.trim() }, { onSuccess: () => setRenaming(null), onError: (e) => toastError(e, { title: "Could not rename the discussion" }) })
              }
            >
              Save
            </Button>
          </>
        }
      >
        <label htmlFor="rename-discussion" className="mb-1 block text-sm font-medium text-slate-700">
          Title
        </label>
        <Input id="rename-discussion" value={newTitle} maxLength={120} onChange={(e) => setNewTitle(e.target.value)} />
      </Dialog>
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Delete discussion?"
        description="Its messages and the files attached to them are deleted for good."
        confirmLabel="Delete"
        pending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              onDeleted(deleting.id);
              setDeleting(null);
            },
            onError: (e) => toastError(e, { title: "Could not delete the discussion" }),
          })
        }
      />
    </>
  );
}

/** Spec §3's preferences. allowTraining is stored and shown; this app sends nothing for training. */
function Preferences() {
  const prefs = useChatPreferences();
  const update = useUpdateChatPreferences();
  if (!prefs.data) return null;
  const toggle = (key: "saveHistory" | "allowAnalytics" | "allowTraining", label: string, hint: string) => (
    <label className="flex items-start gap-2 text-xs text-slate-700">
      <input
        type="checkbox"
        className="mt-0.5 size-4 rounded border-slate-300"
        checked={prefs.data[key]}
        disabled={update.isPending}
        onChange={(e) => update.mutate({ [key]: e.target.checked }, { onError: (err) => toastError(err, { title: "Could not save the preference" }) })}
      />
      <span>
        <span className="font-medium">{label}</span>
        <span className="block text-slate-500">{hint}</span>
      </span>
    </label>
  );
  return (
    <fieldset className="space-y-2 border-t border-slate-200 px-3 py-3">
      <legend className="sr-only">Chat preferences</legend>
      {toggle("saveHistory", "Save history", "Keep conversations to continue them here.")}
      {toggle("allowAnalytics", "Allow analytics", "Count messages (never their content).")}
      {toggle("allowTraining", "Allow training", "Stored only: this app sends nothing for training.")}
    </fieldset>
  );
}
