// happy-dom evaluates Mantine's hiddenFrom/visibleFrom media queries against its viewport width,
// so tests can look at the page as a phone or as a desktop would show it.
interface HappyDomWindow {
  happyDOM?: { setViewport(viewport: { width: number; height: number }): void };
}

export const PHONE_WIDTH = 375;
export const DESKTOP_WIDTH = 1280;

export function setViewportWidth(width: number): void {
  const api = (window as unknown as HappyDomWindow).happyDOM;
  if (!api) throw new Error("These tests expect the happy-dom environment");
  api.setViewport({ width, height: 800 });
}
