import type { Metadata } from "next";
import { ProcessesScreen } from "@/components/processes/processes-screen";

export const metadata: Metadata = { title: "Processes" };

/** Sign-in required (app/(app)/layout.tsx and proxy.ts). */
export default function Page() {
  return <ProcessesScreen />;
}
