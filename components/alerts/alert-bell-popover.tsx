"use client";

import { useRef } from "react";
import { Popover, PopoverButton, PopoverPanel } from "@headlessui/react";
import { Tooltip } from "@/components/ui/tooltip";
import { useHandoff, type Handoff } from "@/components/ui/first-use";
import { AlertPanel } from "./alert-panel";
import { BellButtonFace, bellButtonClass } from "./alert-bell";

/** The bell's panel (Headless UI's Popover), loaded on first use by `AlertBell`. */
export function AlertBellPopover({ label, unread, handoff }: { label: string; unread: number; handoff: Handoff | null }) {
  const button = useRef<HTMLButtonElement>(null);
  useHandoff(button, handoff);
  return (
    <Popover className="relative">
      <Tooltip content="Alerts">
        <PopoverButton ref={button} className={bellButtonClass} aria-label={label} data-testid="alert-bell">
          <BellButtonFace unread={unread} />
        </PopoverButton>
      </Tooltip>
      <PopoverPanel
        anchor="bottom end"
        className="z-40 w-96 max-w-[calc(100vw-1rem)] rounded-lg border border-slate-200 bg-white shadow-lg [--anchor-gap:6px] focus:outline-none transition duration-100 ease-out starting:scale-95 starting:opacity-0"
      >
        {({ close }) => <AlertPanel onNavigate={() => close()} />}
      </PopoverPanel>
    </Popover>
  );
}
