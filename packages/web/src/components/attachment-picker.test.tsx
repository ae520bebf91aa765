import { act, renderHook, waitFor } from "@testing-library/react";
import { ATTACHMENT_REFUSALS } from "@repo/validators";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useAttachmentUploads } from "./attachment-picker";

/** Answers every upload with a new id, or with `refusal` as the server's JSON error. */
function server(refusal?: { status: number; error: string }) {
  let next = 0;
  return vi.spyOn(globalThis, "fetch").mockImplementation(async () => {
    if (refusal) return new Response(JSON.stringify({ error: refusal.error, code: "BAD_REQUEST" }), refusal);
    next++;
    const id = `00000000-0000-4000-8000-00000000000${next}`;
    return new Response(JSON.stringify({ id, filename: "f", contentType: "text/plain", size: 1 }), { status: 201 });
  });
}

const file = (name: string, bytes = 10) => new File([new Uint8Array(bytes).fill(97)], name, { type: "text/plain" });

describe("useAttachmentUploads", () => {
  afterEach(() => {
    vi.restoreAllMocks();
    localStorage.clear();
  });

  it("uploads each picked file at once and offers the ids of the uploaded ones", async () => {
    const fetch = server();
    const { result } = renderHook(() => useAttachmentUploads("visitor"));
    act(() => result.current.add([file("a.txt"), file("b.txt")]));
    expect(result.current.uploading).toBe(true);
    expect(result.current.ids).toEqual([]);
    await waitFor(() => expect(result.current.uploading).toBe(false));
    expect(result.current.ids).toHaveLength(2);
    // A visitor's upload carries no session, like the public form's ticket.
    expect(fetch.mock.calls[0]![1]).toMatchObject({ method: "POST", credentials: "omit" });
    expect(fetch.mock.calls[0]![0]).toBe("/api/attachments");
  });

  it("sends a portal upload with the signed-in person's token", async () => {
    const fetch = server();
    localStorage.setItem("auth_token", "tok");
    localStorage.setItem("auth_type", "client");
    const { result } = renderHook(() => useAttachmentUploads("session"));
    act(() => result.current.add([file("a.txt")]));
    await waitFor(() => expect(result.current.ids).toHaveLength(1));
    expect(fetch.mock.calls[0]![1]).toMatchObject({ headers: { Authorization: "Bearer tok" } });
  });

  it("refuses an empty file and one over the size limit without sending them", async () => {
    const fetch = server();
    const { result } = renderHook(() => useAttachmentUploads("session"));
    act(() => result.current.add([file("empty.txt", 0), file("huge.log", 32 * 1024 * 1024 + 1)]));
    expect(result.current.files.map((f) => [f.name, f.state, f.refusal])).toEqual([
      ["empty.txt", "refused", ATTACHMENT_REFUSALS.empty],
      ["huge.log", "refused", ATTACHMENT_REFUSALS.size],
    ]);
    expect(fetch).not.toHaveBeenCalled();
    expect(result.current.uploading).toBe(false);
  });

  it("shows the server's refusal beside the file and never names it in the ids", async () => {
    server({ status: 400, error: ATTACHMENT_REFUSALS.type });
    const { result } = renderHook(() => useAttachmentUploads("session"));
    act(() => result.current.add([file("tool.exe")]));
    await waitFor(() => expect(result.current.files[0]?.state).toBe("refused"));
    expect(result.current.files[0]?.refusal).toBe(ATTACHMENT_REFUSALS.type);
    expect(result.current.ids).toEqual([]);
  });

  it("takes ten files at most, and a removed one makes room for another", async () => {
    const fetch = server();
    const { result } = renderHook(() => useAttachmentUploads("session"));
    act(() => result.current.add(Array.from({ length: 11 }, (_, i) => file(`f${i}.txt`))));
    await waitFor(() => expect(result.current.uploading).toBe(false));
    expect(result.current.ids).toHaveLength(10);
    expect(result.current.files[10]).toMatchObject({ state: "refused", refusal: ATTACHMENT_REFUSALS.count });
    expect(fetch).toHaveBeenCalledTimes(10);

    act(() => result.current.remove(result.current.files[0]!.key));
    act(() => result.current.add([file("late.txt")]));
    await waitFor(() => expect(result.current.ids).toHaveLength(10));
    expect(result.current.files.at(-1)).toMatchObject({ name: "late.txt", state: "uploaded" });

    act(() => result.current.reset());
    expect(result.current.files).toEqual([]);
  });
});
