/** @jest-environment jsdom */
import { render } from "@testing-library/react";
import { useState } from "react";
import { installShortcutListener } from "./listener";
import { runShortcut, useBoundShortcuts, useShortcut } from "./registry";

function Screen({ onNew, onEdit, editable = true }: { onNew: () => void; onEdit: () => void; editable?: boolean }) {
  useShortcut("task.new", onNew);
  useShortcut("task.edit", onEdit, { enabled: editable });
  const bound = useBoundShortcuts();
  const [text, setText] = useState("");
  return (
    <div>
      <output data-testid="bound">{bound.join(",")}</output>
      <input aria-label="Title" value={text} onChange={(e) => setText(e.target.value)} />
      <div role="dialog">
        <button type="button">In a dialog</button>
      </div>
      <div contentEditable suppressContentEditableWarning>
        <p data-testid="editor">text</p>
      </div>
    </div>
  );
}

const press = (target: Element | Document, key: string, init: KeyboardEventInit = {}) => {
  const event = new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true, ...init });
  target.dispatchEvent(event);
  return event;
};

describe("the shortcut registry", () => {
  let uninstall: () => void;
  beforeEach(() => (uninstall = installShortcutListener()));
  afterEach(() => uninstall());

  it("calls the bound handler, and lists what is bound", () => {
    const onNew = jest.fn();
    const onEdit = jest.fn();
    const { getByTestId, rerender } = render(<Screen onNew={onNew} onEdit={onEdit} />);
    expect(getByTestId("bound").textContent).toBe("task.new,task.edit");
    const event = press(document.body, "c");
    expect(onNew).toHaveBeenCalledTimes(1);
    expect(event.defaultPrevented).toBe(true);
    rerender(<Screen onNew={onNew} onEdit={onEdit} editable={false} />);
    expect(getByTestId("bound").textContent).toBe("task.new");
    press(document.body, "e");
    expect(onEdit).not.toHaveBeenCalled();
  });

  it("stays quiet while typing, inside a dialog or an editor, with modifiers, on repeats and when already handled", () => {
    const onNew = jest.fn();
    const { getByLabelText, getByRole, getByTestId } = render(<Screen onNew={onNew} onEdit={jest.fn()} />);
    press(getByLabelText("Title"), "c");
    press(getByRole("button", { name: "In a dialog" }), "c");
    press(getByTestId("editor"), "c");
    press(document.body, "c", { ctrlKey: true });
    press(document.body, "c", { altKey: true });
    press(document.body, "c", { repeat: true });
    const handled = new KeyboardEvent("keydown", { key: "c", bubbles: true, cancelable: true });
    handled.preventDefault();
    document.body.dispatchEvent(handled);
    expect(onNew).not.toHaveBeenCalled();
    press(document.body, "c");
    expect(onNew).toHaveBeenCalledTimes(1);
  });

  it("forgets a binding when its component unmounts", () => {
    const onNew = jest.fn();
    const { unmount } = render(<Screen onNew={onNew} onEdit={jest.fn()} />);
    unmount();
    press(document.body, "c");
    expect(onNew).not.toHaveBeenCalled();
  });

  it("runs a button's shortcut when it binds, if the button came first (the general shortcuts load after the page)", () => {
    const onNew = jest.fn();
    expect(runShortcut("task.new")).toBe(false);
    render(<Screen onNew={onNew} onEdit={jest.fn()} />);
    expect(onNew).toHaveBeenCalledTimes(1);
    expect(runShortcut("task.new")).toBe(true);
    expect(onNew).toHaveBeenCalledTimes(2);
  });

  it("takes a press of an awaited row before it binds, and runs it when it does", () => {
    uninstall();
    uninstall = installShortcutListener(["task.new"]);
    const onNew = jest.fn();
    const early = press(document.body, "c");
    expect(early.defaultPrevented).toBe(true);
    const other = press(document.body, "e");
    expect(other.defaultPrevented).toBe(false);
    render(<Screen onNew={onNew} onEdit={jest.fn()} />);
    expect(onNew).toHaveBeenCalledTimes(1);
  });
});
