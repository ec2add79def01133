/** @jest-environment jsdom */
import { useRef, useState } from "react";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { useFirstUse, useHandoff, type Handoff } from "./first-use";

/** The "real" control: a button that counts how it was opened, or an input that echoes its text. */
function RealButton({ handoff }: { handoff: Handoff | null }) {
  const ref = useRef<HTMLButtonElement>(null);
  const [opened, setOpened] = useState<string[]>([]);
  useHandoff(ref, handoff);
  return (
    <button ref={ref} type="button" data-real="" onClick={() => setOpened((o) => [...o, "click"])} onKeyDown={(e) => setOpened((o) => [...o, e.key])}>
      Menu {opened.join(",")}
    </button>
  );
}

function RealInput({ handoff }: { handoff: Handoff | null }) {
  const ref = useRef<HTMLInputElement>(null);
  const [text, setText] = useState("");
  useHandoff(ref, handoff);
  return <input ref={ref} aria-label="Real" data-real="" onChange={(e) => setText(e.target.value)} data-text={text} />;
}

/** A loader the test resolves by hand. */
function deferredLoader<T>(module: T) {
  let resolve: () => void = () => undefined;
  let calls = 0;
  const load = () => {
    calls += 1;
    return new Promise<T>((r) => (resolve = () => r(module)));
  };
  return { load, finish: () => act(async () => resolve()), calls: () => calls };
}

function ButtonControl({ load }: { load: () => Promise<typeof RealButton> }) {
  const { real: Real, handoff, standInProps } = useFirstUse(load);
  if (Real) return <Real handoff={handoff} />;
  return (
    <button type="button" {...standInProps}>
      Menu
    </button>
  );
}

function InputControl({ load }: { load: () => Promise<typeof RealInput> }) {
  const { real: Real, handoff, standInProps } = useFirstUse(load);
  if (Real) return <Real handoff={handoff} />;
  return <input aria-label="Stand-in" defaultValue="Front Desk" {...standInProps} />;
}

const real = () => document.querySelector("[data-real]");

test("hover starts the download once; the real control takes over without opening", async () => {
  const loader = deferredLoader(RealButton);
  render(<ButtonControl load={loader.load} />);
  const standIn = screen.getByRole("button", { name: "Menu" });
  fireEvent.pointerEnter(standIn);
  fireEvent.pointerEnter(standIn);
  expect(loader.calls()).toBe(1);
  expect(real()).toBeNull();
  await loader.finish();
  expect(real()?.textContent).toBe("Menu ");
  expect(document.activeElement).toBe(document.body);
});

test("a click before the download arrives is handed on: the real control opens", async () => {
  const loader = deferredLoader(RealButton);
  render(<ButtonControl load={loader.load} />);
  fireEvent.click(screen.getByRole("button", { name: "Menu" }), { detail: 1 });
  await loader.finish();
  expect(real()?.textContent).toBe("Menu click");
});

test("Enter on the focused stand-in arrives as a key: the real control gets focus and Enter", async () => {
  const loader = deferredLoader(RealButton);
  render(<ButtonControl load={loader.load} />);
  const standIn = screen.getByRole("button", { name: "Menu" });
  act(() => standIn.focus());
  fireEvent.click(standIn, { detail: 0 });
  await loader.finish();
  expect(real()?.textContent).toBe("Menu Enter");
  expect(document.activeElement).toBe(real());
});

test("focus moves to the real control when the stand-in had it", async () => {
  const loader = deferredLoader(RealButton);
  render(<ButtonControl load={loader.load} />);
  act(() => screen.getByRole("button", { name: "Menu" }).focus());
  await loader.finish();
  expect(document.activeElement).toBe(real());
  expect(real()?.textContent).toBe("Menu ");
});

test("the swap waits for a press to end, then hands on its click", async () => {
  const loader = deferredLoader(RealButton);
  render(<ButtonControl load={loader.load} />);
  const standIn = screen.getByRole("button", { name: "Menu" });
  fireEvent.pointerDown(standIn);
  await loader.finish();
  expect(real()).toBeNull();
  fireEvent.pointerUp(window);
  fireEvent.click(standIn, { detail: 1 });
  await act(() => new Promise((r) => setTimeout(r, 0)));
  expect(real()?.textContent).toBe("Menu click");
});

test("text typed into a stand-in input goes on in the real one", async () => {
  const loader = deferredLoader(RealInput);
  render(<InputControl load={loader.load} />);
  const standIn = screen.getByRole("textbox", { name: "Stand-in" }) as HTMLInputElement;
  act(() => standIn.focus());
  fireEvent.change(standIn, { target: { value: "Night" } });
  await loader.finish();
  const input = real() as HTMLInputElement;
  expect(document.activeElement).toBe(input);
  expect(input.value).toBe("Night");
  expect(input.dataset.text).toBe("Night");
});

test("an untouched stand-in input hands on no text", async () => {
  const loader = deferredLoader(RealInput);
  render(<InputControl load={loader.load} />);
  act(() => screen.getByRole("textbox", { name: "Stand-in" }).focus());
  await loader.finish();
  expect((real() as HTMLInputElement).value).toBe("");
});

test("once loaded, later mounts are the real control at once", async () => {
  const loader = deferredLoader(RealButton);
  const first = render(<ButtonControl load={loader.load} />);
  fireEvent.pointerEnter(screen.getByRole("button", { name: "Menu" }));
  await loader.finish();
  first.unmount();
  render(<ButtonControl load={loader.load} />);
  expect(real()).not.toBeNull();
  expect(loader.calls()).toBe(1);
});

test("a failed download leaves the stand-in, and the next gesture tries again", async () => {
  let attempts = 0;
  const load = () => (++attempts === 1 ? Promise.reject(new Error("offline")) : Promise.resolve(RealButton));
  render(<ButtonControl load={load} />);
  const standIn = screen.getByRole("button", { name: "Menu" });
  await act(async () => fireEvent.pointerEnter(standIn));
  expect(real()).toBeNull();
  await act(async () => fireEvent.click(standIn, { detail: 1 }));
  expect(attempts).toBe(2);
  expect(real()?.textContent).toBe("Menu click");
});
