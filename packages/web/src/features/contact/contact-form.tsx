import { NativeSelect, Stack, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import type { ContactInput } from "@repo/validators";
import { CONTACT_SERVICE_LABELS, type ContactService } from "@repo/validators/labels";
import { useEffect } from "react";
import { failureMessage } from "../../lib/public-api";
import { LAYOUT } from "../../lib/ui-constants";
import { usePublicForm } from "../../lib/use-public-form";
import { PublicFormFooter } from "../site/public-form-footer";
import { labelOptions } from "../../lib/label-options";
import { FormRow } from "../site/form-row";
import { PlainTextarea } from "../site/plain-textarea";
import { submitEnquiry } from "./submit-enquiry";

const SERVICE_OPTIONS = [{ value: "", label: "Select a service (optional)" }, ...labelOptions(CONTACT_SERVICE_LABELS)];

function isContactService(value: string | undefined): value is ContactService {
  return value !== undefined && Object.hasOwn(CONTACT_SERVICE_LABELS, value);
}

interface ContactFormProps {
  /** ?service=: preselected when it names a known service. */
  service?: string;
  /** ?ref=: stored with the enquiry as its origin. */
  origin?: string;
  onSent: () => void;
}

type ContactValues = Required<Omit<ContactInput, "ref" | "service">> & { service: string };

const INITIAL_VALUES: ContactValues = {
  firstName: "",
  lastName: "",
  email: "",
  company: "",
  service: "",
  message: "",
  website: "",
};

/** The enquiry form (docs/product-spec.md §2, §4, §5 and §8); the rules and their messages are contactInputSchema's. */
export function ContactForm({ service, origin, onSent }: ContactFormProps) {
  const { values, getInputProps, setFieldValue, canSubmit, pending, formProps } = usePublicForm({
    initialValues: INITIAL_VALUES,
    loadSchema: () => import("./contact-rules").then((rules) => rules.contactInputSchema),
    send: (values: ContactValues) =>
      submitEnquiry({ ...values, service: values.service as ContactService | "", ref: origin }),
    onSent: () => {
      notifications.show({
        color: "green",
        title: "Message sent successfully",
        message: "Thanks for reaching out — we'll reply within one business day.",
      });
      onSent();
    },
    onFailed: (error) => {
      notifications.show({ color: "red", title: "Error sending message", message: failureMessage(error) });
    },
  });

  // The service arrives after hydration (the prerendered form has none chosen); a service the visitor
  // already picked stays.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when ?service= changes
  useEffect(() => {
    if (isContactService(service) && !values.service) setFieldValue("service", service);
  }, [service]);

  return (
    <form {...formProps} style={{ position: "relative" }}>
      <Stack gap="md">
        <FormRow>
          <TextInput label="First Name" autoComplete="given-name" withAsterisk {...getInputProps("firstName")} />
          <TextInput label="Last Name" autoComplete="family-name" withAsterisk {...getInputProps("lastName")} />
        </FormRow>
        <TextInput label="Email" type="email" autoComplete="email" withAsterisk {...getInputProps("email")} />
        <TextInput label="Company" autoComplete="organization" {...getInputProps("company")} />
        <NativeSelect label="Service" data={SERVICE_OPTIONS} {...getInputProps("service")} />
        <PlainTextarea
          label="Message"
          rows={LAYOUT.messageRows}
          placeholder="Tell us about your team and what you need"
          {...getInputProps("message")}
        />
        <PublicFormFooter
          honeypot={getInputProps("website")}
          canSubmit={canSubmit}
          pending={pending}
          label="Send Message"
          pendingLabel="Sending..."
        />
      </Stack>
    </form>
  );
}
