import { route } from "@/lib/http/route";
import * as op from "@/lib/punch/contracts";
import { rotatePunchStation } from "@/lib/services/punch/punch-qr-signature";

/** Voids every printed QR code of a punch post (lost or copied printout): reprint it afterwards. */
export const POST = route(op.rotatePunchStation, async ({ body }) => {
  const { location, keyVersion } = await rotatePunchStation(body.location);
  return { location, keyVersion };
});
