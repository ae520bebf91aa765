import { describe, expect, it } from "vitest";
import {
  addMonths,
  burnBlocks,
  coveredDays,
  daysInMonth,
  divideRounded,
  formatCents,
  formatRate,
  invoiceTotals,
  recurringAmountCents,
  taxCents,
  timeAmountCents,
} from "./billing-money.js";

describe("divideRounded", () => {
  it("rounds halves away from zero and the rest to the nearest", () => {
    expect(divideRounded(11, 2)).toBe(6);
    expect(divideRounded(-11, 2)).toBe(-6);
    expect(divideRounded(10, 3)).toBe(3);
    expect(divideRounded(-10, 3)).toBe(-3);
    expect(divideRounded(20, 3)).toBe(7);
    expect(divideRounded(0, 7)).toBe(0);
  });

  it("refuses what would round wrongly", () => {
    expect(() => divideRounded(1.5, 2)).toThrow(RangeError);
    expect(() => divideRounded(1, 0)).toThrow(RangeError);
  });
});

describe("amounts", () => {
  it("prices minutes at an hourly rate to the cent", () => {
    expect(timeAmountCents(60, 12_500)).toBe(12_500);
    expect(timeAmountCents(25, 12_500)).toBe(5_208); // 5208.33
    expect(timeAmountCents(1, 9_999)).toBe(167); // 166.65
    expect(timeAmountCents(7, 15_000)).toBe(1_750);
  });

  it("prorates a month by the days covered", () => {
    // $45 a seat, 12 seats, starting on March 15th: 17 of 31 days.
    expect(coveredDays("2026-03", "2026-03-15", null)).toBe(17);
    expect(recurringAmountCents(12, 4_500, 17, 31)).toBe(29_613); // 29612.9
    expect(recurringAmountCents(12, 4_500, 31, 31)).toBe(54_000);
  });

  it("counts the days an agreement covers at the edges of a month", () => {
    expect(coveredDays("2026-03", "2026-01-01", null)).toBe(31);
    expect(coveredDays("2026-03", "2026-03-01", "2026-03-01")).toBe(1);
    expect(coveredDays("2026-03", "2026-03-31", null)).toBe(1);
    expect(coveredDays("2026-03", "2026-01-01", "2026-03-10")).toBe(10);
    expect(coveredDays("2026-03", "2026-04-01", null)).toBe(0);
    expect(coveredDays("2026-03", "2025-01-01", "2026-02-28")).toBe(0);
    expect(coveredDays("2028-02", "2028-02-10", null)).toBe(20);
    expect(daysInMonth("2028-02")).toBe(29);
    expect(daysInMonth("2026-02")).toBe(28);
  });

  it("steps months across years", () => {
    expect(addMonths("2026-12", 1)).toBe("2027-01");
    expect(addMonths("2026-01", -1)).toBe("2025-12");
  });
});

describe("taxes", () => {
  const lines = [
    { amountCents: 54_000, taxable: true },
    { amountCents: 5_208, taxable: true },
    { amountCents: 1_999, taxable: false },
  ];
  const base = 59_208;

  it("takes HST 13% once on the taxable lines", () => {
    const totals = invoiceTotals(lines, [{ label: "HST", rateMilliPercent: 13_000 }]);
    expect(totals.subtotalCents).toBe(61_207);
    expect(totals.taxes).toEqual([{ label: "HST", rateMilliPercent: 13_000, baseCents: base, amountCents: 7_697 }]);
    expect(totals.totalCents).toBe(61_207 + 7_697);
  });

  it("takes GST and QST each on the price before either", () => {
    const totals = invoiceTotals(lines, [
      { label: "GST", rateMilliPercent: 5_000 },
      { label: "QST", rateMilliPercent: 9_975 },
    ]);
    expect(totals.taxes.map((t) => t.amountCents)).toEqual([2_960, 5_906]); // 2960.4, 5906.0
    expect(totals.taxCents).toBe(2_960 + 5_906);
    expect(totals.totalCents).toBe(totals.subtotalCents + totals.taxCents);
  });

  it("takes nothing when exempt, and a credit note's taxes are negative", () => {
    expect(invoiceTotals(lines, []).totalCents).toBe(61_207);
    const credit = invoiceTotals([{ amountCents: -5_208, taxable: true }], [{ label: "GST", rateMilliPercent: 5_000 }]);
    expect(credit.taxCents).toBe(-260); // -260.4
    expect(credit.totalCents).toBe(-5_468);
  });

  it("rounds a tax on an exact half away from zero", () => {
    expect(taxCents(50, 13_000)).toBe(7); // 6.5
    expect(taxCents(-50, 13_000)).toBe(-7);
  });

  it("always totals the sum of its lines and taxes", () => {
    for (let seed = 1; seed < 200; seed++) {
      const many = Array.from({ length: 1 + (seed % 17) }, (_, i) => ({
        amountCents: ((seed * 7919 + i * 104_729) % 250_000) - (i === 3 ? 40_000 : 0),
        taxable: (seed + i) % 5 !== 0,
      }));
      const totals = invoiceTotals(many, [
        { label: "GST", rateMilliPercent: 5_000 },
        { label: "QST", rateMilliPercent: 9_975 },
      ]);
      const sumOfLines = many.reduce((s, l) => s + l.amountCents, 0);
      expect(totals.subtotalCents).toBe(sumOfLines);
      expect(totals.totalCents).toBe(sumOfLines + totals.taxes.reduce((s, t) => s + t.amountCents, 0));
    }
  });

  it("shows cents and rates as people read them", () => {
    expect(formatCents(123_456)).toBe("$1,234.56");
    expect(formatCents(-5)).toBe("-$0.05");
    expect(formatRate(9_975)).toBe("9.975%");
    expect(formatRate(13_000)).toBe("13%");
  });
});

describe("burnBlocks", () => {
  const remote = "remote";
  const onsite = "onsite";
  const older = {
    id: "A",
    purchasedOn: "2026-01-01",
    expiresOn: "2026-03-31",
    remainingMinutes: 120,
    workTypeIds: [remote, onsite],
  };
  const newer = {
    id: "B",
    purchasedOn: "2026-02-01",
    expiresOn: "2026-12-31",
    remainingMinutes: 600,
    workTypeIds: [remote],
  };

  it("burns the oldest block first and carries the rest into the next", () => {
    const { burns, uncovered } = burnBlocks(
      [newer, older],
      [
        { id: "e1", workDate: "2026-02-10", workTypeId: remote, minutes: 90 },
        { id: "e2", workDate: "2026-02-11", workTypeId: remote, minutes: 60 },
      ],
    );
    expect(burns).toEqual([
      { blockId: "A", entryId: "e1", minutes: 90 },
      { blockId: "A", entryId: "e2", minutes: 30 },
      { blockId: "B", entryId: "e2", minutes: 30 },
    ]);
    expect(uncovered.get("e1")).toBe(0);
    expect(uncovered.get("e2")).toBe(0);
  });

  it("skips an expired block and one that does not cover the work type; the rest is overage", () => {
    const { burns, uncovered } = burnBlocks(
      [older, newer],
      [
        { id: "late", workDate: "2026-04-02", workTypeId: onsite, minutes: 45 },
        { id: "remote", workDate: "2026-04-02", workTypeId: remote, minutes: 700 },
        { id: "early", workDate: "2025-12-31", workTypeId: remote, minutes: 10 },
      ],
    );
    expect(burns).toEqual([{ blockId: "B", entryId: "remote", minutes: 600 }]);
    expect(uncovered.get("late")).toBe(45);
    expect(uncovered.get("remote")).toBe(100);
    expect(uncovered.get("early")).toBe(10);
  });

  it("leaves the blocks it was given unchanged", () => {
    burnBlocks([older], [{ id: "e", workDate: "2026-01-05", workTypeId: remote, minutes: 500 }]);
    expect(older.remainingMinutes).toBe(120);
  });
});
