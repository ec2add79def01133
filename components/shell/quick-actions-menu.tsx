"use client";

import { useRef } from "react";
import Link from "next/link";
import { Menu, MenuButton, MenuItem, MenuItems } from "@headlessui/react";
import { Tooltip } from "@/components/ui/tooltip";
import { ariaKeyShortcuts } from "@/lib/shortcuts/table";
import { useHandoff, type Handoff } from "@/components/ui/first-use";
import { PlusIcon } from "./icons";
import { BugIcon, ProcessIcon, ProjectIcon, SparkleIcon, TaskIcon } from "./menu-icons";
import { quickActionsButtonClass, quickActionsIconClass } from "./quick-actions-style";

export type QuickDialog = "task" | "assistant" | "beta";

const itemClass =
  "flex w-full items-center gap-3 rounded-md px-3 py-2.5 text-left text-sm font-medium text-slate-700 data-focus:bg-slate-100 data-focus:text-slate-900";

/** The floating button's menu, loaded on first use by `FloatingActions`. */
export function QuickActionsMenu({ onChoose, handoff }: { onChoose: (dialog: QuickDialog) => void; handoff: Handoff | null }) {
  const button = useRef<HTMLButtonElement>(null);
  useHandoff(button, handoff);
  // Headless UI's Menu gives focus back to its button two animation frames after an item is
  // chosen, unless something focusable has it by then. A dialog opened in the same click may
  // not have moved focus in yet, so the button took it and Escape no longer reached the
  // dialog. Opening one frame later lets the Menu finish first; the dialog then takes focus
  // and gives it back to the button when it closes.
  const openAfterMenu = (dialog: QuickDialog) => requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(() => onChoose(dialog))));

  return (
    <Menu>
      <Tooltip content="Quick actions" side="left">
        <MenuButton ref={button} aria-label="Quick actions" className={quickActionsButtonClass}>
          <PlusIcon className={quickActionsIconClass} />
        </MenuButton>
      </Tooltip>
      <MenuItems
        anchor={{ to: "top end", gap: 12 }}
        className="z-40 w-60 origin-bottom-right rounded-xl border border-slate-200 bg-white p-1.5 shadow-xl focus:outline-none transition duration-150 ease-out starting:scale-95 starting:opacity-0"
      >
        <MenuItem>
          <button type="button" className={itemClass} onClick={() => openAfterMenu("task")} aria-keyshortcuts={ariaKeyShortcuts("task.new")}>
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
  );
}
