import { Button, Group } from "@mantine/core";
import type { InputHTMLAttributes } from "react";
import { HoneypotField } from "./honeypot-field";

interface PublicFormFooterProps {
  /** The input props of the form's hidden `website` field. */
  honeypot: InputHTMLAttributes<HTMLInputElement>;
  canSubmit: boolean;
  pending: boolean;
  label: string;
  /** The button's text while the form is sent ("Sending..."). */
  pendingLabel: string;
}

/** The end of a public form (contact, submit ticket): the bot trap, then the submit button. */
export function PublicFormFooter({ honeypot, canSubmit, pending, label, pendingLabel }: PublicFormFooterProps) {
  return (
    <>
      <HoneypotField {...honeypot} />
      <Group>
        <Button type="submit" size="md" disabled={!canSubmit}>
          {pending ? pendingLabel : label}
        </Button>
      </Group>
    </>
  );
}
