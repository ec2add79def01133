import "server-only";

/** The refusals that requesting, listing and deciding a time correction share (a file each). */
export const CORRECTION_NOT_FOUND = "Correction request not found";

export const ALREADY_DECIDED = "This correction request was already decided.";
