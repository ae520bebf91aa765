import { createFileRoute, redirect } from "@tanstack/react-router";
import { ClientLoginPage } from "../features/client-auth/client-login-page";
import { hasClientSession } from "../lib/auth-storage";
import { titleHead } from "../lib/page-title";
import { returnTarget } from "../lib/return-path";
import { CLIENT_LANDING } from "../lib/route-guards";

export const Route = createFileRoute("/client-auth")({
  // docs/product-spec.md §2: a client already signed in goes straight to the dashboard (or to the page
  // a guard sent them here from).
  beforeLoad: ({ search }) => {
    if (hasClientSession()) throw redirect({ href: returnTarget(search, CLIENT_LANDING), replace: true });
  },
  head: titleHead("Client Login"),
  component: ClientLoginPage,
});
