import { fireEvent, render } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { ignoresShortcut, isTypingTarget, useShortcuts } from "./use-shortcuts";

function Page({ onJ, enabled = true }: { onJ: () => void; enabled?: boolean }) {
  useShortcuts({ j: onJ }, enabled);
  return (
    <div>
      <input aria-label="Search" type="search" />
      <input aria-label="Select row" type="checkbox" />
      <textarea aria-label="Reply" />
      <select aria-label="Status">
        <option>New</option>
      </select>
      <div data-testid="Editor" contentEditable suppressContentEditableWarning>
        <span>inside</span>
      </div>
      <p>Plain text</p>
    </div>
  );
}

describe("the typing guard", () => {
  it("treats text fields, selects and contenteditable as typing", () => {
    const { getByLabelText, getByText, getByTestId } = render(<Page onJ={() => {}} />);
    for (const label of ["Search", "Reply", "Status"]) expect(isTypingTarget(getByLabelText(label))).toBe(true);
    expect(isTypingTarget(getByTestId("Editor"))).toBe(true);
    // A child of an editable region is typing too.
    expect(isTypingTarget(getByText("inside"))).toBe(true);
    expect(isTypingTarget(getByLabelText("Select row"))).toBe(false);
    expect(isTypingTarget(getByText("Plain text"))).toBe(false);
    expect(isTypingTarget(document.body)).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });

  it("leaves modified keys to the browser", () => {
    const base = { ctrlKey: false, metaKey: false, altKey: false, isComposing: false, target: document.body };
    expect(ignoresShortcut(base)).toBe(false);
    expect(ignoresShortcut({ ...base, ctrlKey: true })).toBe(true);
    expect(ignoresShortcut({ ...base, metaKey: true })).toBe(true);
    expect(ignoresShortcut({ ...base, altKey: true })).toBe(true);
  });
});

describe("useShortcuts", () => {
  it("fires on the page, never while typing or with a modifier, and not when disabled", () => {
    const onJ = vi.fn();
    const { getByLabelText, getByText, getByTestId, rerender } = render(<Page onJ={onJ} />);
    fireEvent.keyDown(getByText("Plain text"), { key: "j" });
    expect(onJ).toHaveBeenCalledTimes(1);
    for (const label of ["Search", "Reply", "Status"]) fireEvent.keyDown(getByLabelText(label), { key: "j" });
    fireEvent.keyDown(getByTestId("Editor"), { key: "j" });
    fireEvent.keyDown(document.body, { key: "j", ctrlKey: true });
    fireEvent.keyDown(document.body, { key: "j", metaKey: true });
    fireEvent.keyDown(document.body, { key: "j", altKey: true });
    fireEvent.keyDown(document.body, { key: "k" });
    expect(onJ).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(getByLabelText("Select row"), { key: "j" });
    expect(onJ).toHaveBeenCalledTimes(2);
    rerender(<Page onJ={onJ} enabled={false} />);
    fireEvent.keyDown(document.body, { key: "j" });
    expect(onJ).toHaveBeenCalledTimes(2);
  });
});
