"use client";

import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { Button } from "@/components/ui/button";
import { toastError } from "@/components/ui/use-toast";
import { chatErrorReply, replyOrFallback } from "@/lib/assistant/chat-errors";
import { uploadChatFile, useAssistantStatus, useSendChatMessage } from "@/lib/queries/assistant";
import type { ActionCard, ChatAttachmentRef, ChatMessageDto, QuickAction } from "@/lib/validations/assistant";
import { CHAT_ATTACHMENTS_MAX } from "@/lib/validations/assistant";
import { ActionCardView } from "./action-card";
import { Markdown } from "./markdown";

/** Spec §5: images, PDF, doc, docx, txt (the server checks the content, not this list). */
const ACCEPT = "image/png,image/jpeg,image/gif,image/webp,application/pdf,.pdf,.doc,application/msword,.docx,application/vnd.openxmlformats-officedocument.wordprocessingml.document,.txt,text/plain";

export interface PanelMessage extends ChatMessageDto {
  /** Stored on the server (saveHistory): its cards are confirmed against the stored copy. */
  persisted: boolean;
  failed?: boolean;
}

interface PendingFile {
  key: string;
  file: File;
  progress: number | null;
  failed: boolean;
}

let localId = 0;
const nextLocalId = () => `local-${++localId}`;

function formatSize(bytes: number) {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * The conversation: messages (markdown, safely), action cards, a typing indicator, the quick
 * actions and the composer (Enter sends, Shift+Enter adds a line; empty text without files
 * cannot be sent; files upload on Send with progress, and a failed upload aborts the send).
 * Shared by the floating dialog and the /agent-discussion page.
 */
export function ChatPanel({
  initialMessages = [],
  initialSessionId = null,
  onSession,
  autoFocus = false,
}: {
  initialMessages?: PanelMessage[];
  initialSessionId?: string | null;
  onSession?: (session: { id: string; saved: boolean }) => void;
  autoFocus?: boolean;
}) {
  const [messages, setMessages] = useState<PanelMessage[]>(initialMessages);
  const [sessionId, setSessionId] = useState<string | null>(initialSessionId);
  const [text, setText] = useState("");
  const [files, setFiles] = useState<PendingFile[]>([]);
  const [uploading, setUploading] = useState(false);
  const status = useAssistantStatus();
  const send = useSendChatMessage();
  const logRef = useRef<HTMLDivElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const inputId = useId();
  const busy = send.isPending || uploading;
  const canSend = !busy && (text.trim() !== "" || files.length > 0);

  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [messages, busy]);

  const history = () => messages.filter((m) => !m.failed && m.content.trim()).slice(-40).map((m) => ({ role: m.role, content: m.content }));

  async function submit(quickAction?: QuickAction, label?: string) {
    if (busy) return;
    const message = quickAction ? "" : text;
    if (!quickAction && message.trim() === "" && files.length === 0) return;

    // Files first: any failure aborts sending, and what was typed stays in the box.
    let attachments: ChatAttachmentRef[] = [];
    if (!quickAction && files.length) {
      setUploading(true);
      try {
        attachments = [];
        for (const pending of files) {
          setFiles((list) => list.map((f) => (f.key === pending.key ? { ...f, progress: 0, failed: false } : f)));
          try {
            attachments.push(
              await uploadChatFile(pending.file, (fraction) => setFiles((list) => list.map((f) => (f.key === pending.key ? { ...f, progress: fraction } : f)))),
            );
          } catch (error) {
            setFiles((list) => list.map((f) => (f.key === pending.key ? { ...f, failed: true, progress: null } : f)));
            toastError(error, { title: "Upload failed", fallback: `File ${pending.file.name} could not be uploaded.` });
            return;
          }
        }
      } finally {
        setUploading(false);
      }
    }

    const userMessage: PanelMessage = {
      id: nextLocalId(),
      role: "user",
      content: quickAction ? (label ?? quickAction) : message.trim(),
      timestamp: new Date().toISOString(),
      attachments,
      actions: [],
      persisted: false,
    };
    const priorHistory = history();
    setMessages((list) => [...list, userMessage]);
    if (!quickAction) {
      setText("");
      setFiles([]);
    }
    send.mutate(
      { message, conversationHistory: priorHistory, sessionId, attachments: attachments.map((a) => a.id), quickAction },
      {
        onSuccess: (reply) => {
          setSessionId(reply.sessionId);
          onSession?.({ id: reply.sessionId, saved: reply.saved });
          setMessages((list) => [
            ...list,
            {
              id: reply.messageId ?? nextLocalId(),
              role: "assistant",
              content: reply.actions.length ? reply.response : replyOrFallback(reply.response),
              timestamp: new Date().toISOString(),
              attachments: [],
              actions: reply.actions,
              persisted: Boolean(reply.messageId),
            },
          ]);
        },
        onError: (error) => {
          setMessages((list) => [
            ...list,
            { id: nextLocalId(), role: "assistant", content: chatErrorReply(error), timestamp: new Date().toISOString(), attachments: [], actions: [], persisted: false, failed: true },
          ]);
        },
        onSettled: () => textRef.current?.focus(),
      },
    );
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // Enter sends; Shift+Enter (and Enter while composing an IME character) adds a new line.
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  }

  function addFiles(list: FileList | null) {
    if (!list) return;
    const added = Array.from(list).map((file) => ({ key: nextLocalId(), file, progress: null, failed: false }));
    setFiles((current) => [...current, ...added].slice(0, CHAT_ATTACHMENTS_MAX));
    if (fileRef.current) fileRef.current.value = "";
  }

  const updateCard = (messageId: string, card: ActionCard) =>
    setMessages((list) => list.map((m) => (m.id === messageId ? { ...m, actions: m.actions.map((c) => (c.id === card.id ? card : c)) } : m)));

  const quickActions = status.data?.quickActions ?? [];
  const structured = status.data?.mode === "structured";

  return (
    <div className="flex h-full min-h-0 flex-col">
      <div ref={logRef} role="log" aria-label="Conversation" aria-live="polite" className="min-h-0 flex-1 space-y-3 overflow-y-auto px-4 py-4">
        {messages.length === 0 ? (
          <div className="rounded-lg bg-slate-50 p-4 text-sm text-slate-600">
            <p className="font-medium text-slate-800">How can I help?</p>
            <p className="mt-1">
              {structured
                ? "No AI model is configured here, so free-form questions can't be answered yet. The quick actions below work with your live data."
                : "Ask about your tasks, hours or punches, or ask me to create or change something: I'll show you what will change before anything is saved."}
            </p>
          </div>
        ) : null}
        {messages.map((m) => (
          <div key={m.id} className={m.role === "user" ? "flex justify-end" : "flex justify-start"}>
            <div
              className={
                m.role === "user"
                  ? "max-w-[85%] rounded-2xl rounded-br-sm bg-brand-600 px-3 py-2 text-sm whitespace-pre-wrap break-words text-white"
                  : `w-full max-w-[92%] rounded-2xl rounded-bl-sm px-3 py-2 text-sm ${m.failed ? "bg-red-50 text-red-800" : "bg-slate-100 text-slate-900"}`
              }
            >
              <span className="sr-only">{m.role === "user" ? "You: " : "Assistant: "}</span>
              {m.role === "user" ? m.content : <Markdown text={m.content} />}
              {m.attachments.length ? (
                <ul className="mt-2 flex flex-wrap gap-1" aria-label="Attachments">
                  {m.attachments.map((a) => (
                    <li key={a.id}>
                      <a href={a.url} target="_blank" rel="noopener noreferrer" className={`inline-block max-w-48 truncate rounded px-2 py-0.5 text-xs underline ${m.role === "user" ? "bg-white/20 text-white" : "bg-white text-slate-700"}`}>
                        {a.name}
                      </a>
                    </li>
                  ))}
                </ul>
              ) : null}
              {m.actions.map((card) => (
                <ActionCardView key={card.id} card={card} sessionId={sessionId} messageId={m.persisted ? m.id : null} onChange={(c) => updateCard(m.id, c)} />
              ))}
            </div>
          </div>
        ))}
        {busy ? (
          <div className="flex justify-start" role="status">
            <div className="flex items-center gap-2 rounded-2xl rounded-bl-sm bg-slate-100 px-3 py-2 text-sm text-slate-600">
              <span className="flex gap-1" aria-hidden="true">
                <span className="size-1.5 animate-bounce rounded-full bg-slate-400 [animation-delay:-0.3s]" />
                <span className="size-1.5 animate-bounce rounded-full bg-slate-400 [animation-delay:-0.15s]" />
                <span className="size-1.5 animate-bounce rounded-full bg-slate-400" />
              </span>
              {uploading ? "Uploading…" : "Assistant is typing…"}
            </div>
          </div>
        ) : null}
      </div>

      <div className="border-t border-slate-200 bg-white px-3 pt-2 pb-3">
        {quickActions.length ? (
          <div className="mb-2 flex gap-2 overflow-x-auto pb-1" role="group" aria-label="Quick actions">
            {quickActions.map((qa) => (
              <button
                key={qa.id}
                type="button"
                disabled={busy}
                onClick={() => void submit(qa.id, qa.label)}
                className="shrink-0 rounded-full border border-slate-300 bg-white px-3 py-1 text-xs font-medium text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-600 disabled:opacity-50"
              >
                {qa.label}
              </button>
            ))}
          </div>
        ) : null}
        {files.length ? (
          <ul className="mb-2 flex flex-wrap gap-2" aria-label="Files to send">
            {files.map((f) => (
              <li key={f.key} className={`flex max-w-full items-center gap-2 rounded-md border px-2 py-1 text-xs ${f.failed ? "border-red-300 bg-red-50 text-red-800" : "border-slate-200 bg-slate-50 text-slate-700"}`}>
                <span className="max-w-40 truncate">{f.file.name}</span>
                <span className="text-slate-500">{f.failed ? "Upload failed" : f.progress !== null ? `${Math.round(f.progress * 100)}%` : formatSize(f.file.size)}</span>
                {f.progress !== null && !f.failed ? (
                  <progress className="h-1 w-12" max={1} value={f.progress} aria-label={`Uploading ${f.file.name}`} />
                ) : null}
                <button type="button" disabled={busy} aria-label={`Remove ${f.file.name}`} onClick={() => setFiles((list) => list.filter((x) => x.key !== f.key))} className="rounded p-0.5 text-slate-500 hover:bg-slate-200 disabled:opacity-50">
                  ×
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <form
          className="flex items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <input ref={fileRef} id={`${inputId}-file`} aria-label="Files to attach" type="file" accept={ACCEPT} multiple className="sr-only" tabIndex={-1} onChange={(e) => addFiles(e.target.files)} />
          <Button type="button" variant="secondary" size="icon" aria-label="Attach a file" disabled={busy || files.length >= CHAT_ATTACHMENTS_MAX} onClick={() => fileRef.current?.click()}>
            <svg viewBox="0 0 20 20" fill="currentColor" className="size-5" aria-hidden="true">
              <path fillRule="evenodd" d="M15.621 4.379a3 3 0 0 0-4.242 0l-7 7a3 3 0 0 0 4.241 4.243h.001l.497-.5a.75.75 0 0 1 1.064 1.057l-.498.501-.002.002a4.5 4.5 0 0 1-6.364-6.364l7-7a4.5 4.5 0 0 1 6.368 6.36l-3.455 3.553A2.625 2.625 0 1 1 9.52 9.52l3.45-3.451a.75.75 0 1 1 1.061 1.06l-3.45 3.451a1.125 1.125 0 0 0 1.587 1.595l3.454-3.553a3 3 0 0 0 0-4.242Z" clipRule="evenodd" />
            </svg>
          </Button>
          <label htmlFor={inputId} className="sr-only">
            Message
          </label>
          <textarea
            ref={textRef}
            id={inputId}
            rows={2}
            value={text}
            autoFocus={autoFocus}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={onKeyDown}
            placeholder={structured ? "Free-form questions need a configured AI model…" : "Ask about your work… (Enter sends, Shift+Enter for a new line)"}
            className="max-h-40 min-h-10 flex-1 resize-none rounded-md border-0 px-3 py-2 text-sm text-slate-900 shadow-xs ring-1 ring-slate-300 ring-inset placeholder:text-slate-400 focus:ring-2 focus:ring-indigo-600 focus:outline-none"
          />
          <Button type="submit" disabled={!canSend} aria-label="Send">
            Send
          </Button>
        </form>
      </div>
    </div>
  );
}
