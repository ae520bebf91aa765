// A text built from a mail (its body, then a line per file that was not attached) cut to a column's limit
// as a whole: the limit is applied after every part is counted, so no number of notes can push the text
// past it. The notes are kept before the body is cut, up to half the limit; any beyond say how many.

/** Text cut to `max` characters, with an ellipsis when cut; never a negative length. */
export function clip(text: string, max: number): string {
  if (max <= 0) return "";
  return text.length <= max ? text : `${text.slice(0, Math.max(0, max - 1))}…`;
}

/** The body followed by the notes, at most `max` characters in all. */
export function withNotes(text: string, notes: readonly string[], max: number): string {
  if (notes.length === 0) return clip(text, max);
  const budget = Math.floor(max / 2);
  const kept: string[] = [];
  let used = 0;
  for (const [i, note] of notes.entries()) {
    const left = notes.length - i - 1;
    // Room for this note and, if more follow, the line that counts them.
    const tail = left > 0 ? `\n[${left} more files were not attached]`.length : 0;
    if (used + note.length + 1 + tail > budget) {
      kept.push(`[${notes.length - i} more files were not attached]`);
      break;
    }
    kept.push(note);
    used += note.length + 1;
  }
  const block = clip(kept.join("\n"), budget);
  const separator = "\n\n";
  return clip(`${clip(text, max - block.length - separator.length)}${separator}${block}`, max);
}
