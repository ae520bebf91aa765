// Where a single sign-on lands (docs/architecture.md §6a): /sso-complete?portal=…#token=…&name=…&email=…&role=….
// The session rides in the fragment, which no server log or Referer sees. The page stores it exactly as
// the portal's sign-in page does, takes it out of the address bar and opens the dashboard. When the
// provider did not vouch for a second factor and the person has one (or the policy requires one), the
// fragment holds a challenge instead (#challenge=…&secondFactor=totp|enrol) and the page asks for it.
import { Center, Loader } from "@mantine/core";
import { roleSchema, type AccountPortal } from "@repo/validators";
import { useQueryClient } from "@tanstack/react-query";
import { useLocation, useNavigate, useSearch } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import { SignInCard } from "../../components/sign-in-card";
import type { SecondFactorChallenge, SignedIn } from "../../lib/auth-storage";
import { trpc } from "../../lib/trpc";
import { SecondFactorStep } from "../account/second-factor-step";
import { portalFromSearch, SIGN_IN_PATHS } from "../account/sign-in-paths";
import { storeClientSession } from "../client-auth/client-sign-in";
import { canUseStaffPortal, storeStaffSession, STAFF_ACCOUNT_REQUIRED } from "../staff-auth/staff-session";

export const SSO_INCOMPLETE = "The sign-in did not complete. Please try again.";

/** The session of the fragment, or null when it is not a whole one for this portal. */
export function sessionFromFragment(hash: string, portal: AccountPortal): SignedIn | null {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  const token = params.get("token");
  const name = params.get("name");
  const email = params.get("email");
  const role = roleSchema.safeParse(params.get("role"));
  if (!token || !name || !email || !role.success) return null;
  if ((role.data === "CLIENT") !== (portal === "client")) return null;
  return { token, user: { name, email, role: role.data } };
}

/** The second factor still to come, when the fragment holds a challenge rather than a session. */
export function challengeFromFragment(hash: string): SecondFactorChallenge | null {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  const challenge = params.get("challenge");
  const secondFactor = params.get("secondFactor");
  if (!challenge || (secondFactor !== "totp" && secondFactor !== "enrol")) return null;
  return { challenge, secondFactor };
}

export function SsoCompletePage() {
  const { portal } = portalFromSearch(useSearch({ strict: false }));
  const hash = useLocation({ select: (location) => location.hash });
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const logout = trpc.auth.logout.useMutation();
  const done = useRef(false);
  const [challenge, setChallenge] = useState<SecondFactorChallenge | null>(null);

  const refuse = (message: string) =>
    void navigate({ to: SIGN_IN_PATHS[portal], search: { sso_error: message } as never, replace: true });

  /** Stores the session as the portal's sign-in page does and opens the portal. */
  const admit = (session: SignedIn) => {
    queryClient.clear();
    if (portal === "client") {
      storeClientSession(session);
      void navigate({ to: "/client-dashboard", replace: true });
      return;
    }
    if (!canUseStaffPortal(session.user.role)) {
      // As the staff sign-in page does: a non-staff account is told why, and the session the server opened ends.
      logout.mutate({});
      return refuse(STAFF_ACCOUNT_REQUIRED);
    }
    storeStaffSession(session.token, session.user);
    void navigate({ to: "/dashboard", replace: true });
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on arrival; the fragment is read and dropped
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    // Out of the address bar (and the history) before anything else; the navigation below replaces it too.
    if (typeof window !== "undefined" && window.location.hash) {
      window.history.replaceState(window.history.state, "", window.location.pathname + window.location.search);
    }
    const pending = challengeFromFragment(hash);
    if (pending) return setChallenge(pending);
    const session = sessionFromFragment(hash, portal);
    if (!session) return refuse(SSO_INCOMPLETE);
    admit(session);
  }, []);

  if (challenge) {
    return (
      <SignInCard title="Two-factor sign-in" subtitle="One more step to finish signing in." main="page">
        <SecondFactorStep
          challenge={challenge.challenge}
          mode={challenge.secondFactor}
          onVerified={admit}
          onCancel={() => void navigate({ to: SIGN_IN_PATHS[portal], replace: true })}
        />
      </SignInCard>
    );
  }

  return (
    <Center component="main" mih="100vh" aria-busy="true">
      <Loader role="status" aria-label="Signing you in" />
    </Center>
  );
}
