/**
 * The business's time zone: dates are entered and shown in it, and stored as UTC.
 * next.config.js copies BUSINESS_TIME_ZONE into NEXT_PUBLIC_BUSINESS_TIME_ZONE at build time,
 * so the browser and the server always agree (change it, then rebuild).
 */
export const BUSINESS_TIME_ZONE = process.env.NEXT_PUBLIC_BUSINESS_TIME_ZONE || process.env.BUSINESS_TIME_ZONE || "America/Chicago";
