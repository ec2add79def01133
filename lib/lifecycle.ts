/**
 * Graceful shutdown, one home for it. Whatever holds a resource that must be released before
 * the process exits registers a hook here: the database pool (lib/db.ts), the job runner
 * (lib/jobs), ... The Node server (scripts/server.ts) calls `shutdown()` on SIGTERM/SIGINT after
 * it has stopped taking requests and let those in flight finish.
 *
 *   onShutdown("job runner", () => boss.stop({ graceful: true }));
 *
 * Hooks run in reverse order of registration (last started, first stopped), except that hooks
 * registered with `{ phase: "connections" }` (the database pool) always run after the others,
 * whatever the order in which things were created. Each is bounded by a timeout so one stuck
 * hook cannot keep the process alive. The registry lives on globalThis:
 * Next bundles server code into its own chunks, so the server script and route modules load
 * separate copies of this file, and both must see the same hooks.
 */
export type ShutdownHook = () => unknown | Promise<unknown>;
/** "services" (default): job runners, timers, watchers; "connections": pools they and requests use, closed last. */
export type ShutdownPhase = "services" | "connections";

interface Registry {
  hooks: Array<{ name: string; run: ShutdownHook; phase: ShutdownPhase }>;
  running: Promise<ShutdownReport> | null;
}

export interface ShutdownReport {
  /** Hook name -> "ok", "timeout" or the error message. */
  hooks: Record<string, string>;
}

const KEY = Symbol.for("bfs-tasks.lifecycle");
const registry = (): Registry => {
  const g = globalThis as unknown as Record<symbol, Registry | undefined>;
  g[KEY] ??= { hooks: [], running: null };
  return g[KEY];
};

/** Registers a hook; returns a function that unregisters it (for a resource closed early). */
export function onShutdown(name: string, run: ShutdownHook, options: { phase?: ShutdownPhase } = {}): () => void {
  const entry = { name, run, phase: options.phase ?? "services" };
  registry().hooks.push(entry);
  return () => {
    const hooks = registry().hooks;
    const index = hooks.indexOf(entry);
    if (index >= 0) hooks.splice(index, 1);
  };
}

export function isShuttingDown(): boolean {
  return registry().running !== null;
}

/** Runs every hook once (a second call returns the first call's result). */
export function shutdown(options: { hookTimeoutMs?: number } = {}): Promise<ShutdownReport> {
  const state = registry();
  state.running ??= (async () => {
    const report: ShutdownReport = { hooks: {} };
    const reversed = [...state.hooks].reverse();
    const ordered = [...reversed.filter((h) => h.phase === "services"), ...reversed.filter((h) => h.phase === "connections")];
    for (const hook of ordered) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<string>((resolve) => {
        timer = setTimeout(() => resolve("timeout"), options.hookTimeoutMs ?? 10_000);
      });
      const run = Promise.resolve()
        .then(hook.run)
        .then(
          () => "ok",
          (error: unknown) => (error instanceof Error ? error.message : String(error)),
        );
      report.hooks[hook.name] = await Promise.race([run, timeout]);
      clearTimeout(timer);
    }
    return report;
  })();
  return state.running;
}

/** Tests only: forget hooks and a finished shutdown. */
export function resetLifecycleForTests(): void {
  const state = registry();
  state.hooks = [];
  state.running = null;
}
