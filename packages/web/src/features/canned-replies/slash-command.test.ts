import { describe, expect, it } from "vitest";
import { matchingReplies, replaceRange, slashCommandAt } from "./slash-command";

describe("slashCommandAt", () => {
  it("finds a slash at the start of the text or of a word, up to the caret", () => {
    expect(slashCommandAt("/", 1)).toEqual({ start: 0, end: 1, query: "" });
    expect(slashCommandAt("Hi /reso", 8)).toEqual({ start: 3, end: 8, query: "reso" });
    expect(slashCommandAt("Hi\n/pass rest", 8)).toEqual({ start: 3, end: 8, query: "pass" });
  });

  it("ignores a slash inside a word, and a command the caret has left", () => {
    expect(slashCommandAt("and/or", 6)).toBeNull();
    expect(slashCommandAt("C:/temp", 7)).toBeNull();
    expect(slashCommandAt("/reso done", 10)).toBeNull();
    expect(slashCommandAt("no slash", 8)).toBeNull();
  });
});

describe("matchingReplies", () => {
  const replies = [
    { title: "Resolved: please confirm", body: "We believe it is fixed." },
    { title: "Password reset done", body: "The password is reset." },
    { title: "Remote session", body: "A remote session to confirm the fix." },
  ];
  it("matches every word in the title first, then in the text", () => {
    expect(matchingReplies(replies, "").map((r) => r.title)).toHaveLength(3);
    expect(matchingReplies(replies, "pass").map((r) => r.title)).toEqual(["Password reset done"]);
    expect(matchingReplies(replies, "confirm").map((r) => r.title)).toEqual([
      "Resolved: please confirm",
      "Remote session",
    ]);
    expect(matchingReplies(replies, "nothing")).toEqual([]);
  });
});

describe("replaceRange", () => {
  it("puts the text in place of the command and the caret after it", () => {
    expect(replaceRange("Hi /reso!", { start: 3, end: 8 }, "Hello Dana")).toEqual({
      text: "Hi Hello Dana!",
      caret: 13,
    });
  });
});
