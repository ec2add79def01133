"use client";

import { useState } from "react";
import Link from "next/link";
import dynamic from "next/dynamic";
import { Menu, MenuButton, MenuItem, MenuItems } from "@headlessui/react";
import { CreateTaskDialog } from "@/components/tasks/create-task-dialog";
import { BugIcon, PlusIcon, ProcessIcon, ProjectIcon, SparkleIcon, TaskIcon } from "./icons";
import { Tooltip } from "@/components/ui/tooltip";
import { useOpenedOnce } from "@/components/ui/use-opened-once";

// The assistant (markdown, action cards) and the feedback form (react-hook-form and zod, ~55 KB
// gzipped) load on first use: every signed-in page's first load stays without them.
const AssistantDialog = dynamic(() => import("@/components/assistant/assistant-dialog"), { ssr: false });
const ReportBetaIssueDialog = dynamic(() => import("@/components/beta-issues/report-beta-issue-dialog").then((m) => m.ReportBetaIssueDialog), { ssr: false });

type OpenDialog = "task" | "assistant" | "beta" | null;

const itemClass =
  "flex w-full items-center gap-3 rounded-md px-3 py-2.5 text-left text-sm font-medium text-slate-700 data-focus:bg-slate-100 data-focus:text-slate-900";

/**
 * The floating round button at the bottom right (signed-in only, spec §2): Create Task (the
 * task modal), Create Process (/workflow?create=true), Create Project (/projects?create=true),
 * the AI assistant chat dialog (components/assistant) and Report Beta Issue (the feedback dialog).
 */
export function FloatingActions() {
  const [open, setOpen] = useState<OpenDialog>(null);
  // Their chunks load on first open; once opened they stay mounted, so the feedback dialog keeps
  // its draft when closed. (The task dialog's Dialog does the same by itself.)
  const assistantOpened = useOpenedOnce(open === "assistant");
  const betaFormOpened = useOpenedOnce(open === "beta");
  const close = () => setOpen(null);
  // Headless UI's Menu gives focus back to its button two animation frames after an item is
  // chosen, unless something focusable has it by then. A dialog opened in the same click may
  // not have moved focus in yet, so the button took it and Escape no longer reached the
  // dialog. Opening one frame later lets the Menu finish first; the dialog then takes focus
  // and gives it back to the button when it closes.
  const openAfterMenu = (dialog: OpenDialog) => requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(() => setOpen(dialog))));

  return (
    <>
      <Menu>
        <Tooltip content="Quick actions" side="left">
          <MenuButton
            aria-label="Quick actions"
            className="group fixed bottom-5 right-5 z-30 inline-flex size-14 items-center justify-center rounded-full bg-brand-600 text-white shadow-lg shadow-brand-600/30 transition hover:bg-brand-700 focus:outline-none focus-visible:ring-4 focus-visible:ring-brand-500/40 data-open:bg-brand-700 sm:bottom-6 sm:right-6"
          >
            <PlusIcon className="size-7 transition-transform duration-200 group-data-open:rotate-45" />
          </MenuButton>
        </Tooltip>
        <MenuItems
          anchor={{ to: "top end", gap: 12 }}
          transition
          className="z-40 w-60 origin-bottom-right rounded-xl border border-slate-200 bg-white p-1.5 shadow-xl focus:outline-none transition duration-150 ease-out data-closed:scale-95 data-closed:opacity-0"
        >
          <MenuItem>
            <button type="button" className={itemClass} onClick={() => openAfterMenu("task")}>
              <TaskIcon className="size-5 text-brand-600" />
              Create Task
            </button>
          </MenuItem>
          <MenuItem>
            <Link href="/workflow?create=true" className={itemClass}>
              <ProcessIcon className="size-5 text-brand-600" />
              Create Process
            </Link>
          </MenuItem>
          <MenuItem>
            <Link href="/projects?create=true" className={itemClass}>
              <ProjectIcon className="size-5 text-brand-600" />
              Create Project
            </Link>
          </MenuItem>
          <MenuItem>
            <button type="button" className={itemClass} onClick={() => openAfterMenu("assistant")}>
              <SparkleIcon className="size-5 text-brand-600" />
              AI Assistant
            </button>
          </MenuItem>
          <MenuItem>
            <button type="button" className={itemClass} onClick={() => openAfterMenu("beta")}>
              <BugIcon className="size-5 text-brand-600" />
              Report Beta Issue
            </button>
          </MenuItem>
        </MenuItems>
      </Menu>

      <CreateTaskDialog open={open === "task"} onClose={close} />
      {assistantOpened ? <AssistantDialog open={open === "assistant"} onClose={close} /> : null}
      {betaFormOpened ? <ReportBetaIssueDialog open={open === "beta"} onClose={close} /> : null}
    </>
  );
}
