"use client";

import { CloseButton, Dialog, DialogBackdrop, DialogPanel, DialogTitle } from "@headlessui/react";
import Link from "next/link";
import { useState } from "react";
import { ChatPanel } from "./chat-panel";

/**
 * The floating button's AI assistant (spec §2): a 600 px dialog, full screen on a phone.
 * Loaded with next/dynamic on first use, so the shell's bundle does not carry it; it stays
 * mounted afterwards, so closing and reopening keeps the conversation (and its session id).
 */
export default function AssistantDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [session, setSession] = useState<{ id: string; saved: boolean } | null>(null);
  const fullPage = session?.saved ? `/agent-discussion/${session.id}` : "/agent-discussion/new";

  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      <DialogBackdrop className="fixed inset-0 bg-slate-900/40 transition-opacity duration-200 starting:opacity-0" />
      <div className="fixed inset-0 flex items-stretch justify-center sm:items-center sm:p-4">
        <DialogPanel
          className="flex h-dvh w-full flex-col overflow-hidden bg-white shadow-xl transition duration-200 starting:opacity-0 sm:h-[600px] sm:max-w-xl sm:rounded-xl sm:starting:scale-95"
        >
          <div className="flex items-center gap-3 border-b border-slate-200 px-4 py-3">
            <DialogTitle className="flex-1 text-base font-semibold text-slate-900">AI Assistant</DialogTitle>
            <Link href={fullPage} onClick={onClose} className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline">
              Open as full page
            </Link>
            <CloseButton aria-label="Close" className="rounded-md p-1 text-slate-400 hover:bg-slate-100 hover:text-slate-600 focus-visible:outline-2 focus-visible:outline-indigo-600">
              <svg className="size-5" viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
                <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
              </svg>
            </CloseButton>
          </div>
          <div className="min-h-0 flex-1">
            <ChatPanel onSession={setSession} autoFocus />
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
