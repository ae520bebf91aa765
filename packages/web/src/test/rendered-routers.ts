// The routers the tests rendered, so that each test ends only once their navigations have settled. A
// navigation still loading a lazy screen when a test ends keeps the router's pending-screen timer; when
// it fires after the file's window is gone, React reads `window` and vitest reports an unhandled
// ReferenceError (seen on a busy CI machine: the sign-in test's last navigation to the dashboard).
// Kept apart from render-app.tsx so that test/setup.ts can use it without importing the whole app.

interface LoadingRouter {
  state: { isLoading: boolean };
}

const rendered = new Set<LoadingRouter>();

export function trackRouter(router: LoadingRouter): void {
  rendered.add(router);
}

/** Waits (at most `limitMs`) until no rendered router is loading, then forgets them all. */
export async function settleRenderedRouters(limitMs = 10_000): Promise<void> {
  const until = Date.now() + limitMs;
  while ([...rendered].some((router) => router.state.isLoading) && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  rendered.clear();
}
