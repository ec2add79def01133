"use client";

import { Tooltip } from "@/components/ui/tooltip";
import { ariaKeyShortcuts, keyCaps } from "@/lib/shortcuts/table";
import { runShortcut } from "./registry";
import { useIsMac } from "./use-is-mac";

/** The header's way into the command palette, for a mouse or a phone (the keyboard has Ctrl/⌘-K). */
export function PaletteButton() {
  const mac = useIsMac();
  return (
    <Tooltip content={`Search and commands (${keyCaps("palette.open", { mac })[0]})`}>
      <button
        type="button"
        onClick={() => runShortcut("palette.open")}
        aria-label="Search and commands"
        aria-haspopup="dialog"
        aria-keyshortcuts={ariaKeyShortcuts("palette.open")}
        data-testid="palette-button"
        className="rounded-md p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
      >
        <svg className="size-5" viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
          <path fillRule="evenodd" d="M9 3.5a5.5 5.5 0 1 0 0 11 5.5 5.5 0 0 0 0-11ZM2 9a7 7 0 1 1 12.45 4.39l3.08 3.08a.75.75 0 1 1-1.06 1.06l-3.08-3.08A7 7 0 0 1 2 9Z" clipRule="evenodd" />
        </svg>
      </button>
    </Tooltip>
  );
}
