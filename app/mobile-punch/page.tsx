import type { Metadata } from "next";
import { callerToUser } from "@/lib/queries/auth";
import { RegisterServiceWorker } from "@/components/offline/register-service-worker";
import { MobilePunch } from "@/components/punch/mobile-punch";
import { getSessionCaller } from "@/lib/auth/next-auth";
import { asInitialData } from "@/lib/queries/initial-data";
import { getPunchStatus } from "@/lib/services/punch/get-punch-status";

export const metadata: Metadata = { title: "Mobile Punch" };

/**
 * Public (spec §6): sign in and punch from a phone in the fewest taps. Signed in by cookie,
 * the status is read here with the API's own service and handed to React Query, so the big
 * button paints without waiting for the JavaScript and a status request.
 */
export default async function MobilePunchPage() {
  const caller = await getSessionCaller();
  // The service worker keeps this screen opening without a signal (public/sw.js).
  const worker = <RegisterServiceWorker scope="/mobile-punch" />;
  if (!caller) return (
    <>
      {worker}
      <MobilePunch />
    </>
  );
  return (
    <>
      {worker}
      <MobilePunch initial={{ status: asInitialData(await getPunchStatus(caller)), user: callerToUser(caller) }} />
    </>
  );
}
