import { useEffect, useSyncExternalStore } from "react";
import { connectionErrorOf, friendlyErrorSoon, serverMessageOf } from "@/lib/api-client";

export type ToastVariant = "default" | "destructive";

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** A link under the text, e.g. to the record just created. */
  link?: { label: string; href: string };
  /** A button under the text, e.g. "Undo" after a Gantt move; the toast closes when it is pressed. */
  action?: { label: string; onClick: () => void };
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
export function toast({ title, description, variant = "default", link, action }: ToastOptions): { id: number; dismiss: () => void } {
  const id = nextId++;
  publish({ id, title, description, variant, link, action, open: true });
  return { id, dismiss: () => dismissToast(id) };
}

export interface ToastErrorOptions {
  /**
   * The spec's "<title> with the server message" toasts (§8: "Login failed", "Error" on a task
   * save ...): this title, and the server's message or `fallback` as the description.
   */
  title: string;
  fallback?: string;
}

/**
 * The one way a failure reaches the user as a toast: the spec's friendly title and advice for
 * the error (§8), or, given a title, that title with the server's own message. A lost connection
 * shows at once; for an answer of the server, the table's module loads first (a moment, once:
 * it is not in every page's first load), so the toast follows when the returned promise settles.
 */
export function toastError(error: unknown, options?: ToastErrorOptions): Promise<void> {
  if (options) {
    toast({ title: options.title, description: serverMessageOf(error, options.fallback), variant: "destructive" });
    return Promise.resolve();
  }
  const connection = connectionErrorOf(error);
  if (connection) {
    toast({ ...connection, variant: "destructive" });
    return Promise.resolve();
  }
  return friendlyErrorSoon(error).then((friendly) => void toast({ ...friendly, variant: "destructive" }));
}

/**
 * A screen's failed load as the spec's friendly, destructive toast (§8), once per failure (every
 * failed fetch is a new error object); the screen keeps its inline empty state beside it.
 */
export function useErrorToast(error: unknown): void {
  useEffect(() => {
    if (error) void toastError(error);
  }, [error]);
}

/** The toast on screen (or just closed), read outside React. */
export function getCurrentToast(): ToastState | null {
  return current;
}

/** The toast to render; always none during server rendering. */
export function useToastState(): ToastState | null {
  return useSyncExternalStore(subscribe, getCurrentToast, () => null);
}
