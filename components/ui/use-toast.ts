import { useSyncExternalStore } from "react";
import { getFriendlyError } from "@/lib/api-client";

export type ToastVariant = "default" | "destructive";

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

export interface ToastState extends ToastOptions {
  id: number;
  variant: ToastVariant;
  open: boolean;
}

/*
 * A store outside React so any module (mutation callbacks, the API client's
 * callers) can raise a toast; <Toaster /> subscribes to it.
 */
let current: ToastState | null = null;
let nextId = 1;
const listeners = new Set<() => void>();

function publish(next: ToastState | null): void {
  current = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Closes the toast with this id, or whichever toast is showing. */
export function dismissToast(id?: number): void {
  if (current?.open && (id === undefined || current.id === id)) publish({ ...current, open: false });
}

/** Shows a toast. Only one is visible at a time (spec §4): a new one replaces the old. */
export function toast({ title, description, variant = "default" }: ToastOptions): { id: number; dismiss: () => void } {
  const id = nextId++;
  publish({ id, title, description, variant, open: true });
  return { id, dismiss: () => dismissToast(id) };
}

/** Shows any thrown value as the spec's friendly, destructive toast (§8). */
export function toastError(error: unknown): { id: number; dismiss: () => void } {
  return toast({ ...getFriendlyError(error), variant: "destructive" });
}

/** The toast on screen (or just closed), read outside React. */
export function getCurrentToast(): ToastState | null {
  return current;
}

/** The toast to render; always none during server rendering. */
export function useToastState(): ToastState | null {
  return useSyncExternalStore(subscribe, getCurrentToast, () => null);
}
