"use client";

import { Input } from "@/components/ui/input";
import { normalizeTimeInput } from "@/lib/tasks/time-input";

/** H:MM or minutes (spec §5): only digits and a colon get in; 3-4 digits get their colon. */
export function TimeInput({ id, value, onChange, placeholder = "H:MM", invalid, describedBy, label }: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  invalid?: boolean;
  describedBy?: string;
  label?: string;
}) {
  return (
    <Input
      id={id}
      aria-label={label}
      inputMode="numeric"
      autoComplete="off"
      placeholder={placeholder}
      value={value}
      maxLength={5}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      onChange={(e) => onChange(normalizeTimeInput(e.target.value))}
      onPaste={(e) => {
        e.preventDefault();
        onChange(normalizeTimeInput(e.clipboardData.getData("text")));
      }}
    />
  );
}
