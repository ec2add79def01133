/** @jest-environment jsdom */
import { act, cleanup, render, screen, waitFor } from "@testing-library/react";
import { offlineSafe } from "./offline-safe";
import { dismissToast, getCurrentToast } from "./use-toast";

const chunkError = () => new Error("Failed to load chunk static/chunks/0abc.js from module 7: Failed to fetch");
const Real = ({ label }: { label: string }) => <p>real {label}</p>;
const Missing = ({ label }: { label: string }) => <p>missing {label}</p>;

/** The component next/dynamic would render: what the loader resolves to. */
async function resolve(loader: () => Promise<React.ComponentType<{ label: string }>>) {
  return loader();
}

afterEach(() => {
  cleanup();
  dismissToast();
  jest.useRealTimers();
});

describe("offlineSafe", () => {
  it("passes the component through when its code downloads", async () => {
    const Component = await resolve(offlineSafe(async () => Real));
    expect(Component).toBe(Real);
  });

  it("offline: renders nothing and says Connection Lost, then downloads again when rendered later", async () => {
    let online = false;
    const load = jest.fn(async () => {
      if (!online) throw chunkError();
      return Real;
    });
    const Component = await resolve(offlineSafe(load));
    const view = render(<Component label="dialog" />);
    await waitFor(() => expect(getCurrentToast()).toMatchObject({ title: "Connection Lost", variant: "destructive", open: true }));
    expect(view.container.textContent).toBe("");
    expect(load).toHaveBeenCalledTimes(2); // next/dynamic's try and the one on first render

    // Rendered again at once it does not hammer the network; a second later it tries again.
    jest.useFakeTimers({ now: Date.now() });
    view.rerender(<Component label="dialog again" />);
    expect(load).toHaveBeenCalledTimes(2);
    online = true;
    act(() => jest.advanceTimersByTime(1_001));
    view.rerender(<Component label="dialog online" />);
    jest.useRealTimers();
    expect(await screen.findByText("real dialog online")).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(3);
  });

  it("a dialog that cannot open is closed again, so the next tap is a change", async () => {
    const onClose = jest.fn();
    const Dialog = (await offlineSafe(async (): Promise<React.ComponentType<{ open: boolean; onClose: () => void }>> => Promise.reject(chunkError()))());
    render(<Dialog open onClose={onClose} />);
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });

  it("with a stand-in: renders it while the code is missing, without a toast", async () => {
    const before = getCurrentToast()?.id;
    const Component = await resolve(offlineSafe(async () => Promise.reject(chunkError()), Missing));
    render(<Component label="toast" />);
    expect(await screen.findByText("missing toast")).toBeTruthy();
    await act(async () => {});
    expect(getCurrentToast()?.id).toBe(before);
  });
});
