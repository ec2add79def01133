"use client";

import type { ReactNode } from "react";
import { Button } from "./button";
import { Dialog } from "./dialog";

interface ConfirmDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  /** The destructive button's label: the verb, as "Delete issue" or "Revoke key". */
  confirmLabel: string;
  onConfirm: () => void;
  /** The confirmed action is running: the button spins and refuses a second press. */
  pending?: boolean;
  size?: "sm" | "md";
  children?: ReactNode;
}

/** "Are you sure?" for a destructive action: Cancel, and a red button that says what it does. */
export function ConfirmDialog({ open, onClose, title, description, confirmLabel, onConfirm, pending = false, size = "sm", children }: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      description={description}
      size={size}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="destructive" isLoading={pending} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}
