// zod-setup writes zod's global config without importing zod; these pin that zod reads it,
// whichever of the two loads first.

const forgetConfig = () => delete (globalThis as { __zod_globalConfig?: unknown }).__zod_globalConfig;

test("set before zod loads, zod adopts it", async () => {
  await jest.isolateModulesAsync(async () => {
    forgetConfig();
    await import("./zod-setup");
    const { config } = await import("zod/v4/core");
    expect(config().jitless).toBe(true);
  });
});

test("set after zod loaded, zod sees it", async () => {
  await jest.isolateModulesAsync(async () => {
    forgetConfig();
    const { config } = await import("zod/v4/core");
    expect(config().jitless).toBeUndefined();
    await import("./zod-setup");
    expect(config().jitless).toBe(true);
  });
});

test("a schema built afterwards parses without compiling (no `new Function`)", async () => {
  await jest.isolateModulesAsync(async () => {
    forgetConfig();
    await import("./zod-setup");
    const { z } = await import("zod");
    const spy = jest.spyOn(globalThis, "Function");
    expect(z.object({ a: z.string() }).parse({ a: "x" })).toEqual({ a: "x" });
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
  });
});
