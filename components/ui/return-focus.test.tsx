/** @jest-environment jsdom */
import { useState } from "react";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useReturnFocus } from "./return-focus";

/** A dialog that, like a lazily loaded one, takes focus when it mounts and restores nothing itself. */
function Opener({ restoresItself = false }: { restoresItself?: boolean }) {
  const [open, setOpen] = useState(false);
  useReturnFocus(open);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <button type="button">Elsewhere</button>
      {open ? (
        <div role="dialog">
          <input aria-label="Inside" autoFocus />
          <button
            type="button"
            onClick={() => {
              setOpen(false);
              if (restoresItself) screen.getByRole("button", { name: "Elsewhere" }).focus();
            }}
          >
            Close
          </button>
        </div>
      ) : null}
    </>
  );
}

test("focus goes back to the opener when the dialog leaves and focus fell to the page", async () => {
  render(<Opener />);
  const open = screen.getByRole("button", { name: "Open" });
  act(() => open.focus());
  fireEvent.click(open);
  expect(document.activeElement).toBe(screen.getByRole("textbox", { name: "Inside" }));
  const close = screen.getByRole("button", { name: "Close" });
  act(() => close.focus());
  fireEvent.click(close);
  await waitFor(() => expect(document.activeElement).toBe(open));
});

test("a press counts as the opener even where the browser does not focus buttons on click", async () => {
  render(<Opener />);
  const open = screen.getByRole("button", { name: "Open" });
  fireEvent.pointerDown(open);
  fireEvent.click(open);
  fireEvent.click(screen.getByRole("button", { name: "Close" }));
  await waitFor(() => expect(document.activeElement).toBe(open));
});

test("focus that someone else placed on close is left alone", async () => {
  render(<Opener restoresItself />);
  const open = screen.getByRole("button", { name: "Open" });
  act(() => open.focus());
  fireEvent.click(open);
  fireEvent.click(screen.getByRole("button", { name: "Close" }));
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  expect(document.activeElement).toBe(screen.getByRole("button", { name: "Elsewhere" }));
});

/** A dialog whose code arrives after the click: it mounts already open (the lazy punch-out flow). */
function LateDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  useReturnFocus(open);
  return open ? (
    <div role="dialog">
      <button type="button" autoFocus onClick={onClose}>
        Close late
      </button>
    </div>
  ) : null;
}

test("a dialog that mounts open still gives focus back to what opened it", async () => {
  function Host() {
    const [open, setOpen] = useState(false);
    const [mounted, setMounted] = useState(false);
    return (
      <>
        <button
          type="button"
          onClick={() => {
            setMounted(true);
            setOpen(true);
          }}
        >
          Open later
        </button>
        {mounted ? <LateDialog open={open} onClose={() => setOpen(false)} /> : null}
      </>
    );
  }
  render(<Host />);
  const open = screen.getByRole("button", { name: "Open later" });
  act(() => open.focus());
  fireEvent.click(open);
  expect(document.activeElement).toBe(screen.getByRole("button", { name: "Close late" }));
  fireEvent.click(screen.getByRole("button", { name: "Close late" }));
  await waitFor(() => expect(document.activeElement).toBe(open));
});
