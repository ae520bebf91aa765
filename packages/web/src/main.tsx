import "@mantine/core/styles.css";
import "@mantine/notifications/styles.css";
import { RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { createQueryClient } from "./lib/query-client";
import { createAppRouter } from "./router";

// The SPA: portals, sign-in screens, and any page reached by navigating inside it. The prerendered
// marketing pages load entry-site.tsx instead.
const router = createAppRouter({ queryClient: createQueryClient() });

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

const app = (
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>
);

createRoot(container).render(app);
