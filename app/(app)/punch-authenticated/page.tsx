import type { Metadata } from "next";
import { QrPunch } from "@/components/punch/qr-punch";
import { DEFAULT_QR_LOCATION, PUNCH_LOCATION_MAX_LENGTH } from "@/lib/validations/punch";

export const metadata: Metadata = { title: "Punch" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * Where the printed punch QR code lands (spec §2). Sign-in is enforced by proxy.ts (which sends
 * a signed-out visitor to /?redirect=punch&auto=…&location=…) and the (app) layout.
 */
export default async function PunchAuthenticatedPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const auto = first(params.auto) === "true";
  const location = (first(params.location) ?? "").trim().slice(0, PUNCH_LOCATION_MAX_LENGTH) || DEFAULT_QR_LOCATION;
  return <QrPunch auto={auto} location={location} />;
}
