/** @jest-environment jsdom */
import { renderHook } from "@testing-library/react";
import { useOpenedOnce } from "./use-opened-once";

test("false until the first open, then true for good", () => {
  const { result, rerender } = renderHook(({ open }) => useOpenedOnce(open), { initialProps: { open: false } });
  expect(result.current).toBe(false);
  rerender({ open: false });
  expect(result.current).toBe(false);
  rerender({ open: true });
  expect(result.current).toBe(true);
  rerender({ open: false });
  expect(result.current).toBe(true);
});

test("true at once when the first render is already open", () => {
  const { result } = renderHook(() => useOpenedOnce(true));
  expect(result.current).toBe(true);
});
