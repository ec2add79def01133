import { fitWithin, needsDownscale } from "./downscale";

describe("photo downscaling", () => {
  it("fits the long side within 2048 px and never enlarges", () => {
    expect(fitWithin(4032, 3024)).toEqual({ width: 2048, height: 1536 });
    expect(fitWithin(3024, 4032)).toEqual({ width: 1536, height: 2048 });
    expect(fitWithin(800, 600)).toEqual({ width: 800, height: 600 });
  });
  it("only large photos are re-encoded", () => {
    expect(needsDownscale({ type: "image/jpeg", size: 5_000_000 })).toBe(true);
    expect(needsDownscale({ type: "image/jpeg", size: 200_000 })).toBe(false);
    expect(needsDownscale({ type: "application/pdf", size: 5_000_000 })).toBe(false);
    expect(needsDownscale({ type: "image/gif", size: 5_000_000 })).toBe(false);
  });
});
