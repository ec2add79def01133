import type { Metadata } from "next";
import { notFound } from "next/navigation";

export const metadata: Metadata = { title: "Floor" };

/**
 * The Lighthouse floor page (`npm run lighthouse`, docs/performance.md): the root layout, its
 * fonts, styles and providers, and Next and React, with no component of the app. What a page of
 * this stack scores on the machine that day is the yardstick the dashboard and /mobile-punch are
 * judged against. It exists only while the benchmark's server runs with LIGHTHOUSE_FLOOR=1;
 * anywhere else it is the not-found page, like any path the app does not have.
 */
export default function LighthouseFloorPage() {
  if (process.env.LIGHTHOUSE_FLOOR !== "1") notFound();
  return (
    <main className="mx-auto max-w-xl px-4 py-10">
      <h1 className="text-2xl font-semibold text-slate-900">BFS Tasks</h1>
      <p className="mt-3 text-lg text-slate-700">You are not punched in. This page holds only the layout, its fonts and the framework.</p>
    </main>
  );
}
