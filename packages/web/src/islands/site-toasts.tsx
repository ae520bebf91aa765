import "@mantine/notifications/styles.css";
import { createRoot } from "react-dom/client";
import { Toasts } from "../app/toasts";
import { IslandProviders } from "./island-providers";

/** The toast container of a marketing page, in a root of its own at the end of <body>. */
export function mountSiteToasts(): void {
  const container = document.createElement("div");
  document.body.append(container);
  createRoot(container).render(
    <IslandProviders>
      <Toasts />
    </IslandProviders>,
  );
}
