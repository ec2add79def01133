"use client";

import { useRef } from "react";
import { cn } from "@/components/ui/cn";
import { useHandoff, type Handoff } from "@/components/ui/first-use";
import { fieldClasses } from "@/components/ui/input";
import { Tooltip } from "@/components/ui/tooltip";

/** Empties the value; shared by the stand-in and the real control. */
export function ClearButton({ label, onClear }: { label: string; onClear: () => void }) {
  return (
    <Tooltip content={label}>
      <button
        type="button"
        aria-label={label}
        onClick={onClear}
        className="absolute top-1/2 right-8 -translate-y-1/2 rounded p-1 text-slate-400 hover:text-slate-600 focus-visible:outline-2 focus-visible:outline-indigo-600"
      >
        <svg className="size-4" viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
          <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
        </svg>
      </button>
    </Tooltip>
  );
}

export const chevronButtonClass = "absolute inset-y-0 right-0 flex items-center px-2.5 text-slate-500";

export function ChevronIcon() {
  return (
    <svg className="size-4" viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
      <path
        fillRule="evenodd"
        d="M5.22 8.22a.75.75 0 0 1 1.06 0L10 11.94l3.72-3.72a.75.75 0 1 1 1.06 1.06l-4.25 4.25a.75.75 0 0 1-1.06 0L5.22 9.28a.75.75 0 0 1 0-1.06Z"
        clipRule="evenodd"
      />
    </svg>
  );
}

/** What `useFirstUse` gives a stand-in to spread on the element it stands for. */
type StandInProps = Record<string, unknown> & { ref: (node: HTMLElement | null) => void };

/**
 * A combobox before first use: a plain input of the real one's look and role, with its chevron
 * (and clear button). Focusing, hovering or pressing it loads the real control (the spread
 * `standInProps`). `handoff`: an outer stand-in was used first, so this one takes its focus
 * and text at once and passes them on in turn.
 */
export function ComboboxStandIn({
  id,
  "aria-label": ariaLabel,
  invalid = false,
  disabled = false,
  placeholder,
  text = "",
  clear = null,
  standInProps,
  handoff,
}: {
  id?: string;
  "aria-label"?: string;
  invalid?: boolean;
  disabled?: boolean;
  placeholder: string;
  text?: string;
  clear?: { label: string; onClear: () => void } | null;
  standInProps: StandInProps;
  handoff?: Handoff | null;
}) {
  const input = useRef<HTMLInputElement | null>(null);
  useHandoff(input, handoff);
  const { ref: standInRef, ...events } = standInProps;
  return (
    <div className="relative">
      <input
        ref={(node) => {
          input.current = node;
          standInRef(node);
        }}
        id={id}
        // No aria-controls: the list does not exist until first use (Headless UI's input omits it while closed too).
        // eslint-disable-next-line jsx-a11y/role-has-required-aria-props
        role="combobox"
        aria-expanded="false"
        aria-autocomplete="list"
        aria-label={ariaLabel}
        aria-invalid={invalid || undefined}
        autoComplete="off"
        disabled={disabled}
        placeholder={placeholder}
        defaultValue={text}
        className={cn(fieldClasses, "h-10", clear ? "pr-16" : "pr-9")}
        {...events}
      />
      {clear && <ClearButton label={clear.label} onClear={clear.onClear} />}
      <button
        type="button"
        tabIndex={-1}
        aria-label="Show options"
        disabled={disabled}
        // The real button opens the list and leaves focus in the input: focusing the input does both here.
        onPointerDown={(event) => event.preventDefault()}
        onClick={(event) => (event.currentTarget.parentElement?.querySelector("input") as HTMLInputElement | null)?.focus()}
        className={chevronButtonClass}
      >
        <ChevronIcon />
      </button>
    </div>
  );
}
