import { ApiError } from "@/lib/api-client";
import { dismissToast, getCurrentToast as currentToast, toast, toastError } from "./use-toast";

describe("toast store", () => {
  it("shows one toast at a time: a new toast replaces the old", () => {
    toast({ title: "Punched In", description: "You are now clocked in for work." });
    const second = toast({ title: "Punched Out", description: "You have been clocked out." });
    expect(currentToast()).toEqual({
      id: second.id,
      title: "Punched Out",
      description: "You have been clocked out.",
      variant: "default",
      open: true,
    });
  });

  it("closes only the toast it belongs to", () => {
    const first = toast({ title: "First" });
    toast({ title: "Second" });
    first.dismiss();
    expect(currentToast()?.open).toBe(true);
    dismissToast();
    expect(currentToast()?.open).toBe(false);
  });

  it("shows errors as the friendly, destructive toast", async () => {
    await toastError(new ApiError(403, "Admins only"));
    expect(currentToast()).toMatchObject({
      title: "Permission Denied",
      description: "You don't have permission to do this. Please contact your administrator.",
      variant: "destructive",
    });
  });
});
