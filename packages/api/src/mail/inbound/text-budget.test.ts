// The text a mail becomes stays within its column's limit after every part is counted, and no cut is ever
// of a negative length (600 notes once asked for a body of -110,000 characters and got all 126,492).
import { describe, expect, it } from "vitest";
import { clip, withNotes } from "./text-budget.js";

const note = (i: number) => `[${"tool-".repeat(20)}${i}.exe was not attached: This file type is not allowed]`;

describe("withNotes", () => {
  it("keeps body and notes whole when they fit", () => {
    expect(withNotes("Hello", [note(1)], 1000)).toBe(`Hello\n\n${note(1)}`);
    expect(withNotes("Hello", [], 1000)).toBe("Hello");
  });

  it("never passes the limit, however many notes and however long the body", () => {
    for (const count of [1, 10, 60, 600, 5000]) {
      for (const body of ["", "short", "x".repeat(50_000)]) {
        const notes = Array.from({ length: count }, (_, i) => note(i));
        for (const max of [1, 20, 200, 10_000]) {
          expect(withNotes(body, notes, max).length).toBeLessThanOrEqual(max);
        }
      }
    }
  });

  it("keeps the start of the body and says how many more files were left out", () => {
    const notes = Array.from({ length: 600 }, (_, i) => note(i));
    const text = withNotes("x".repeat(9000), notes, 10_000);
    expect(text.length).toBeLessThanOrEqual(10_000);
    expect(text.startsWith("x".repeat(4000))).toBe(true);
    expect(text).toContain(note(0));
    expect(text).toMatch(/\[\d+ more files were not attached\]$/);
  });
});

describe("clip", () => {
  it("cuts with an ellipsis, and to nothing for a limit of zero or less", () => {
    expect(clip("abcdef", 4)).toBe("abc…");
    expect(clip("abc", 3)).toBe("abc");
    expect(clip("abc", 0)).toBe("");
    expect(clip("abc", -5)).toBe("");
  });
});
