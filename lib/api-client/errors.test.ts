import { ApiError } from "./errors";
import { jsonResponse } from "./test-helpers";

function textResponse(text: string, status: number, statusText = ""): Response {
  return new Response(text, { status, statusText, headers: { "Content-Type": "text/plain" } });
}

/** A response whose body cannot be read, as after a dropped connection. */
function unreadableResponse(status: number, statusText: string): Response {
  const response = new Response(null, { status, statusText });
  jest.spyOn(response, "text").mockRejectedValue(new TypeError("body stream already read"));
  return response;
}

describe("ApiError.fromResponse", () => {
  it("reads '<status>: <server message>' and keeps the status", async () => {
    const error = await ApiError.fromResponse(jsonResponse({ message: "Title is required" }, { status: 400 }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(Error);
    expect(error.message).toBe("400: Title is required");
    expect(error.status).toBe(400);
  });

  it("has the parts as properties: status, code (null when none) and the server's message", async () => {
    const error = await ApiError.fromResponse(jsonResponse({ message: "Task not found", code: "NOT_FOUND" }, { status: 404 }));
    expect({ status: error.status, code: error.code, serverMessage: error.serverMessage }).toEqual({ status: 404, code: "NOT_FOUND", serverMessage: "Task not found" });
    const plain = await ApiError.fromResponse(textResponse("Forbidden here", 403, "Forbidden"));
    expect({ code: plain.code, serverMessage: plain.serverMessage, message: plain.message }).toEqual({ code: null, serverMessage: "Forbidden here", message: "403: Forbidden here" });
  });

  it("falls back to the status text when the server gives no message", async () => {
    const error = await ApiError.fromResponse(jsonResponse({}, { status: 502, statusText: "Bad Gateway" }));
    expect(error.message).toBe("502: Bad Gateway");
  });

  it("uses a plain-text body as the message", async () => {
    const error = await ApiError.fromResponse(textResponse("Forbidden here", 403, "Forbidden"));
    expect(error.message).toBe("403: Forbidden here");
  });

  it("copies the server's JSON fields onto the error without clobbering its own", async () => {
    const body = { message: "Nope", code: "FORBIDDEN", detail: { field: "title" }, status: 200, name: "x" };
    const error = await ApiError.fromResponse(jsonResponse(body, { status: 403 }));
    expect(error.code).toBe("FORBIDDEN");
    expect(error.serverMessage).toBe("Nope");
    expect(error.detail).toEqual({ field: "title" });
    expect(error.status).toBe(403);
    expect(error.name).toBe("ApiError");
    expect(error.message).toBe("403: Nope");
  });

  it("marks every 409 as a conflict and carries the conflicting task", async () => {
    const conflictingTask = { id: "t1", displayNumber: 12, title: "Groom Rex" };
    const withTask = await ApiError.fromResponse(
      jsonResponse({ message: "Clocked into a task", conflictingTask, activeTask: conflictingTask }, { status: 409 }),
    );
    expect(withTask.hasConflict).toBe(true);
    expect(withTask.conflictingTask).toEqual(conflictingTask);
    expect(withTask.activeTask).toEqual(conflictingTask);

    const plain = await ApiError.fromResponse(textResponse("Conflict", 409));
    expect(plain.hasConflict).toBe(true);
    expect(plain.conflictingTask).toBeUndefined();
  });

  it("does not mark other statuses as conflicts", async () => {
    const error = await ApiError.fromResponse(jsonResponse({ message: "Bad" }, { status: 400 }));
    expect(error.hasConflict).toBeUndefined();
  });

  describe("requiresPunchIn", () => {
    it("is carried when the server sets it", async () => {
      const error = await ApiError.fromResponse(
        jsonResponse({ message: "Punch in first", requiresPunchIn: true }, { status: 403 }),
      );
      expect(error.requiresPunchIn).toBe(true);
    });

    it("is set when a non-JSON body mentions punching in for work", async () => {
      const error = await ApiError.fromResponse(textResponse("You must Punch in for work before starting", 403));
      expect(error.requiresPunchIn).toBe(true);
      expect(error.message).toBe("403: You must Punch in for work before starting");
    });

    it("is set by a 400 whose body cannot be read", async () => {
      const error = await ApiError.fromResponse(unreadableResponse(400, "Bad Request"));
      expect(error.requiresPunchIn).toBe(true);
      expect(error.message).toBe("400: Bad Request");
    });

    it("is not set otherwise", async () => {
      expect((await ApiError.fromResponse(unreadableResponse(500, "Server Error"))).requiresPunchIn).toBeUndefined();
      expect((await ApiError.fromResponse(textResponse("Bad input", 400))).requiresPunchIn).toBeUndefined();
      expect((await ApiError.fromResponse(jsonResponse({ message: "x" }, { status: 400 }))).requiresPunchIn).toBeUndefined();
    });
  });
});
