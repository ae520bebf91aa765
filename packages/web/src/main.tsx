import "@mantine/core/styles.css";
import "@mantine/notifications/styles.css";
import { RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { applyDeferredStylesheets } from "./lib/deferred-stylesheets";
import { createQueryClient } from "./lib/query-client";
import { injectedSiteContent } from "./features/site/site-content";
import { createAppRouter } from "./router";

// The SPA: portals, sign-in screens, and any page reached by navigating inside it (the marketing pages
// too, with their islands rendered as plain components). A prerendered marketing page loads entry-site.tsx.
const router = createAppRouter({ queryClient: createQueryClient(), siteContent: injectedSiteContent() });

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

// The stylesheet loads without blocking the first paint (vite.config.ts): index.html's loading indicator
// shows meanwhile, and the app renders once it has arrived, never unstyled.
void applyDeferredStylesheets().then(() =>
  createRoot(container).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  ),
);
