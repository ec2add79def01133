/** @jest-environment jsdom */
import { forgetKeptMyRuns, KEPT_MY_RUNS_KEY, keepMyRuns, keptRunsFor, readKeptMyRuns } from "./kept-my-runs";
import type { TodayRuns } from "@/lib/validations/runs";

const today = (date: string): TodayRuns => ({
  date,
  runs: [
    {
      id: "r1",
      runDate: date,
      driver: { id: "u1", firstName: "Ana", lastName: "Lee" },
      vehicle: "Van 1",
      note: null,
      facility: { latitude: 45.5, longitude: -122.6, postcode: "97201" },
      distanceKm: 3.2,
      petCount: 1,
      pickedUpCount: 0,
      updatedAt: "2026-12-08T14:00:00.000Z",
      stops: [
        {
          id: "s1",
          position: 1,
          kind: "clinic",
          name: "Elm Vet",
          address: "1 Elm St",
          postcode: "97201",
          latitude: 45.51,
          longitude: -122.61,
          mapsUrl: "geo:45.51,-122.61?q=45.51,-122.61",
          done: false,
          pets: [{ requestId: "q1", number: "P-2026-00001", urgency: "urgent", petName: "Bella", petSpecies: "Dog", petWeightLbs: 40, serviceType: "private", ownerName: "Kim", note: null, pickedUp: null }],
        },
      ],
    },
  ],
});

describe("kept my runs", () => {
  beforeEach(() => localStorage.clear());

  it("keeps the whole answer and reads it back as the same object until it changes", () => {
    keepMyRuns("u1", today("2026-12-08"), 1000);
    const kept = readKeptMyRuns()!;
    expect(kept).toEqual({ userId: "u1", at: 1000, today: today("2026-12-08") });
    expect(readKeptMyRuns()).toBe(kept);
    keepMyRuns("u1", today("2026-12-09"), 2000);
    expect(readKeptMyRuns()!.today.date).toBe("2026-12-09");
  });

  it("shows them to the same person (or an unknown one offline) on the same day only", () => {
    keepMyRuns("u1", today("2026-12-08"), 1000);
    const kept = readKeptMyRuns();
    expect(keptRunsFor(kept, "u1", "2026-12-08")).not.toBeNull();
    expect(keptRunsFor(kept, null, "2026-12-08")).not.toBeNull();
    expect(keptRunsFor(kept, "u2", "2026-12-08")).toBeNull();
    expect(keptRunsFor(kept, "u1", "2026-12-09")).toBeNull();
    expect(keptRunsFor(null, "u1", "2026-12-08")).toBeNull();
  });

  it("ignores a record of another format or unreadable text, and forgets on sign-out", () => {
    localStorage.setItem(KEPT_MY_RUNS_KEY, "{not json");
    expect(readKeptMyRuns()).toBeNull();
    localStorage.setItem(KEPT_MY_RUNS_KEY, JSON.stringify({ userId: "u1", at: 1, today: { date: "2026-12-08", runs: [{ id: 5 }] } }));
    expect(readKeptMyRuns()).toBeNull();
    keepMyRuns("u1", today("2026-12-08"), 1000);
    forgetKeptMyRuns();
    expect(localStorage.getItem(KEPT_MY_RUNS_KEY)).toBeNull();
    expect(readKeptMyRuns()).toBeNull();
  });
});
