import { Alert, NativeSelect, Stack, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import type { PublicTicketCreateInput } from "@repo/validators";
import { PUBLIC_PRIORITY_OPTIONS, PUBLIC_TYPE_OPTIONS } from "@repo/validators/labels";
import { lazy, Suspense } from "react";
import { AttachmentPicker, useAttachmentUploads } from "../../components/attachment-picker";
import { OFFER_MIN_CHARS, useDeflection } from "../../lib/deflection";
import { failureMessage } from "../../lib/public-api";
import { LAYOUT } from "../../lib/ui-constants";
import { usePublicForm } from "../../lib/use-public-form";
import { PublicFormFooter } from "../site/public-form-footer";
import { FormRow } from "../site/form-row";
import { PlainTextarea } from "../site/plain-textarea";
import { OrganizationSelect } from "./organization-select";
import { deflectionCalls, submitPublicTicket } from "./public-ticket-api";

// The articles offered for the title load once a title is typed (the page's JavaScript has a budget).
const OfferedArticles = lazy(() => import("./offered-articles").then((m) => ({ default: m.OfferedArticles })));

const TYPE_OPTIONS = Object.entries(PUBLIC_TYPE_OPTIONS).map(([value, label]) => ({ value, label }));
const PRIORITY_OPTIONS = Object.entries(PUBLIC_PRIORITY_OPTIONS).map(([value, label]) => ({ value, label }));

// The text fields; attachments travel beside them (their ids), not as form text.
type TicketValues = Required<Omit<PublicTicketCreateInput, "attachments">>;

const INITIAL_VALUES: TicketValues = {
  requesterName: "",
  requesterEmail: "",
  clientId: "",
  type: "Request",
  priority: "P3",
  title: "",
  description: "",
  website: "",
};

/** The public ticket form (docs/product-spec.md §2, §5 and §8); the rules and their messages are publicTicketCreateInputSchema's. */
export function PublicTicketForm({ onSubmitted }: { onSubmitted: (ticketId: string) => void }) {
  const uploads = useAttachmentUploads("visitor");
  const deflection = useDeflection("website", deflectionCalls);
  const { values, getInputProps, canSubmit, pending, error, formProps } = usePublicForm({
    initialValues: INITIAL_VALUES,
    loadSchema: () => import("./public-ticket-rules").then((rules) => rules.publicTicketCreateInputSchema),
    send: (values) => submitPublicTicket({ ...values, ...uploads.attached }),
    onSent: ({ id }) => {
      uploads.reset();
      deflection.sent();
      notifications.show({
        color: "green",
        title: "Ticket submitted successfully",
        message: `Ticket ID: ${id}. We'll get back to you soon!`,
      });
      onSubmitted(id);
    },
    onFailed: (failure) => {
      notifications.show({ color: "red", title: "Submission failed", message: failureMessage(failure) });
    },
  });

  return (
    <form {...formProps} style={{ position: "relative" }}>
      <Stack gap="md">
        {error ? (
          <Alert color="red" variant="light" title="Failed to submit ticket">
            {failureMessage(error)}
          </Alert>
        ) : null}
        <FormRow>
          <TextInput label="Your Name" autoComplete="name" withAsterisk {...getInputProps("requesterName")} />
          <TextInput
            label="Email Address"
            type="email"
            autoComplete="email"
            withAsterisk
            {...getInputProps("requesterEmail")}
          />
        </FormRow>
        <OrganizationSelect {...getInputProps("clientId")} />
        <FormRow>
          <NativeSelect label="Request Type" data={TYPE_OPTIONS} {...getInputProps("type")} />
          <NativeSelect label="Priority" data={PRIORITY_OPTIONS} {...getInputProps("priority")} />
        </FormRow>
        <TextInput
          label="Issue Summary"
          placeholder="A short description of the problem or request"
          withAsterisk
          {...getInputProps("title")}
        />
        {values.title.trim().length >= OFFER_MIN_CHARS && (
          <Suspense>
            <OfferedArticles title={values.title} onOpen={deflection.opened} />
          </Suspense>
        )}
        <PlainTextarea
          label="Detailed Description"
          placeholder="What happened, who is affected, and what you have already tried"
          rows={LAYOUT.messageRows}
          withAsterisk
          onPaste={uploads.onPaste}
          {...getInputProps("description")}
        />
        <AttachmentPicker uploads={uploads} disabled={pending} />
        <PublicFormFooter
          honeypot={getInputProps("website")}
          canSubmit={canSubmit && !uploads.uploading}
          pending={pending}
          label="Submit Support Ticket"
          pendingLabel="Submitting..."
        />
      </Stack>
    </form>
  );
}
