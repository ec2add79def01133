"use client";

import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";

/** An honest "not yet" for actions whose feature belongs to a later issue. */
export function ComingSoonDialog({ open, onClose, title, body }: { open: boolean; onClose: () => void; title: string; body: string }) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      size="sm"
      footer={
        <Button onClick={onClose} autoFocus>
          Got it
        </Button>
      }
    >
      <Badge variant="warning">Coming soon</Badge>
      <p className="mt-3 text-sm text-slate-600">{body}</p>
    </Dialog>
  );
}
