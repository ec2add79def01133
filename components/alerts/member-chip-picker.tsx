"use client";

import { useId, useState, type InputHTMLAttributes } from "react";

export interface PickerOption {
  id: string;
  label: string;
}

/**
 * Several members, chosen with a thumb: the chosen ones are chips (× removes one), a search box
 * filters the rest, and a tap on a match adds it. Replaces a native multi-select that needed
 * Ctrl/⌘-click. Keyboard: type, ArrowDown/ArrowUp through the matches, Enter adds, Backspace in
 * the empty box removes the last chip.
 */
export function MemberChipPicker({
  value,
  onChange,
  options,
  inputProps,
  placeholder = "Search members",
}: {
  value: string[];
  onChange: (ids: string[]) => void;
  options: PickerOption[];
  /** The field's control props (id, aria-describedby, aria-invalid) for the search box. */
  inputProps?: InputHTMLAttributes<HTMLInputElement>;
  placeholder?: string;
}) {
  const [query, setQuery] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const listId = useId();
  const byId = new Map(options.map((o) => [o.id, o]));
  const q = query.trim().toLowerCase();
  const matches = options.filter((o) => !value.includes(o.id) && (!q || o.label.toLowerCase().includes(q))).slice(0, 50);

  const add = (id: string) => {
    onChange([...value, id]);
    setQuery("");
    setActive(0);
  };
  const remove = (id: string) => onChange(value.filter((v) => v !== id));

  return (
    <div className="space-y-2" data-testid="chip-picker">
      {value.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label="Chosen">
          {value.map((id) => {
            const label = byId.get(id)?.label ?? "Unknown member";
            return (
              <li key={id} className="flex items-center rounded-full bg-indigo-50 pl-3 text-sm text-indigo-900 ring-1 ring-indigo-200">
                {label}
                <button
                  type="button"
                  className="ml-1 flex size-9 items-center justify-center rounded-full text-indigo-700 hover:bg-indigo-100 focus-visible:outline-2 focus-visible:outline-indigo-600"
                  aria-label={`Remove ${label}`}
                  onClick={() => remove(id)}
                >
                  ×
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <div className="relative">
        <input
          {...inputProps}
          type="search"
          role="combobox"
          aria-expanded={open && matches.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          autoComplete="off"
          className="block h-11 w-full rounded-md border border-slate-300 bg-white px-3 text-base sm:text-sm"
          placeholder={placeholder}
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setOpen(true);
            setActive(0);
          }}
          onFocus={() => setOpen(true)}
          // The list keeps the focus here (a press on it does not blur), so leaving closes it.
          onBlur={() => setOpen(false)}
          onKeyDown={(e) => {
            if (e.key === "ArrowDown") {
              e.preventDefault();
              setOpen(true);
              setActive((a) => Math.min(a + 1, matches.length - 1));
            } else if (e.key === "ArrowUp") {
              e.preventDefault();
              setActive((a) => Math.max(a - 1, 0));
            } else if (e.key === "Enter" && open && matches[active]) {
              e.preventDefault();
              add(matches[active].id);
            } else if (e.key === "Escape") {
              setOpen(false);
            } else if (e.key === "Backspace" && !query && value.length) {
              remove(value[value.length - 1]);
            }
          }}
        />
        {/* Over the fields below, not between them: an inline list that opened and closed re-centred
            the dialog, moving its buttons under a pointer already on its way to them. */}
        {open && matches.length > 0 && (
          <ul id={listId} role="listbox" onMouseDown={(e) => e.preventDefault()} className="absolute inset-x-0 top-full z-10 mt-1 max-h-56 overflow-y-auto rounded-md border border-slate-200 bg-white py-1 shadow-lg">
            {matches.map((o, i) => (
              <li
                key={o.id}
                role="option"
                aria-selected={i === active}
                className={`flex min-h-11 cursor-pointer items-center px-3 text-sm ${i === active ? "bg-indigo-50 text-indigo-900" : "text-slate-800"}`}
                onClick={() => add(o.id)}
              >
                {o.label}
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
