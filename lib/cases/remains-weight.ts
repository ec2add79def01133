/**
 * The remains' weight check at the processing scan (docs/cases.md "The remains' weight"). Pure:
 * the server's rule, the settings screen and the tests read the same ranges and wording.
 *
 * The cremated remains of a private cremation are weighed at processing and compared with the
 * pet's body weight at intake, as a percentage, against the expected range of its species (a
 * setting; published rules of thumb differ, so the shipped defaults are deliberately wide).
 * Partitioned and communal cremations are exempt: their ashes cannot be weighed as one pet's alone.
 */
import type { ServiceType } from "./stations";

/** The species key of "any other species" (no row of its own). */
export const OTHER_SPECIES = "*";

export interface RemainsRange {
  /** Lowercase species ("dog", "cat"), or "*" for any other species. */
  species: string;
  minPercent: number;
  maxPercent: number;
}

/**
 * The shipped defaults (docs/cases.md lists their sources). About 3.5% of body weight is the
 * figure most often quoted for dogs (it comes from human cremation studies); pet-trade pages
 * quote 5–10%. The window is wide enough for both and still catches a gross mix-up.
 */
export const DEFAULT_REMAINS_RANGES: readonly RemainsRange[] = [
  { species: "dog", minPercent: 2, maxPercent: 10 },
  { species: "cat", minPercent: 2, maxPercent: 10 },
  { species: OTHER_SPECIES, minPercent: 1, maxPercent: 12 },
];

/** "Dog", " dogs " → "dog": the key a case's free-text species is matched by. */
export function speciesKey(species: string): string {
  const key = species.trim().toLowerCase().replace(/\s+/g, " ");
  return key.length > 3 && key.endsWith("s") && !key.endsWith("ss") ? key.slice(0, -1) : key;
}

/** The range for a species: its own row, else the "any other species" row, else the shipped one. */
export function rangeFor(species: string, ranges: readonly RemainsRange[]): RemainsRange {
  const key = speciesKey(species);
  return (
    ranges.find((r) => r.species === key) ??
    ranges.find((r) => r.species === OTHER_SPECIES) ??
    DEFAULT_REMAINS_RANGES.find((r) => r.species === key) ??
    DEFAULT_REMAINS_RANGES[DEFAULT_REMAINS_RANGES.length - 1]
  );
}

export type RemainsCheckResult = "in_range" | "out_of_range" | "no_body_weight" | "exempt";

export interface RemainsCheck {
  result: RemainsCheckResult;
  remainsLbs: number;
  bodyLbs: number | null;
  /** The remains as a percentage of the body weight, rounded to 0.1; null when not computed. */
  percent: number | null;
  range: { species: string; minPercent: number; maxPercent: number } | null;
}

/** Rounds to 0.1 (what the screens and the custody event show). */
const tenth = (value: number) => Math.round(value * 10) / 10;

/**
 * The check: exempt for partitioned and communal; no body weight on file (null or 0) is said as
 * such, never divided by; else in range when min ≤ percent ≤ max (both ends included, on the
 * unrounded ratio).
 */
export function checkRemainsWeight(input: { serviceType: ServiceType; species: string; bodyLbs: number | null; remainsLbs: number; ranges: readonly RemainsRange[] }): RemainsCheck {
  const base = { remainsLbs: input.remainsLbs, bodyLbs: input.bodyLbs };
  if (input.serviceType !== "private") return { ...base, result: "exempt", percent: null, range: null };
  if (input.bodyLbs === null || !(input.bodyLbs > 0)) return { ...base, bodyLbs: input.bodyLbs, result: "no_body_weight", percent: null, range: null };
  const range = rangeFor(input.species, input.ranges);
  const ratio = (input.remainsLbs / input.bodyLbs) * 100;
  // Compare in hundredths of a percent so 2 lbs of 100 lbs is exactly 2%, not 1.9999….
  const hundredths = Math.round(ratio * 100);
  const inRange = hundredths >= Math.round(range.minPercent * 100) && hundredths <= Math.round(range.maxPercent * 100);
  return { ...base, result: inRange ? "in_range" : "out_of_range", percent: tenth(ratio), range: { species: range.species, minPercent: range.minPercent, maxPercent: range.maxPercent } };
}

/** A weighing as the processing scan's custody event keeps it (hash-chained): the weights, the ratio, the range and the result. */
export function remainsWeightDetails(check: RemainsCheck) {
  return { lbs: check.remainsLbs, bodyLbs: check.bodyLbs, percent: check.percent, result: check.result, range: check.range };
}

const lbs = (value: number) => `${Number(value.toFixed(2))} lbs`;
const speciesName = (key: string) => (key === OTHER_SPECIES ? "this species" : `a ${key}`);

/** The refusal's one sentence, for an out-of-range weight. */
export function remainsOutOfRangeMessage(check: RemainsCheck): string {
  const range = check.range!;
  return `${lbs(check.remainsLbs)} of remains is ${check.percent}% of the intake weight (${lbs(check.bodyLbs!)}); ${range.minPercent}–${range.maxPercent}% is expected for ${speciesName(range.species)}. A supervisor must confirm it with a reason.`;
}

/** What the scan's answer and the case page say about a recorded weight. */
export function remainsCheckSentence(check: Pick<RemainsCheck, "result" | "remainsLbs" | "percent" | "range">): string {
  switch (check.result) {
    case "in_range":
      return `${lbs(check.remainsLbs)}: ${check.percent}% of the intake weight, within the expected ${check.range!.minPercent}–${check.range!.maxPercent}%.`;
    case "out_of_range":
      return `${lbs(check.remainsLbs)}: ${check.percent}% of the intake weight, outside the expected ${check.range!.minPercent}–${check.range!.maxPercent}% (confirmed by a supervisor).`;
    case "no_body_weight":
      return `${lbs(check.remainsLbs)}: no intake body weight is on file, so the weight could not be checked.`;
    case "exempt":
      return `${lbs(check.remainsLbs)}: not checked (only a private cremation's ashes are one pet's alone).`;
  }
}

export const REMAINS_WEIGHT_REQUIRED = "Enter the weight of the remains in pounds";
export const REMAINS_WEIGHT_ONLY_AT_PROCESSING = "The remains are weighed at processing only";
