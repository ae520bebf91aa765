// The end of a form in a sign-in card (forgot password, choose a new password, the second factor's code): the
// server's refusal of the last try in its own words (docs/product-spec.md §8), above the full-width submit
// button. The form stays, so the person can correct it and send it again.
import { Alert, Button, type MantineSpacing } from "@mantine/core";
import type { ReactNode } from "react";
import { serverMessage } from "../lib/server-message";

interface SubmitWithRefusalProps {
  /** The form's call: the button spins while it runs; its refusal shows above. */
  call: { isPending: boolean; isError: boolean; error: unknown };
  /** The refusal's words when the server gave none (a network failure). */
  fallback: string;
  mt?: MantineSpacing;
  children: ReactNode;
}

export function SubmitWithRefusal({ call, fallback, mt, children }: SubmitWithRefusalProps) {
  return (
    <>
      {call.isError && (
        <Alert color="red" role="alert">
          {serverMessage(call.error, fallback)}
        </Alert>
      )}
      <Button type="submit" loading={call.isPending} fullWidth mt={mt}>
        {children}
      </Button>
    </>
  );
}
