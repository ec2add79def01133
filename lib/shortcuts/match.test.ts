import { chordOf, EMPTY_SEQUENCE, step, type KeyPress } from "./match";
import { isTypingTarget } from "./typing";
import { ariaKeyShortcuts, keyCaps, SEQUENCE_TIMEOUT_MS, SHORTCUTS, withKeyHint, type ShortcutId } from "./table";

const press = (key: string, mods: Partial<KeyPress> = {}): KeyPress => ({ key, ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...mods });
const ALL = Object.keys(SHORTCUTS) as ShortcutId[];

describe("chordOf", () => {
  it("spells plain keys as themselves, Shift included in the character", () => {
    expect(chordOf(press("c"))).toBe("c");
    expect(chordOf(press("?", { shiftKey: true }))).toBe("?");
    expect(chordOf(press("C", { shiftKey: true }))).toBe("C");
    expect(chordOf(press("Enter"))).toBe("Enter");
  });
  it("spells Ctrl or ⌘ with a letter as mod+letter", () => {
    expect(chordOf(press("k", { ctrlKey: true }))).toBe("mod+k");
    expect(chordOf(press("K", { metaKey: true }))).toBe("mod+k");
  });
  it("leaves Alt, Ctrl+⌘, Ctrl+Shift and Ctrl with a named key to the browser", () => {
    expect(chordOf(press("d", { altKey: true }))).toBeNull();
    expect(chordOf(press("k", { ctrlKey: true, metaKey: true }))).toBeNull();
    expect(chordOf(press("K", { ctrlKey: true, shiftKey: true }))).toBeNull();
    expect(chordOf(press("Enter", { ctrlKey: true }))).toBeNull();
  });
  it("ignores IME composition and dead keys", () => {
    expect(chordOf(press("c", { isComposing: true }))).toBeNull();
    expect(chordOf(press("Dead"))).toBeNull();
  });
});

describe("step", () => {
  it("matches a one-key shortcut at once", () => {
    expect(step(EMPTY_SEQUENCE, "c", 0, ALL).match).toBe("task.new");
  });
  it("matches G then D within the timeout", () => {
    const first = step(EMPTY_SEQUENCE, "g", 1000, ALL);
    expect(first.match).toBeNull();
    expect(first.state.pending).toEqual(["g"]);
    expect(step(first.state, "d", 1000 + SEQUENCE_TIMEOUT_MS, ALL).match).toBe("go.dashboard");
  });
  it("forgets a G pressed too long ago, and D alone is nothing", () => {
    const first = step(EMPTY_SEQUENCE, "g", 0, ALL);
    const late = step(first.state, "d", SEQUENCE_TIMEOUT_MS + 1, ALL);
    expect(late.match).toBeNull();
    expect(late.state).toEqual(EMPTY_SEQUENCE);
  });
  it("starts over on a key that breaks the sequence, which counts on its own", () => {
    const first = step(EMPTY_SEQUENCE, "g", 0, ALL);
    expect(step(first.state, "c", 10, ALL).match).toBe("task.new");
  });
  it("binds only what is bound now", () => {
    const global: ShortcutId[] = ["task.new", "go.projects"];
    expect(step(EMPTY_SEQUENCE, "e", 0, global).match).toBeNull();
    expect(step(EMPTY_SEQUENCE, "e", 0, [...global, "task.edit"]).match).toBe("task.edit");
    expect(step(EMPTY_SEQUENCE, "g", 0, ["task.new"]).state).toEqual(EMPTY_SEQUENCE);
  });
});

describe("isTypingTarget", () => {
  const el = (tagName: string, extra: Record<string, unknown> = {}) => ({ tagName, getAttribute: () => null, closest: () => null, ...extra });
  it("is true in text fields, selects and editors", () => {
    expect(isTypingTarget(el("INPUT", { type: "text" }))).toBe(true);
    expect(isTypingTarget(el("INPUT", { type: "search" }))).toBe(true);
    expect(isTypingTarget(el("INPUT"))).toBe(true);
    expect(isTypingTarget(el("TEXTAREA"))).toBe(true);
    expect(isTypingTarget(el("SELECT"))).toBe(true);
    expect(isTypingTarget(el("DIV", { isContentEditable: true }))).toBe(true);
    expect(isTypingTarget(el("P", { closest: () => ({}) }))).toBe(true);
    expect(isTypingTarget(el("DIV", { getAttribute: (n: string) => (n === "role" ? "combobox" : null) }))).toBe(true);
  });
  it("is false on buttons, checkboxes, links and the page", () => {
    expect(isTypingTarget(el("BUTTON"))).toBe(false);
    expect(isTypingTarget(el("INPUT", { type: "checkbox" }))).toBe(false);
    expect(isTypingTarget(el("A"))).toBe(false);
    expect(isTypingTarget(el("BODY"))).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });
});

describe("the table's hints", () => {
  it("gives ARIA values for single chords only", () => {
    expect(ariaKeyShortcuts("task.new")).toBe("C");
    expect(ariaKeyShortcuts("palette.open")).toBe("Control+K Meta+K");
    expect(ariaKeyShortcuts("task.clock")).toBe(".");
    expect(ariaKeyShortcuts("go.projects")).toBeUndefined();
  });
  it("spells keys for people", () => {
    expect(keyCaps("go.projects")).toEqual(["G", "P"]);
    expect(keyCaps("palette.open", { mac: true })).toEqual(["⌘+K"]);
    expect(withKeyHint("Edit", "task.edit")).toBe("Edit (E)");
    expect(withKeyHint("Projects", "go.projects")).toBe("Projects (G then P)");
  });
  it("has no sequence that is another's prefix", () => {
    const keys = ALL.map((id) => SHORTCUTS[id].keys.join(" "));
    for (const a of keys) for (const b of keys) if (a !== b) expect(b.startsWith(`${a} `)).toBe(false);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
