"use client";

import { useState } from "react";
import Link from "next/link";
import { Menu, MenuButton, MenuItem, MenuItems } from "@headlessui/react";
import { CreateTaskDialog } from "@/components/tasks/create-task-dialog";
import { ComingSoonDialog } from "./coming-soon-dialog";
import { BugIcon, PlusIcon, ProcessIcon, ProjectIcon, SparkleIcon, TaskIcon } from "./icons";

type OpenDialog = "task" | "assistant" | "beta" | null;

const itemClass =
  "flex w-full items-center gap-3 rounded-md px-3 py-2.5 text-left text-sm font-medium text-slate-700 data-focus:bg-slate-100 data-focus:text-slate-900";

/**
 * The floating round button at the bottom right (signed-in only, spec §2): Create Task (the
 * task modal), Create Process (/workflow?create=true), Create Project (/projects?create=true),
 * the AI assistant and Report Beta Issue. The last two belong to later issues and say so.
 */
export function FloatingActions() {
  const [open, setOpen] = useState<OpenDialog>(null);
  // The task form loads departments and members: mount it on first use, then keep it (close animation).
  const [taskFormUsed, setTaskFormUsed] = useState(false);
  const close = () => setOpen(null);

  return (
    <>
      <Menu>
        <MenuButton
          aria-label="Quick actions"
          title="Quick actions"
          className="group fixed bottom-5 right-5 z-30 inline-flex size-14 items-center justify-center rounded-full bg-brand-600 text-white shadow-lg shadow-brand-600/30 transition hover:bg-brand-700 focus:outline-none focus-visible:ring-4 focus-visible:ring-brand-500/40 data-open:bg-brand-700 sm:bottom-6 sm:right-6"
        >
          <PlusIcon className="size-7 transition-transform duration-200 group-data-open:rotate-45" />
        </MenuButton>
        <MenuItems
          anchor={{ to: "top end", gap: 12 }}
          transition
          className="z-40 w-60 origin-bottom-right rounded-xl border border-slate-200 bg-white p-1.5 shadow-xl focus:outline-none transition duration-150 ease-out data-closed:scale-95 data-closed:opacity-0"
        >
          <MenuItem>
            <button type="button" className={itemClass} onClick={() => {
                setTaskFormUsed(true);
                setOpen("task");
              }}>
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
            <button type="button" className={itemClass} onClick={() => setOpen("assistant")}>
              <SparkleIcon className="size-5 text-brand-600" />
              AI Assistant
            </button>
          </MenuItem>
          <MenuItem>
            <button type="button" className={itemClass} onClick={() => setOpen("beta")}>
              <BugIcon className="size-5 text-brand-600" />
              Report Beta Issue
            </button>
          </MenuItem>
        </MenuItems>
      </Menu>

      {taskFormUsed ? <CreateTaskDialog open={open === "task"} onClose={close} /> : null}
      <ComingSoonDialog
        open={open === "assistant"}
        onClose={close}
        title="AI Assistant"
        body="The AI assistant chat is not available yet. It is planned for a later release of BFS Tasks; until then, ask your administrator or a teammate."
      />
      <ComingSoonDialog
        open={open === "beta"}
        onClose={close}
        title="Report Beta Issue"
        body="Beta feedback can't be submitted from here yet. The feedback form arrives in a later release; until then, please tell your administrator about the problem."
      />
    </>
  );
}
