import type { Metadata } from "next";
import { ScanScreen } from "@/components/cases/scan-screen";
import { RegisterServiceWorker } from "@/components/offline/register-service-worker";
import { can } from "@/lib/auth/permissions";
import { requirePagePermission } from "@/lib/auth/page-guards";

export const metadata: Metadata = { title: "Scan" };

/**
 * Checkpoint scans on a phone (docs/cases-screens.md). `?t=` carries a label's token when a
 * phone's own camera app opened the label's QR link: the screen offers to record it here.
 */
export default async function Page({ searchParams }: { searchParams: Promise<{ t?: string | string[] }> }) {
  const [{ t }, caller] = await Promise.all([searchParams, requirePagePermission("cases.scan")]);
  const labelRef = typeof t === "string" && t.trim() ? t.trim() : null;
  // The service worker keeps this screen for the back room and the van, where the signal drops.
  return (
    <>
      <ScanScreen canOverride={can(caller, "cases.override")} canConfirmWeight={can(caller, "cases.remains.confirm")} labelRef={labelRef} />
      <RegisterServiceWorker scope="/scan" />
    </>
  );
}
