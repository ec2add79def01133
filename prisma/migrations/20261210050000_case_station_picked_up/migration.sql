-- Picked up (docs/runs.md): the driver's scan at the clinic's cooler or the
-- family's door, the first link of a case's custody chain. On its own: a new enum value cannot be
-- used in the transaction that adds it.
ALTER TYPE "CaseStation" ADD VALUE 'picked_up' BEFORE 'intake';
