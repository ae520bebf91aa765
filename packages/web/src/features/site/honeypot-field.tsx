import type { InputHTMLAttributes } from "react";

/**
 * The public forms' trap for bots: a field named `website` that people never see or reach with the
 * keyboard, and that screen readers skip. Bots fill every field; the server drops what arrives with it.
 */
export function HoneypotField(props: InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div aria-hidden="true" style={{ position: "absolute", left: "-10000px", width: 1, height: 1, overflow: "hidden" }}>
      <label>
        Website
        <input type="text" name="website" tabIndex={-1} autoComplete="off" {...props} />
      </label>
    </div>
  );
}
