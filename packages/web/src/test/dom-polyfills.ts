// happy-dom has no document.fonts (the CSS Font Loading API); Mantine's autosizing Textarea listens to it.
if (typeof document !== "undefined" && !("fonts" in document)) {
  Object.defineProperty(document, "fonts", {
    value: { addEventListener() {}, removeEventListener() {}, ready: Promise.resolve() },
    configurable: true,
  });
}
