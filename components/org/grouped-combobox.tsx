"use client";

import { Combobox, ComboboxButton, ComboboxInput, ComboboxOption, ComboboxOptions } from "@headlessui/react";
import { Fragment, useMemo, useState, type ReactNode } from "react";
import { twMerge } from "tailwind-merge";
import { fieldClasses } from "@/components/ui/input";
import { Tooltip } from "@/components/ui/tooltip";

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

interface GroupedComboboxProps {
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

/**
 * A type-ahead select with group headings (Headless UI's Combobox: arrow keys, Enter, Escape,
 * screen-reader roles). Shared by the department, assignee and team pickers.
 */
export function GroupedCombobox({
  id,
  value,
  onChange,
  groups,
  placeholder,
  invalid = false,
  disabled = false,
  clearable = false,
  clearLabel = "Clear",
  resetOnSelect = false,
  noMatchText = "No matches",
  ...rest
}: GroupedComboboxProps) {
  const [query, setQuery] = useState("");
  const all = useMemo(() => groups.flatMap((g) => g.options), [groups]);
  const selected = useMemo(() => all.find((o) => o.value === value) ?? null, [all, value]);
  const { groups: visible, matched, shown } = useMemo(() => visibleOptions(groups, query), [groups, query]);

  return (
    <Combobox
      value={selected}
      by="value"
      immediate
      disabled={disabled}
      onChange={(option: ComboOption | null) => {
        onChange(option?.value ?? null);
        setQuery("");
      }}
      onClose={() => setQuery("")}
    >
      <div className="relative">
        <ComboboxInput
          id={id}
          aria-label={rest["aria-label"]}
          aria-invalid={invalid || undefined}
          autoComplete="off"
          placeholder={placeholder}
          className={twMerge(fieldClasses, "h-10", clearable && selected ? "pr-16" : "pr-9")}
          displayValue={(option: ComboOption | null) => (resetOnSelect ? "" : (option?.label ?? ""))}
          onChange={(event) => setQuery(event.target.value)}
        />
        {clearable && selected && !disabled && (
          <Tooltip content={clearLabel}>
            <button
              type="button"
              aria-label={clearLabel}
              onClick={() => onChange(null)}
              className="absolute top-1/2 right-8 -translate-y-1/2 rounded p-1 text-slate-400 hover:text-slate-600 focus-visible:outline-2 focus-visible:outline-indigo-600"
            >
              <svg className="size-4" viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
                <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
              </svg>
            </button>
          </Tooltip>
        )}
        <ComboboxButton className="absolute inset-y-0 right-0 flex items-center px-2.5 text-slate-500" aria-label="Show options">
          <svg className="size-4" viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
            <path
              fillRule="evenodd"
              d="M5.22 8.22a.75.75 0 0 1 1.06 0L10 11.94l3.72-3.72a.75.75 0 1 1 1.06 1.06l-4.25 4.25a.75.75 0 0 1-1.06 0L5.22 9.28a.75.75 0 0 1 0-1.06Z"
              clipRule="evenodd"
            />
          </svg>
        </ComboboxButton>
      </div>
      <ComboboxOptions
        anchor={{ to: "bottom start", gap: 4 }}
        className="z-[70] max-h-72 w-(--input-width) min-w-64 overflow-y-auto rounded-lg bg-white p-1 text-sm shadow-lg ring-1 ring-slate-900/10 empty:invisible"
      >
        {visible.length === 0 && <div className="px-3 py-2 text-slate-500">{noMatchText}</div>}
        {visible.map((g) => (
          <Fragment key={g.group}>
            <div role="presentation" className="px-2 pt-2 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">
              {g.group}
            </div>
            {g.options.map((option) => (
              <ComboboxOption
                key={option.value}
                value={option}
                className="flex cursor-pointer items-center justify-between gap-2 rounded-md px-2 py-1.5 text-slate-900 select-none data-focus:bg-indigo-50 data-focus:text-indigo-900 data-selected:font-semibold"
              >
                <span className="truncate">{option.label}</span>
                {option.hint && <span className="shrink-0 text-xs text-slate-500">{option.hint}</span>}
              </ComboboxOption>
            ))}
          </Fragment>
        ))}
        {matched > shown && (
          <div role="presentation" className="px-3 py-2 text-xs text-slate-500">
            Showing {shown} of {matched.toLocaleString("en-US")}. Type to narrow the list.
          </div>
        )}
      </ComboboxOptions>
    </Combobox>
  );
}
