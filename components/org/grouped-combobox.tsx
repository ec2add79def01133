"use client";

import { useMemo, type ReactNode } from "react";
import { cn } from "@/components/ui/cn";
import { fieldClasses } from "@/components/ui/input";
import { Tooltip } from "@/components/ui/tooltip";
import { useFirstUse } from "@/components/ui/first-use";

export interface ComboOption {
  value: string;
  label: string;
  /** Extra text matched by type-ahead but not shown (e.g. a hidden unit number). */
  search?: string;
  hint?: ReactNode;
}

export interface ComboGroup {
  group: string;
  options: ComboOption[];
}

export interface GroupedComboboxProps {
  id?: string;
  value: string | null;
  onChange: (value: string | null) => void;
  groups: ComboGroup[];
  placeholder: string;
  invalid?: boolean;
  disabled?: boolean;
  /** Shows a clear button while a value is chosen. */
  clearable?: boolean;
  clearLabel?: string;
  "aria-label"?: string;
  /** Clears the text after a choice (an "add" box rather than a value field). */
  resetOnSelect?: boolean;
  noMatchText?: string;
  /**
   * Commands listed after the options in the picker's own menu (e.g. "Hide numbers"): chosen
   * like an option (arrow keys, Enter, a click), they run instead of changing the value.
   */
  actions?: ComboAction[];
}

export interface ComboAction {
  id: string;
  label: string;
  onSelect: () => void;
}

const matches = (option: ComboOption, words: string[]) => {
  const haystack = `${option.label} ${option.search ?? ""}`.toLowerCase();
  return words.every((w) => haystack.includes(w));
};

/**
 * The most options the list renders at once. A large organization has thousands of members and
 * units, and rendering them all froze the page for seconds on every open; past the cap the list
 * says how many more match and the user types to narrow it.
 */
export const COMBOBOX_OPTION_LIMIT = 50;

/** The groups' matching options, cut at `limit` in order, and how many matched in all. */
export function visibleOptions(groups: ComboGroup[], query: string, limit = COMBOBOX_OPTION_LIMIT): { groups: ComboGroup[]; matched: number; shown: number } {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const shownGroups: ComboGroup[] = [];
  let matched = 0;
  let shown = 0;
  for (const g of groups) {
    const hits = g.options.filter((o) => matches(o, words));
    matched += hits.length;
    const room = Math.max(0, limit - shown);
    if (room > 0 && hits.length > 0) {
      const kept = hits.slice(0, room);
      shownGroups.push({ group: g.group, options: kept });
      shown += kept.length;
    }
  }
  return { groups: shownGroups, matched, shown };
}

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

const loadControl = () => import("./grouped-combobox-control").then((m) => m.ComboboxControl);

/**
 * A type-ahead select with group headings, shared by the department, assignee and team
 * pickers. Until first use it is a plain input of the same look and role; focusing it loads
 * Headless UI's Combobox (components/ui/first-use), which takes over the focus and any typed text.
 */
export function GroupedCombobox(props: GroupedComboboxProps) {
  const { real: ComboboxControl, handoff, standInProps } = useFirstUse(loadControl);
  const { id, value, groups, placeholder, invalid = false, disabled = false, clearable = false, clearLabel = "Clear", resetOnSelect = false, onChange } = props;
  const selected = useMemo(() => groups.flatMap((g) => g.options).find((o) => o.value === value) ?? null, [groups, value]);
  if (ComboboxControl) return <ComboboxControl {...props} handoff={handoff} />;
  const showClear = clearable && selected && !disabled;
  return (
    <div className="relative">
      <input
        // A new value (a clear, say) renews the untouched text.
        key={selected?.value ?? ""}
        id={id}
        // No aria-controls: the list does not exist until first use (Headless UI's input omits it while closed too).
        // eslint-disable-next-line jsx-a11y/role-has-required-aria-props
        role="combobox"
        aria-expanded="false"
        aria-autocomplete="list"
        aria-label={props["aria-label"]}
        aria-invalid={invalid || undefined}
        autoComplete="off"
        disabled={disabled}
        placeholder={placeholder}
        defaultValue={resetOnSelect ? "" : (selected?.label ?? "")}
        className={cn(fieldClasses, "h-10", showClear ? "pr-16" : "pr-9")}
        {...standInProps}
      />
      {showClear && <ClearButton label={clearLabel} onClear={() => onChange(null)} />}
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
