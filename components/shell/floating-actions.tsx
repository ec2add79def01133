"use client";

import { useEffect, useState } from "react";
import dynamic from "next/dynamic";
import { usePathname } from "next/navigation";
import { CreateTaskDialog } from "@/components/tasks/create-task-dialog";
import { PlusIcon } from "./icons";
import { Tooltip } from "@/components/ui/tooltip";
import { useFirstUse } from "@/components/ui/first-use";
import { offlineSafe } from "@/components/ui/offline-safe";
import { useOpenedOnce } from "@/components/ui/use-opened-once";
import { useReturnFocus } from "@/components/ui/return-focus";
import type { QuickDialog } from "./quick-actions-menu";
import { isFloatingButtonPage } from "./floating-button-pages";
import { quickActionsButtonClass, quickActionsIconClass } from "./quick-actions-style";

// The assistant (markdown, action cards) and the feedback form (react-hook-form and zod, ~55 KB
// gzipped) load on first use: every signed-in page's first load stays without them.
const AssistantDialog = dynamic(offlineSafe(() => import("@/components/assistant/assistant-dialog").then((m) => m.default)), { ssr: false });
const ReportBetaIssueDialog = dynamic(offlineSafe(() => import("@/components/beta-issues/report-beta-issue-dialog").then((m) => m.ReportBetaIssueDialog)), { ssr: false });
const loadMenu = () => import("./quick-actions-menu").then((m) => m.QuickActionsMenu);

/**
 * The floating round button at the bottom right (signed-in only, spec §2): Create Task (the
 * task modal), Create Process (/workflow?create=true), Create Project (/projects?create=true),
 * the AI assistant chat dialog (components/assistant) and Report Beta Issue (the feedback dialog).
 * Its menu loads on first use (components/ui/first-use). Where it never shows: see `isFloatingButtonPage`.
 * While a dialog is open, or while the person writes in a text area or the editor, it fades out
 * and lets clicks through (`useCovered`), so it never covers a dialog's Cancel or a comment's Post.
 */
export function FloatingActions() {
  const pathname = usePathname();
  if (!isFloatingButtonPage(pathname)) return null;
  return <FloatingActionsButton />;
}

const DIALOG_SELECTOR = '[role="dialog"], [role="alertdialog"]';
/** Where a person writes more than a word: a comment or a description. Search boxes and one-line fields don't count (the button would flicker as focus passes through them). */
const WRITING_SELECTOR = 'textarea, [contenteditable="true"]';

/**
 * True while any dialog (a form in a dialog, a confirmation, the slide-out menu) is on the page,
 * or while the person is writing in a text area or the rich-text editor, whose Post or Save the
 * button would otherwise sit over on a phone.
 */
function useCovered(): boolean {
  const [covered, setCovered] = useState(false);
  useEffect(() => {
    let pointerDown = false;
    const check = () => {
      const writing = document.activeElement instanceof HTMLElement && document.activeElement.closest(WRITING_SELECTOR) !== null;
      const now = writing || document.querySelector(DIALOG_SELECTOR) !== null;
      // Coming back waits for the pointer to lift: a tap on Post that moved focus out of the editor
      // must end on Post, not on the button reappearing under the finger.
      if (now || !pointerDown) setCovered(now);
    };
    // After the event: while focusout runs, the element taking focus is not yet document.activeElement.
    const checkSoon = () => setTimeout(check, 0);
    const down = () => (pointerDown = true);
    const up = () => {
      pointerDown = false;
      checkSoon();
    };
    check();
    // Dialogs mount in portals at the end of <body>; the subtree covers panels opened inside the page too.
    const observer = new MutationObserver(check);
    observer.observe(document.body, { childList: true, subtree: true });
    const listeners = [["focusin", checkSoon], ["focusout", checkSoon], ["pointerdown", down], ["pointerup", up], ["pointercancel", up]] as const;
    for (const [type, listener] of listeners) document.addEventListener(type, listener, true);
    return () => {
      observer.disconnect();
      for (const [type, listener] of listeners) document.removeEventListener(type, listener, true);
    };
  }, []);
  return covered;
}

function FloatingActionsButton() {
  const [open, setOpen] = useState<QuickDialog | null>(null);
  const { real: QuickActionsMenu, handoff, standInProps } = useFirstUse(loadMenu);
  // Their chunks load on first open; once opened they stay mounted, so the feedback dialog keeps
  // its draft when closed. (The task dialog's Dialog does the same by itself.)
  const assistantOpened = useOpenedOnce(open === "assistant");
  const betaFormOpened = useOpenedOnce(open === "beta");
  // The assistant is Headless UI's own Dialog (the others are ./dialog, which does this itself).
  useReturnFocus(open === "assistant");
  const close = () => setOpen(null);

  // Faded, not removed: focus can still return to it when its own dialog closes.
  const covered = useCovered();

  return (
    <>
      <div data-testid="quick-actions" data-covered={covered || undefined} className="transition-opacity duration-150 data-covered:pointer-events-none data-covered:opacity-0">
        {QuickActionsMenu ? (
          <QuickActionsMenu onChoose={setOpen} handoff={handoff} />
        ) : (
          <Tooltip content="Quick actions" side="left">
            <button type="button" aria-label="Quick actions" aria-haspopup="menu" aria-expanded="false" className={quickActionsButtonClass} {...standInProps}>
              <PlusIcon className={quickActionsIconClass} />
            </button>
          </Tooltip>
        )}
      </div>

      <CreateTaskDialog open={open === "task"} onClose={close} />
      {assistantOpened ? <AssistantDialog open={open === "assistant"} onClose={close} /> : null}
      {betaFormOpened ? <ReportBetaIssueDialog open={open === "beta"} onClose={close} /> : null}
    </>
  );
}
