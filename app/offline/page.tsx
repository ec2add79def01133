import type { Metadata } from "next";
import { OfflineMyDay } from "@/components/offline/offline-my-day";

export const metadata: Metadata = { title: "My day (offline)", robots: { index: false, follow: false } };

/**
 * The offline start page: the service worker keeps it and serves it in place of `/` when there
 * is no signal (public/sw.js). It reads no session and no data on the server, so the kept copy
 * holds nothing of a person; My day is drawn on the device from what it kept
 * (lib/offline/kept-my-day.ts). Signed-in only (proxy.ts), like every page but the spec's three.
 */
export default function OfflineStartPage() {
  return <OfflineMyDay />;
}
