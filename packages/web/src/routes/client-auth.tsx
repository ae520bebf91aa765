import { createFileRoute, redirect } from "@tanstack/react-router";
import { ClientLoginPage } from "../features/client-auth/client-login-page";
import { hasClientSession } from "../lib/auth-storage";
import { titleHead } from "../lib/page-title";

export const Route = createFileRoute("/client-auth")({
  // docs/product-spec.md §2: a client already signed in goes straight to the dashboard.
  beforeLoad: () => {
    if (hasClientSession()) throw redirect({ to: "/client-dashboard", replace: true });
  },
  head: titleHead("Client Login"),
  component: ClientLoginPage,
});
