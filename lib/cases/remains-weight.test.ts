import { checkRemainsWeight, DEFAULT_REMAINS_RANGES, rangeFor, remainsCheckSentence, remainsOutOfRangeMessage, speciesKey } from "./remains-weight";

const dog = (remainsLbs: number, bodyLbs: number | null, serviceType: "private" | "partitioned" | "communal" = "private") =>
  checkRemainsWeight({ serviceType, species: "Dog", bodyLbs, remainsLbs, ranges: DEFAULT_REMAINS_RANGES });

describe("the remains' weight check", () => {
  it("is in range inside the window and at both ends; out of range just past them", () => {
    expect(dog(3.5, 100)).toMatchObject({ result: "in_range", percent: 3.5, range: { species: "dog", minPercent: 2, maxPercent: 10 } });
    expect(dog(2, 100).result).toBe("in_range");
    expect(dog(10, 100).result).toBe("in_range");
    expect(dog(1.99, 100).result).toBe("out_of_range");
    expect(dog(10.01, 100).result).toBe("out_of_range");
    // 0.1 + 0.2 style floating error does not move a boundary: 0.6 lbs of 30 lbs is exactly 2%.
    expect(dog(0.6, 30).result).toBe("in_range");
  });

  it("exempts partitioned and communal cremations, and says when there is no body weight (null or 0) instead of dividing", () => {
    expect(dog(0.1, 100, "partitioned")).toMatchObject({ result: "exempt", percent: null });
    expect(dog(0.1, 100, "communal").result).toBe("exempt");
    expect(dog(2, null)).toMatchObject({ result: "no_body_weight", percent: null, range: null });
    expect(dog(2, 0)).toMatchObject({ result: "no_body_weight", percent: null });
    expect(remainsCheckSentence(dog(2, null))).toContain("no intake body weight is on file");
  });

  it("matches species by a forgiving key, falls back to any other species, and to the shipped defaults", () => {
    expect(speciesKey("  Dogs ")).toBe("dog");
    expect(speciesKey("Cat")).toBe("cat");
    expect(speciesKey("Bass")).toBe("bass");
    expect(rangeFor("Rabbit", DEFAULT_REMAINS_RANGES)).toMatchObject({ species: "*", minPercent: 1, maxPercent: 12 });
    expect(rangeFor("Rabbit", [{ species: "rabbit", minPercent: 3, maxPercent: 6 }])).toMatchObject({ species: "rabbit" });
    expect(rangeFor("Dog", [{ species: "*", minPercent: 4, maxPercent: 5 }])).toMatchObject({ species: "*", minPercent: 4 });
    expect(rangeFor("Dog", [])).toMatchObject({ species: "dog" });
  });

  it("words the refusal with the figures", () => {
    expect(remainsOutOfRangeMessage(dog(0.5, 50))).toBe("0.5 lbs of remains is 1% of the intake weight (50 lbs); 2–10% is expected for a dog. A supervisor must confirm it with a reason.");
  });
});
