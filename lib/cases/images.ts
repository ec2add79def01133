/**
 * What a pet's photo or a receiver's signature may be: checked by content when it is stored
 * (a signature is PNG only), served back as stored.
 */
export const CASE_IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
