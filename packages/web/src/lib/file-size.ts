// A file's size as people read it. On its own, so the public form's file picker (a prerendered page's
// island) does not load the attachment list's previews to get it.
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
