"use client";

import { useMemo, type ReactNode } from "react";
import { useFirstUse, type Handoff } from "@/components/ui/first-use";
import { ComboboxStandIn } from "./combobox-stand-in";

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
  /** A stand-in of this picker's own (e.g. ./department-filter.tsx) was used: its focus and text go on here. */
  handoff?: Handoff | null;
}

export interface ComboAction {
  id: string;
  label: string;
  onSelect: () => void;
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
  return (
    <ComboboxStandIn
      // A new value (a clear, say) renews the untouched text.
      key={selected?.value ?? ""}
      id={id}
      aria-label={props["aria-label"]}
      invalid={invalid}
      disabled={disabled}
      placeholder={placeholder}
      text={resetOnSelect ? "" : (selected?.label ?? "")}
      clear={clearable && selected && !disabled ? { label: clearLabel, onClear: () => onChange(null) } : null}
      standInProps={standInProps}
      handoff={props.handoff}
    />
  );
}
