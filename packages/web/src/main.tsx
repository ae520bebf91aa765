import "@mantine/core/styles.css";
import "@mantine/notifications/styles.css";
import { RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { createQueryClient } from "./lib/query-client";
import { createAppRouter } from "./router";

const router = createAppRouter({ queryClient: createQueryClient() });

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

const app = (
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>
);

if (container.firstElementChild) {
  // A prerendered marketing page (scripts/prerender.mjs): load the route (and its lazy component) first,
  // then hydrate the HTML in place. Without `router.ssr` set, the router renders differently from the
  // prerender and React throws away the page (error #418).
  router.ssr = { manifest: undefined };
  void router.load().then(() => hydrateRoot(container, app));
} else {
  // spa.html: every other path renders from scratch.
  createRoot(container).render(app);
}
