/** Vendors: constants the screens and the server share, without zod (lib/validations/vendors.ts). */

export const VENDOR_PAGE_SIZE = 50;
