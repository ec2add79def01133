/** @jest-environment jsdom */
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { z } from "zod";
import { ApiError } from "@/lib/api-client";
import { Field, Form, applyServerErrors, firstError, useZodForm } from "./form";
import { getCurrentToast } from "./use-toast";

const schema = z.object({
  name: z.string().trim().min(1, "Name is required"),
  every: z.coerce.number().int().min(1, "Every must be at least 1"),
});

function Harness({ onSubmit, withHidden = false }: { onSubmit: (v: z.output<typeof schema>) => void; withHidden?: boolean }) {
  const form = useZodForm(schema, { defaultValues: { name: "", every: withHidden ? 0 : 1 } });
  return (
    <Form form={form} onSubmit={onSubmit} aria-label="Harness">
      <Field name="name" label="Name" />
      {withHidden ? <input type="hidden" {...form.register("every")} /> : <Field name="every" label="Every" type="number" />}
      <button type="button" onClick={() => applyServerErrors(form, new ApiError(400, "Name is taken", { fieldErrors: [{ path: "name", message: "Name is taken" }] }))}>
        Server
      </button>
      <button type="submit">Save</button>
    </Form>
  );
}

afterEach(cleanup);

describe("Form and Field", () => {
  it("submits the schema's output", async () => {
    const onSubmit = jest.fn();
    render(<Harness onSubmit={onSubmit} />);
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "  Rex " } });
    fireEvent.change(screen.getByLabelText("Every"), { target: { value: "3" } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Save" })));
    expect(onSubmit).toHaveBeenCalledWith({ name: "Rex", every: 3 }, expect.anything());
  });

  it("refuses an invalid form, shows the message on the field and focuses it", async () => {
    const onSubmit = jest.fn();
    render(<Harness onSubmit={onSubmit} />);
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Save" })));
    const name = screen.getByLabelText("Name");
    expect(onSubmit).not.toHaveBeenCalled();
    expect(name.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("Name is required").id).toBe(name.getAttribute("aria-describedby"));
    expect(document.activeElement).toBe(name);
  });

  it("says why in a toast when the invalid field cannot take focus", async () => {
    render(<Harness onSubmit={jest.fn()} withHidden />);
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "Rex" } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Save" })));
    await waitFor(() => expect(getCurrentToast()).toMatchObject({ title: "Check the form", description: "Every must be at least 1", variant: "destructive" }));
  });

  it("puts a 400's field errors on the fields", async () => {
    render(<Harness onSubmit={jest.fn()} />);
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Server" })));
    expect(screen.getByText("Name is taken")).toBeTruthy();
    expect(screen.getByLabelText("Name").getAttribute("aria-invalid")).toBe("true");
  });

  it("firstError reads nested errors in order", () => {
    expect(firstError({ a: { b: { message: "deep", type: "x" } }, c: { message: "later", type: "x" } } as never)).toBe("deep");
    expect(firstError({})).toBeNull();
  });
});
