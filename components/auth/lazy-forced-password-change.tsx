"use client";

import dynamic from "next/dynamic";

/**
 * The forced password change the shell may show on any page (./lazy-auth-forms.tsx says why a
 * client module holds the loader): its form's chunk is fetched only when it is shown.
 */
export const ForcedPasswordChange = dynamic(() => import("./forced-password-change").then((m) => m.ForcedPasswordChange));
