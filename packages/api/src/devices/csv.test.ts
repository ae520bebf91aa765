import { describe, expect, it } from "vitest";
import { csvCell, parseCsv, unneutralise } from "./csv.js";

describe("csvCell", () => {
  it("quotes every cell and doubles quotes (RFC 4180)", () => {
    expect(csvCell("plain")).toBe('"plain"');
    expect(csvCell('say "hi", then\r\nleave')).toBe('"say ""hi"", then\r\nleave"');
    expect(csvCell(null)).toBe('""');
    expect(csvCell(true)).toBe('"true"');
  });

  it.each(['=HYPERLINK("http://evil")', "+1+1", "-2+3", "@SUM(A1)", "\tcmd", "\rcmd"])(
    "neutralises a formula-like cell %j with a leading quote",
    (value) => {
      expect(csvCell(value)).toBe(`"'${value.replace(/"/g, '""')}"`);
      expect(unneutralise(`'${value}`)).toBe(value);
    },
  );

  it("leaves ordinary apostrophes alone on the way back", () => {
    expect(unneutralise("'quoted'")).toBe("'quoted'");
  });
});

describe("parseCsv", () => {
  it("reads quoted fields with commas, doubled quotes and line breaks, CRLF or LF", () => {
    const records = parseCsv('a,b,c\r\n"1,5","say ""hi""","two\r\nlines"\n4,,6\n');
    expect(records).toEqual([
      { line: 1, cells: ["a", "b", "c"] },
      { line: 2, cells: ["1,5", 'say "hi"', "two\r\nlines"] },
      { line: 4, cells: ["4", "", "6"] },
    ]);
  });

  it("skips a byte-order mark and blank lines but keeps counting lines", () => {
    expect(parseCsv("\uFEFFserial\n\nX1\n\nX2")).toEqual([
      { line: 1, cells: ["serial"] },
      { line: 3, cells: ["X1"] },
      { line: 5, cells: ["X2"] },
    ]);
  });

  it("rejects an unclosed quote and a stray quote", () => {
    expect(() => parseCsv('a\n"open')).toThrow(/not closed/);
    expect(() => parseCsv('a\nab"c')).toThrow(/quote inside an unquoted field/);
  });
});
