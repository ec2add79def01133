/**
 * Keeps the offline queue (./queue.ts) in localStorage: it survives a reload and a restart
 * without a signal, every tab sees the same queue (the "storage" event), and React reads it with
 * useSyncExternalStore. localStorage rather than IndexedDB: the entries are a few hundred bytes
 * each, writes are synchronous (a tap is stored before the page can be closed), and it needs no
 * library.
 */
import { EMPTY_QUEUE, parseQueue, type QueueState } from "./queue";

export const OFFLINE_QUEUE_KEY = "bfs.offlineQueue.v1";

type Listener = () => void;
const listeners = new Set<Listener>();
let cached: { raw: string | null; state: QueueState } | null = null;

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The queue as stored now (the same object until it changes, as useSyncExternalStore needs). */
export function readQueue(): QueueState {
  const store = storage();
  if (!store) return EMPTY_QUEUE;
  const raw = store.getItem(OFFLINE_QUEUE_KEY);
  if (cached && cached.raw === raw) return cached.state;
  cached = { raw, state: parseQueue(raw) };
  return cached.state;
}

/** Applies a change to the stored queue and tells every reader. */
export function updateQueue(change: (state: QueueState) => QueueState): QueueState {
  const store = storage();
  const before = readQueue();
  const after = change(before);
  if (after !== before && store) {
    const raw = after.entries.length === 0 && after.failed.length === 0 ? null : JSON.stringify(after);
    if (raw === null) store.removeItem(OFFLINE_QUEUE_KEY);
    else store.setItem(OFFLINE_QUEUE_KEY, raw);
    cached = { raw, state: after };
  }
  listeners.forEach((listener) => listener());
  return after;
}

export function subscribeQueue(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === OFFLINE_QUEUE_KEY || event.key === null) listener();
  };
  if (typeof window !== "undefined") window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    if (typeof window !== "undefined") window.removeEventListener("storage", onStorage);
  };
}

export const serverQueue = (): QueueState => EMPTY_QUEUE;
