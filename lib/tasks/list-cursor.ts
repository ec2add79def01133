/**
 * The task list's keyboard cursor and selection as pure data (the dashboard's `useListCursor`
 * holds it in state and binds the keys): `j`/`k` move the cursor, `x` selects or deselects the
 * cursor's task. `ids` are the rows on screen, in order; a cursor or a selected task that is
 * not among them counts as absent (a new filter or page), so nothing acts on a task out of sight.
 */

export type ListKey = "list.next" | "list.previous" | "list.select";

export interface ListCursorState {
  cursor: string | null;
  selected: ReadonlySet<string>;
}

export const EMPTY_LIST_CURSOR: ListCursorState = { cursor: null, selected: new Set() };

/** The state as the rows on screen see it: a cursor or selection on a task that left the list is gone. */
export function visibleCursorState(state: ListCursorState, ids: readonly string[]): ListCursorState {
  const cursor = state.cursor && ids.includes(state.cursor) ? state.cursor : null;
  const selected = [...state.selected].filter((id) => ids.includes(id));
  const same = cursor === state.cursor && selected.length === state.selected.size;
  return same ? state : { cursor, selected: new Set(selected) };
}

/**
 * One key on the list. `focused` is the row that holds focus (a member who tabbed there): the
 * cursor starts from it when there is none, else from an end (`j` the first row, `k` the last).
 */
export function applyListKey(state: ListCursorState, key: ListKey, ids: readonly string[], focused: string | null = null): ListCursorState {
  const now = visibleCursorState(state, ids);
  const from = now.cursor ?? (focused && ids.includes(focused) ? focused : null);
  if (key === "list.select") {
    const id = from ?? ids[0];
    if (!id) return now;
    const selected = new Set(now.selected);
    if (selected.has(id)) selected.delete(id);
    else selected.add(id);
    return { cursor: id, selected };
  }
  if (ids.length === 0) return now;
  const by = key === "list.next" ? 1 : -1;
  const at = from ? ids.indexOf(from) : -1;
  const next = at < 0 ? (by === 1 ? 0 : ids.length - 1) : Math.min(ids.length - 1, Math.max(0, at + by));
  return { ...now, cursor: ids[next]! };
}
