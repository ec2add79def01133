import { route } from "@/lib/http/route";
import { rotatePunchStation } from "@/lib/services/punch/punch-qr-signature";
import { rotatePunchStationSchema } from "@/lib/validations/punch";

/** Voids every printed QR code of a punch post (lost or copied printout): reprint it afterwards. */
export const POST = route(
  async ({ body }) => {
    const { location, keyVersion } = await rotatePunchStation((await body(rotatePunchStationSchema)).location);
    return { location, keyVersion };
  },
  { permission: "punch.qr.rotate" },
);
