"use client";

import { useState } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Select } from "@/components/ui/select";

const OVERLAPS = [
  { minutes: 60, label: "1 hour" },
  { minutes: 24 * 60, label: "24 hours" },
  { minutes: 7 * 24 * 60, label: "7 days" },
];

/**
 * Rolling a secret (an API key's, a webhook's signing secret): a new one replaces it, and the old
 * one keeps working for a chosen while (none, 1 hour, 24 hours, 7 days) so the other side can
 * switch over; confirmed like any consequential action (ConfirmDialog). The new secret is then
 * shown once (CopyOnceDialog).
 */
export function RollSecretDialog({
  open,
  title,
  description,
  keepsWorkingLabel,
  noneLabel,
  defaultMinutes,
  confirmLabel,
  pending,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  description: string;
  /** "Old key keeps working for". */
  keepsWorkingLabel: string;
  /** "None: the old key stops now". */
  noneLabel: string;
  defaultMinutes: number;
  confirmLabel: string;
  pending: boolean;
  onConfirm: (minutes: number) => void;
  onClose: () => void;
}) {
  const [minutes, setMinutes] = useState(defaultMinutes);
  return (
    <ConfirmDialog open={open} onClose={onClose} title={title} description={description} confirmLabel={confirmLabel} pending={pending} onConfirm={() => onConfirm(minutes)}>
      <label htmlFor="roll-secret-overlap" className="text-sm font-medium text-slate-900">
        {keepsWorkingLabel}
      </label>
      <div className="mt-1.5">
        <Select id="roll-secret-overlap" value={minutes} onChange={(e) => setMinutes(Number(e.target.value))}>
          {[{ minutes: 0, label: noneLabel }, ...OVERLAPS].map((o) => (
            <option key={o.minutes} value={o.minutes}>
              {o.label}
            </option>
          ))}
        </Select>
      </div>
    </ConfirmDialog>
  );
}
