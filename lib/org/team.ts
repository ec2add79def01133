export interface TeamValue {
  userIds: string[];
  leadId: string | null;
}

/**
 * Keeps the spec's rule (§4: only one lead at a time) whatever happens to the list: a
 * non-empty team always has exactly one lead among its members (the first one when the lead
 * left or none was chosen), an empty team none; duplicates are dropped.
 */
export function normalizeTeam({ userIds, leadId }: TeamValue): TeamValue {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return { userIds: [], leadId: null };
  return { userIds: unique, leadId: leadId && unique.includes(leadId) ? leadId : unique[0] };
}
