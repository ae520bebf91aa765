import { describe, expect, it } from "vitest";
import { toCsv } from "./csv";

describe("toCsv", () => {
  it("quotes every cell, doubles quotes and ends lines with CRLF", () => {
    expect(
      toCsv(
        ["Client", "Opened"],
        [
          ['Acme "Dental"', 3],
          ["Birch, Legal", null],
        ],
      ),
    ).toBe('"Client","Opened"\r\n"Acme ""Dental""","3"\r\n"Birch, Legal",""\r\n');
  });

  it("keeps a spreadsheet from running a cell as a formula, but writes negative numbers as numbers", () => {
    expect(
      toCsv(
        ["a", "b"],
        [
          ["=HYPERLINK(1)", -2],
          ["@SUM(A1)", "-1+1"],
        ],
      ),
    ).toBe('"a","b"\r\n"\'=HYPERLINK(1)","-2"\r\n"\'@SUM(A1)","\'-1+1"\r\n');
  });
});
