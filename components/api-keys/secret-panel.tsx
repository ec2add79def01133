"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { toast } from "@/components/ui/use-toast";

/**
 * The secret, shown once: copy it, then confirm "I've stored it". Escape and the backdrop do not
 * close it; only the confirm does, so the secret is not lost by a stray click.
 */
export function SecretPanel({ secret, title, onDone }: { secret: string | null; title: string; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret ?? "");
      setCopied(true);
    } catch {
      toast({ title: "Copy failed", description: "Select the key and copy it by hand.", variant: "destructive" });
    }
  };
  return (
    <Dialog
      open={secret !== null}
      onClose={() => undefined}
      closeButton={false}
      title={title}
      description="Copy the key now. It is shown only this once; only its hash is stored."
      footer={
        <Button
          onClick={() => {
            setCopied(false);
            onDone();
          }}
        >
          I&apos;ve stored it
        </Button>
      }
    >
      <div className="space-y-3">
        <label htmlFor="api-key-secret" className="text-sm font-medium text-slate-900">
          API key
        </label>
        <textarea
          id="api-key-secret"
          readOnly
          rows={2}
          value={secret ?? ""}
          onFocus={(e) => e.currentTarget.select()}
          className="block w-full resize-none rounded-md border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm break-all text-slate-900"
          data-testid="api-key-secret"
        />
        <div className="flex items-center gap-3">
          <Button variant="secondary" size="sm" onClick={copy}>
            Copy
          </Button>
          <span role="status" className="text-sm text-emerald-700">
            {copied ? "Copied to the clipboard" : ""}
          </span>
        </div>
        <p className="text-sm text-slate-600">
          Send it as <code className="rounded bg-slate-100 px-1">Authorization: Bearer &lt;key&gt;</code>.
        </p>
      </div>
    </Dialog>
  );
}
