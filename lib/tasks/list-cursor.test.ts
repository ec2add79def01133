import { applyListKey, EMPTY_LIST_CURSOR, visibleCursorState, type ListCursorState } from "./list-cursor";

const ids = ["a", "b", "c"];
const keys = (state: ListCursorState, ...pressed: Parameters<typeof applyListKey>[1][]) => pressed.reduce((s, key) => applyListKey(s, key, ids), state);

describe("the task list's cursor", () => {
  it("j starts at the first row, k at the last, and both stop at the ends", () => {
    expect(applyListKey(EMPTY_LIST_CURSOR, "list.next", ids).cursor).toBe("a");
    expect(applyListKey(EMPTY_LIST_CURSOR, "list.previous", ids).cursor).toBe("c");
    expect(keys(EMPTY_LIST_CURSOR, "list.next", "list.next", "list.next", "list.next").cursor).toBe("c");
    expect(keys(EMPTY_LIST_CURSOR, "list.next", "list.previous", "list.previous").cursor).toBe("a");
  });

  it("starts from the focused row when there is no cursor", () => {
    expect(applyListKey(EMPTY_LIST_CURSOR, "list.next", ids, "b").cursor).toBe("c");
    expect(applyListKey(EMPTY_LIST_CURSOR, "list.next", ids, "gone").cursor).toBe("a");
  });

  it("x selects and deselects the cursor's task, else the first row's", () => {
    const one = applyListKey(EMPTY_LIST_CURSOR, "list.select", ids);
    expect(one).toEqual({ cursor: "a", selected: new Set(["a"]) });
    const two = keys(one, "list.next", "list.select");
    expect([...two.selected]).toEqual(["a", "b"]);
    expect([...applyListKey(two, "list.select", ids).selected]).toEqual(["a"]);
  });

  it("a cursor or a selection on a task that left the list is gone; j starts over", () => {
    const state: ListCursorState = { cursor: "x", selected: new Set(["x", "b"]) };
    expect(visibleCursorState(state, ids)).toEqual({ cursor: null, selected: new Set(["b"]) });
    expect(applyListKey(state, "list.next", ids).cursor).toBe("a");
    const same = { cursor: "a", selected: new Set(["b"]) };
    expect(visibleCursorState(same, ids)).toBe(same);
  });

  it("an empty list moves nothing and selects nothing", () => {
    expect(applyListKey(EMPTY_LIST_CURSOR, "list.next", [])).toEqual(EMPTY_LIST_CURSOR);
    expect(applyListKey(EMPTY_LIST_CURSOR, "list.select", [])).toEqual(EMPTY_LIST_CURSOR);
  });
});
