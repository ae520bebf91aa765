/** Saves `blob` as a download named `fileName`, as a link the page clicks for the person. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the object URL by now; give it a moment before releasing it.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
