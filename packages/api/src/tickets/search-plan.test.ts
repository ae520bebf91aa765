// The search's plan choices from the statistics (docs/decisions/0022-search-plans-from-statistics.md): which
// words make a short walk newest first, which pieces of a substring the trigram index looks up.
import { describe, expect, it } from "vitest";
import {
  filterFinds,
  MATCH_READ_COST,
  rarePieces,
  walkFinds,
  WALK_ROWS,
  wordsShare,
  type SearchStats,
} from "./search-plan.js";

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
  tickets: 1_000_000,
  filters: new Map([
    ["NEW", 0.14],
    ["P2", 0.25],
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

describe("filterFinds", () => {
  it("reads one filter's matches through the prefixed words where they cost less than the walk", () => {
    // hvac among P2: 8,750 matches read, against the 114,000 tickets a walk reads for 1,001 of them.
    expect(filterFinds(stats, ["hvac"], "P2", 1001)).toBe(true);
    expect(filterFinds(stats, ["hvac"], "NEW", 1001)).toBe(true);
    // printer among P2: 50,000 matches, where a walk finds 1,001 in 20,000 tickets.
    expect(filterFinds(stats, ["printer"], "P2", 1001)).toBe(false);
    // The fewer matches wanted, the shorter the walk: it wins below 1,000,000 * 0.035 * 0.25 (the matches
    // read) * MATCH_READ_COST * 0.035 * 0.25 (the share of tickets walked that match), 383 here.
    const boundary = 1_000_000 * (0.035 * 0.25) ** 2 * MATCH_READ_COST;
    expect(filterFinds(stats, ["hvac"], "P2", Math.ceil(boundary * 1.01))).toBe(true);
    expect(filterFinds(stats, ["hvac"], "P2", Math.floor(boundary * 0.99))).toBe(false);
  });

  it("reads a word the statistics do not list, or a value they have not seen, by the filter; nothing without them", () => {
    expect(filterFinds(stats, ["zebracorp"], "P2", 1001)).toBe(true);
    expect(filterFinds(stats, ["printer"], "CLOSED", 1001)).toBe(true);
    expect(filterFinds(undefined, ["hvac"], "P2", 1001)).toBe(false);
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
