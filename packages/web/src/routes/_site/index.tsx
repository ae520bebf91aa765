import { createFileRoute } from "@tanstack/react-router";
import { HomePage } from "../../features/home/home-page";
import { titleHead } from "../../lib/page-title";

export const Route = createFileRoute("/_site/")({
  head: titleHead("Small Business IT Support in Toronto"),
  component: HomePage,
});
