"use client";

import { useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { toast } from "@/components/ui/use-toast";

export interface CopyOnceField {
  /** The field's id and test id (`api-key-secret`, `webhook-secret`, `calendar-feed-https`). */
  id: string;
  label: string;
  value: string;
}

/**
 * The house's copy-once pattern: a credential (an API key, a webhook's signing secret, a calendar
 * feed's URL) shown this one time. Each value has its Copy button; Escape and the backdrop do not
 * close the dialog, only "I've stored it" does, so a stray click never loses the value.
 * Used by components/api-keys, components/webhooks and the calendar feeds (components/calendar).
 */
export function CopyOnceDialog({
  open,
  title,
  description,
  fields,
  onDone,
  children,
}: {
  open: boolean;
  title: string;
  description: string;
  fields: CopyOnceField[];
  onDone: () => void;
  /** A line on how to use it, under the values. */
  children?: ReactNode;
}) {
  const [copied, setCopied] = useState<string | null>(null);
  const copy = async (field: CopyOnceField) => {
    try {
      await navigator.clipboard.writeText(field.value);
      setCopied(field.id);
    } catch {
      toast({ title: "Copy failed", description: `Select the ${field.label.toLowerCase()} and copy it by hand.`, variant: "destructive" });
    }
  };
  return (
    <Dialog
      open={open}
      onClose={() => undefined}
      closeButton={false}
      title={title}
      description={description}
      footer={
        <Button
          onClick={() => {
            setCopied(null);
            onDone();
          }}
        >
          I&apos;ve stored it
        </Button>
      }
    >
      <div className="space-y-4">
        {fields.map((field) => (
          <div key={field.id} className="space-y-2">
            <label htmlFor={field.id} className="text-sm font-medium text-slate-900">
              {field.label}
            </label>
            <textarea
              id={field.id}
              readOnly
              rows={2}
              value={field.value}
              onFocus={(e) => e.currentTarget.select()}
              className="block w-full resize-none rounded-md border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm break-all text-slate-900"
              data-testid={field.id}
            />
            <div className="flex items-center gap-3">
              <Button variant="secondary" size="sm" onClick={() => copy(field)} aria-label={fields.length > 1 ? `Copy ${field.label}` : undefined}>
                Copy
              </Button>
              <span role="status" className="text-sm text-emerald-700">
                {copied === field.id ? "Copied to the clipboard" : ""}
              </span>
            </div>
          </div>
        ))}
        {children && <p className="text-sm text-slate-600">{children}</p>}
      </div>
    </Dialog>
  );
}
