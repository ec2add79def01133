import type { Metadata } from "next";
import { AccountabilityScreen } from "@/components/accountability/accountability-screen";
import { requirePagePermission } from "@/lib/auth/page-guards";

export const metadata: Metadata = { title: "Accountability" };

/** Admin only: proxy.ts redirects non-admins to /, and so does this server check. */
export default async function Page() {
  await requirePagePermission("accountability.read");
  return <AccountabilityScreen />;
}
