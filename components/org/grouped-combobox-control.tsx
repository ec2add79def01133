"use client";

import { Combobox, ComboboxButton, ComboboxInput, ComboboxOption, ComboboxOptions } from "@headlessui/react";
import { Fragment, useMemo, useRef, useState } from "react";
import { cn } from "@/components/ui/cn";
import { fieldClasses } from "@/components/ui/input";
import { useHandoff, type Handoff } from "@/components/ui/first-use";
import { ChevronIcon, ClearButton, chevronButtonClass } from "./combobox-stand-in";
import { visibleOptions } from "./combobox-options";
import type { ComboOption, GroupedComboboxProps } from "./grouped-combobox";
import { formatCount } from "@/lib/numbers";

/** The real `GroupedCombobox` (Headless UI's Combobox: arrow keys, Enter, Escape, screen-reader roles), loaded on first use. */
export function ComboboxControl({
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
  actions = [],
  handoff,
  ...rest
}: GroupedComboboxProps & { handoff: Handoff | null }) {
  const [query, setQuery] = useState("");
  const input = useRef<HTMLInputElement>(null);
  useHandoff(input, handoff);
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
        const action = option ? actions.find((a) => actionValue(a) === option.value) : undefined;
        if (action) action.onSelect();
        else onChange(option?.value ?? null);
        setQuery("");
      }}
      onClose={() => setQuery("")}
    >
      <div className="relative">
        <ComboboxInput
          ref={input}
          id={id}
          aria-label={rest["aria-label"]}
          aria-invalid={invalid || undefined}
          autoComplete="off"
          placeholder={placeholder}
          className={cn(fieldClasses, "h-10", clearable && selected ? "pr-16" : "pr-9")}
          displayValue={(option: ComboOption | null) => (resetOnSelect ? "" : (option?.label ?? ""))}
          onChange={(event) => setQuery(event.target.value)}
        />
        {clearable && selected && !disabled && <ClearButton label={clearLabel} onClear={() => onChange(null)} />}
        <ComboboxButton className={chevronButtonClass} aria-label="Show options">
          <ChevronIcon />
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
            Showing {shown} of {formatCount(matched)}. Type to narrow the list.
          </div>
        )}
        {actions.length > 0 && <div role="presentation" className="my-1 border-t border-slate-100" />}
        {actions.map((action) => (
          <ComboboxOption
            key={action.id}
            value={{ value: actionValue(action), label: action.label }}
            className="cursor-pointer rounded-md px-2 py-1.5 text-xs font-medium text-indigo-700 select-none data-focus:bg-indigo-50"
          >
            {action.label}
          </ComboboxOption>
        ))}
      </ComboboxOptions>
    </Combobox>
  );
}

/** An action's option value, apart from any real value (ids are uuids). */
const actionValue = (action: { id: string }) => `action:${action.id}`;
