import { isShuttingDown, onShutdown, resetLifecycleForTests, shutdown } from "./lifecycle";

afterEach(() => resetLifecycleForTests());

describe("lifecycle", () => {
  it("runs hooks once, last registered first", async () => {
    const order: string[] = [];
    onShutdown("pool", () => void order.push("pool"));
    onShutdown("jobs", async () => void order.push("jobs"));
    expect(isShuttingDown()).toBe(false);
    const [first, second] = await Promise.all([shutdown(), shutdown()]);
    expect(order).toEqual(["jobs", "pool"]);
    expect(first).toEqual({ hooks: { jobs: "ok", pool: "ok" } });
    expect(second).toBe(first);
    expect(isShuttingDown()).toBe(true);
  });

  it("bounds a stuck hook and reports a failing one without stopping the rest", async () => {
    const ran: string[] = [];
    onShutdown("pool", () => void ran.push("pool"));
    onShutdown("broken", () => {
      throw new Error("boom");
    });
    onShutdown("stuck", () => new Promise(() => undefined));
    const report = await shutdown({ hookTimeoutMs: 50 });
    expect(report.hooks).toEqual({ stuck: "timeout", broken: "boom", pool: "ok" });
    expect(ran).toEqual(["pool"]);
  });

  it("closes connections after every service, whatever the registration order", async () => {
    const order: string[] = [];
    onShutdown("database pool", () => void order.push("pool"), { phase: "connections" });
    onShutdown("job runner", () => void order.push("jobs"));
    await shutdown();
    expect(order).toEqual(["jobs", "pool"]);
  });

  it("unregisters a hook", async () => {
    const ran: string[] = [];
    const off = onShutdown("x", () => void ran.push("x"));
    off();
    await shutdown();
    expect(ran).toEqual([]);
  });
});
