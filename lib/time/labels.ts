/** How a punch was made, as the time screens show it. */
export const SOURCE_LABELS: Record<string, string> = { desktop: "Desktop", qr: "QR", mobile: "Mobile" };
