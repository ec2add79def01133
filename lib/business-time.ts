/** The business's time zone: dates are entered and shown in it, and stored as UTC. */
export const BUSINESS_TIME_ZONE = process.env.NEXT_PUBLIC_BUSINESS_TIME_ZONE || process.env.BUSINESS_TIME_ZONE || "America/Chicago";
