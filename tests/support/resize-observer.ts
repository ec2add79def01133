/**
 * jsdom has no ResizeObserver, and the overlay libraries measure with one (Radix's tooltip,
 * Headless UI's anchored lists via Floating UI). A component test that opens one calls this.
 */
class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

export function stubResizeObserver(): void {
  beforeAll(() => {
    globalThis.ResizeObserver ??= NoopResizeObserver as unknown as typeof ResizeObserver;
  });
}
