import type { ReactNode } from "react";
import "./form-row.css";

/**
 * Two fields of a public form side by side on a wide screen, one above the other on a phone. A class,
 * not Mantine's SimpleGrid: its responsive columns are JavaScript that writes a <style> for each grid,
 * 0.7 KB gzipped that /submit-ticket, at the edge of its 100 KB budget (docs/performance.md), downloads for two rows.
 */
export function FormRow({ children }: { children: ReactNode }) {
  return <div className="form-row">{children}</div>;
}
