// Single sign-on on the sign-in pages (docs/architecture.md §6a): a "Sign in with …" button per provider
// the server has set up, and the message of a sign-in the server refused (?sso_error=). The buttons are
// plain links: the browser leaves for the provider, so there is nothing for JavaScript to do.
import { Alert, Button, Divider, Stack } from "@mantine/core";
import type { AccountPortal } from "@repo/validators";
import { useLocation } from "@tanstack/react-router";
import { trpc } from "../lib/trpc";

/** The providers the server has set up; they change only with its configuration, so they are read once. */
export const useSsoProviders = (enabled = true) =>
  trpc.auth.ssoProviders.useQuery(undefined, { staleTime: Number.POSITIVE_INFINITY, retry: false, enabled });

export function SsoButtons({ portal }: { portal: AccountPortal }) {
  const providers = useSsoProviders();
  if (!providers.data?.length) return null;
  return (
    <Stack gap="xs" mt="lg">
      <Divider label="or" labelPosition="center" />
      {providers.data.map((provider) => (
        <Button
          key={provider.id}
          component="a"
          href={`/api/auth/sso/${provider.id}?portal=${portal}`}
          variant="default"
          fullWidth
        >
          Sign in with {provider.label}
        </Button>
      ))}
    </Stack>
  );
}

/** Why the last single sign-on was refused, as the server said it; nothing otherwise. */
export function SsoError() {
  const message = useLocation({ select: (location) => (location.search as Record<string, unknown>).sso_error });
  if (typeof message !== "string" || !message) return null;
  return (
    <Alert color="red" mt="md" title="Single sign-on failed" role="alert">
      {message}
    </Alert>
  );
}
