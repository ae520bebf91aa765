// The search's plan choices from the statistics (docs/decisions/0022-search-plans-from-statistics.md): which
// words make a short walk newest first, which pieces of a substring the trigram index looks up.
import { describe, expect, it } from "vitest";
import { rarePieces, walkFinds, WALK_ROWS, wordsShare, type SearchStats } from "./search-plan.js";

const stats: SearchStats = {
  words: new Map([
    ["the", 0.6],
    ["printer", 0.2],
    ["jam", 0.04],
    ["jams", 0.12],
    ["vpn", 0.14],
    ["example", 1],
    ["user", 0.3],
    ["hvac", 0.035],
  ]),
};

describe("wordsShare", () => {
  it("multiplies the words' shares, the last one summed over the common words it starts", () => {
    expect(wordsShare(stats, ["printer"])).toBeCloseTo(0.2);
    expect(wordsShare(stats, ["printer", "ja"])).toBeCloseTo(0.2 * 0.16);
    // A whole word is not completed: "jam" before the last is "jam" only.
    expect(wordsShare(stats, ["jam", "printer"])).toBeCloseTo(0.04 * 0.2);
  });

  it("knows nothing of a word the statistics do not list", () => {
    expect(wordsShare(stats, ["printer", "zebracorp"])).toBeUndefined();
    expect(wordsShare(stats, ["prin", "jams"])).toBeUndefined();
  });
});

describe("walkFinds", () => {
  it("walks where the matches lie within WALK_ROWS tickets, and never without statistics", () => {
    expect(walkFinds(stats, ["vpn"], 1001)).toBe(true);
    expect(walkFinds(stats, ["hvac"], 1001)).toBe(false);
    expect(walkFinds(stats, ["printer", "jams"], 1001)).toBe(false);
    expect(walkFinds(stats, ["the"], WALK_ROWS * 0.6)).toBe(true);
    expect(walkFinds(stats, ["the"], WALK_ROWS * 0.6 + 1)).toBe(false);
    expect(walkFinds(undefined, ["the"], 1001)).toBe(false);
  });
});

describe("rarePieces", () => {
  it("leaves out the pieces inside a common word, and cuts the common words a piece starts or ends with", () => {
    expect(rarePieces(stats, "user4242@example")).toEqual(["er4242"]);
    expect(rarePieces(stats, "4242@xampl")).toEqual(["4242"]);
    expect(rarePieces(stats, "sn-7q4@example")).toEqual(["sn", "7q4"]);
    expect(rarePieces(stats, "acmeprinter")).toEqual(["acmepr"]);
    expect(rarePieces(stats, "user42")).toEqual(["er42"]);
    // In the case typed: the index and the check compare it as PostgreSQL folds case.
    expect(rarePieces(stats, "User4242@Example")).toEqual(["er4242"]);
    expect(rarePieces(stats, "SN-7Q4@EXAMPLE")).toEqual(["SN", "7Q4"]);
    // Cut to the two characters that make a trigram with the rest.
    expect(rarePieces(stats, "user4")).toEqual(["er4"]);
  });

  it("keeps the whole query when no piece is common, or nothing of three characters would be left", () => {
    expect(rarePieces(stats, "7q4-xk29")).toBeUndefined();
    expect(rarePieces(stats, "ab@example")).toBeUndefined();
    expect(rarePieces(stats, "the-printer")).toBeUndefined();
    expect(rarePieces(undefined, "user4242@example")).toBeUndefined();
  });
});
