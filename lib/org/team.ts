export interface TeamValue {
  userIds: string[];
  leadId: string | null;
}

/**
 * Keeps the spec's rule (§4: one marked lead, only one at a time) whatever happens to the
 * list: the lead, when there is one, is a member of the team; a team may have no lead (nobody
 * is made lead by default, and the lead can be cleared); duplicates are dropped.
 */
export function normalizeTeam({ userIds, leadId }: TeamValue): TeamValue {
  const unique = [...new Set(userIds)];
  return { userIds: unique, leadId: leadId && unique.includes(leadId) ? leadId : null };
}
