export type Level = "fast" | "max";
export interface Totals {
  files: number;
  bytes: number;
  br: number;
  gz: number;
}
export function precompressStatic(distDir: string, options?: { level?: Level }): Promise<Totals>;
export function precompressedLevel(distDir: string): Level | null;
export function summary(totals: Totals, ms: number): string;
