import type { Metadata } from "next";
import { RegisterServiceWorker } from "@/components/offline/register-service-worker";
import { QrPunch } from "@/components/punch/qr-punch";
import { punchPostName } from "@/lib/services/punch/punch-posts";
import { verifyPunchQr } from "@/lib/services/punch/punch-qr-signature";
import { DEFAULT_QR_LOCATION, PUNCH_LOCATION_MAX_LENGTH } from "@/lib/validations/punch";

export const metadata: Metadata = { title: "Punch" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * Where the printed punch QR code lands (spec §2). Sign-in is enforced by proxy.ts (which sends
 * a signed-out visitor to /?redirect=punch&auto=…&location=…&v=…&sig=…) and the (app) layout.
 * auto=true punches at once only with the printed code's valid signature; any other link asks
 * "Punch in at <location>?" first (lib/services/punch/punch-qr-signature.ts). The page names the
 * post as /admin/punch-posts does (its name, else its location key); the punch carries the key.
 */
export default async function PunchAuthenticatedPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const auto = first(params.auto) === "true";
  const location = (first(params.location) ?? "").trim().slice(0, PUNCH_LOCATION_MAX_LENGTH) || DEFAULT_QR_LOCATION;
  const [signed, name] = await Promise.all([
    auto ? verifyPunchQr({ location, keyVersion: first(params.v), signature: first(params.sig) }) : false,
    punchPostName(location),
  ]);
  return (
    <>
      <RegisterServiceWorker scope="/punch-authenticated" />
      <QrPunch auto={auto} signed={signed} location={location} name={name} />
    </>
  );
}
