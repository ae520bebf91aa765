import { createFileRoute } from "@tanstack/react-router";
import { StaffLoginPage } from "../features/staff-auth/staff-login-page";
import { titleHead } from "../lib/page-title";

export const Route = createFileRoute("/admin")({
  head: titleHead("Admin Portal"),
  component: StaffLoginPage,
});
