// What the client and the staff sign-in pages share (docs/product-spec.md §2): a centred card with the
// page's title and subtitle, and the email and password inputs.
import { Center, Paper, TextInput } from "@mantine/core";
import type { ReactNode } from "react";
import { SupportTicketPrompt } from "../features/site/support-ticket-link";
import type { FieldsForm } from "./fields-form";
import { HeadingWithText } from "./heading-with-text";
import { FormPassword } from "./password-fields";
import { AnchorLink } from "./router-links";

interface SignInCardProps {
  title: ReactNode;
  subtitle: string;
  /** Which element is the page's <main> landmark: the full-page backdrop (staff) or the card (client). */
  main: "page" | "card";
  children: ReactNode;
}

export function SignInCard({ title, subtitle, main, children }: SignInCardProps) {
  return (
    <Center component={main === "page" ? "main" : "div"} mih="100vh" bg="gray.0" p="md">
      <Paper withBorder shadow="sm" p="xl" maw={420} w="100%" component={main === "card" ? "main" : "div"}>
        <HeadingWithText order={1} size="h2" title={title} text={subtitle} />
        {children}
        <SupportTicketPrompt c="dimmed" ta="center" mt="md" />
      </Paper>
    </Center>
  );
}

interface CredentialFieldsProps {
  form: FieldsForm<"email" | "password">;
  /** The browser's hint for the email input: "email" for clients, "username" for staff accounts. */
  emailAutoComplete: "email" | "username";
  /** Which portal's "Forgot password?" link to show under the password. */
  forgotPortal: "client" | "staff";
}

export function CredentialFields({ form, emailAutoComplete, forgotPortal }: CredentialFieldsProps) {
  return (
    <>
      <TextInput
        label="Email"
        type="email"
        autoComplete={emailAutoComplete}
        placeholder="you@company.com"
        key={form.key("email")}
        {...form.getInputProps("email")}
      />
      <FormPassword form={form} name="password" label="Password" autoComplete="current-password" />
      <AnchorLink to="/forgot-password" search={{ portal: forgotPortal }} size="sm" ta="right">
        Forgot password?
      </AnchorLink>
    </>
  );
}
