import type { Metadata } from "next";
import { MobilePunch } from "@/components/punch/mobile-punch";

export const metadata: Metadata = { title: "Mobile Punch" };

/** Public (spec §6): sign in and punch from a phone in the fewest taps. */
export default function MobilePunchPage() {
  return <MobilePunch />;
}
