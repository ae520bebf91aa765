import { Alert, Button, Group, Stack, Tabs, Textarea, Text } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { addedPagePath, SERVICES, type SiteContent } from "@repo/content";
import type { QuoteService } from "@repo/validators/labels";
import { useBlocker } from "@tanstack/react-router";
import { type ReactNode, useState } from "react";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { readStoredUser } from "../../lib/auth-storage";
import { formatDateTime } from "../../lib/format-date";
import { httpStatus, serverMessage } from "../../lib/server-message";
import { showCallFailure, showFailure, showSuccess, toastOutcome } from "../../lib/staff-toasts";
import { trpc } from "../../lib/trpc";
import type { SiteContentState, SiteDraft } from "./api-types";
import { AddedPagesSection } from "./added-pages-section";
import { HistorySection } from "./history-section";
import { IdentitySection } from "./identity-section";
import { PackagesSection } from "./packages-section";
import { ServicePagesSection } from "./service-pages-section";
import { mayEditSite, mayPublishSite, siteContentSchema } from "./site-form";

export type SiteTab = "identity" | "packages" | "services" | "pages" | "pricing" | "history";

const LEAVE = "Your changes to the website are not saved. Leave anyway?";

interface SiteEditorProps {
  state: SiteContentState;
  tab: SiteTab;
  onTab(tab: SiteTab): void;
  page: QuoteService;
  onPage(page: QuoteService): void;
  /** The added page shown on the Pages tab, by its place in the list. */
  added: number;
  onAdded(index: number): void;
}

/**
 * The draft (or, without one, the published content) in a form checked by the server's schema. Save draft
 * sends the draft's version it started from, so a save over someone else's newer one is refused (409) with
 * the server's words and a Reload; Publish (an ADMIN's) publishes the saved draft's version, so it is
 * disabled while changes are unsaved. A VIEWER reads it all, changing nothing.
 */
export function SiteEditor({ state, tab, onTab, page, onPage, added, onAdded }: SiteEditorProps) {
  const role = readStoredUser()?.role;
  const editable = mayEditSite(role);
  const utils = trpc.useUtils();
  const { draft } = state;
  const form = useForm<SiteContent>({
    mode: "controlled",
    initialValues: draft?.content ?? state.published,
    validate: schemaResolver(siteContentSchema, { sync: true }),
  });
  const unsaved = editable && form.isDirty();
  const [conflict, setConflict] = useState<string | null>(null);
  const [discarding, setDiscarding] = useState<true | null>(null);

  useBlocker({
    shouldBlockFn: () => !window.confirm(LEAVE),
    enableBeforeUnload: unsaved,
    disabled: !unsaved,
  });

  /** The saved draft becomes the screen's state; the editor starts afresh from it. */
  const showDraft = (saved: SiteDraft | null) =>
    utils.siteContent.state.setData(undefined, (current) => current && { ...current, draft: saved });
  const reload = async () => {
    await Promise.all([utils.siteContent.state.invalidate(), utils.siteContent.revisions.invalidate()]);
  };

  const save = trpc.siteContent.saveDraft.useMutation({
    onSuccess: (saved) => {
      setConflict(null);
      showSuccess("Draft saved", "The site shows the published content until an admin publishes.");
      form.resetDirty(saved.content);
      showDraft(saved);
    },
    onError: (error) => {
      if (httpStatus(error) === 409) return setConflict(serverMessage(error, "The draft was changed meanwhile."));
      showCallFailure(error, "Failed to save the draft");
    },
  });
  const publish = trpc.siteContent.publish.useMutation(
    toastOutcome(() => ["Published", "The site shows the new content now."], "Failed to publish", reload),
  );
  const discard = trpc.siteContent.discardDraft.useMutation(
    toastOutcome(
      () => ["Draft discarded", "The editor shows the published content."],
      "Failed to discard the draft",
      async () => {
        setDiscarding(null);
        form.resetDirty();
        await reload();
      },
    ),
  );

  const submit = form.onSubmit(
    (content) => save.mutate({ content, baseVersion: draft?.version ?? null }),
    (errors) => {
      // The first field to fix may sit in another tab (or on another service page): show it there.
      const [path, message] = Object.entries(errors)[0] ?? [];
      const [section, slug] = path?.split(".") ?? [];
      if (section === "identity" || section === "packages" || section === "services" || section === "pricing")
        onTab(section);
      if (section === "services" && slug) onPage(slug as QuoteService);
      if (section === "addedPages") {
        onTab("pages");
        if (slug && /^\d+$/.test(slug)) onAdded(Number(slug));
      }
      showFailure(message ? String(message) : "Some fields need attention", "Not saved");
    },
  );
  const addedSlug = form.getValues().addedPages[added]?.slug;
  const previewPath =
    tab === "services" ? SERVICES[page].path : tab === "pages" && addedSlug ? addedPagePath(addedSlug) : "/";

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Alert color={draft ? "yellow" : "blue"} title={draft ? "A draft is open" : "The published content"}>
          {draft
            ? `Saved by ${draft.authorName ?? "someone"} on ${formatDateTime(draft.updatedAt)}. The site shows the published content until an admin publishes the draft.`
            : "Editing starts a draft; the site shows the published content until an admin publishes."}
        </Alert>
        {conflict && (
          <Alert color="red" title="Not saved" role="alert">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{conflict}</Text>
              <Button size="xs" variant="default" onClick={() => void reload().then(() => setConflict(null))}>
                Reload
              </Button>
            </Stack>
          </Alert>
        )}
        <Group gap="sm">
          {editable && (
            <Button type="submit" loading={save.isPending} disabled={!unsaved}>
              Save draft
            </Button>
          )}
          {draft &&
            (unsaved ? (
              <Button variant="default" disabled title="Save the draft first to preview it">
                Preview
              </Button>
            ) : (
              <Button
                component="a"
                variant="default"
                href={`/api/site-content/preview?path=${encodeURIComponent(previewPath)}`}
                target="_blank"
                rel="noopener"
                title={`Preview ${previewPath} with the draft`}
              >
                Preview
              </Button>
            ))}
          {mayPublishSite(role) && draft && (
            <Button
              variant="light"
              color="green"
              disabled={unsaved}
              title={unsaved ? "Save the draft first" : undefined}
              loading={publish.isPending}
              onClick={() => publish.mutate({ version: draft.version })}
            >
              Publish
            </Button>
          )}
          {editable && draft && (
            <Button variant="subtle" color="red" onClick={() => setDiscarding(true)}>
              Discard draft
            </Button>
          )}
          {unsaved && (
            <Text size="sm" c="dimmed">
              Unsaved changes{mayPublishSite(role) && draft ? ": save them before publishing." : "."}
            </Text>
          )}
        </Group>

        <Tabs value={tab} onChange={(value) => value && onTab(value as SiteTab)} keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="identity">Identity</Tabs.Tab>
            <Tabs.Tab value="packages">Packages</Tabs.Tab>
            <Tabs.Tab value="services">Service pages</Tabs.Tab>
            <Tabs.Tab value="pages">Added pages</Tabs.Tab>
            <Tabs.Tab value="pricing">Pricing</Tabs.Tab>
            <Tabs.Tab value="history">History</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="identity" pt="md">
            <ReadOnlyUnless editable={editable}>
              <IdentitySection form={form} editable={editable} />
            </ReadOnlyUnless>
          </Tabs.Panel>
          <Tabs.Panel value="packages" pt="md">
            <ReadOnlyUnless editable={editable}>
              <PackagesSection form={form} editable={editable} />
            </ReadOnlyUnless>
          </Tabs.Panel>
          <Tabs.Panel value="services" pt="md">
            <ReadOnlyUnless editable={editable}>
              <ServicePagesSection form={form} page={page} onPage={onPage} />
            </ReadOnlyUnless>
          </Tabs.Panel>
          <Tabs.Panel value="pages" pt="md">
            <ReadOnlyUnless editable={editable}>
              <AddedPagesSection form={form} editable={editable} index={added} onIndex={onAdded} />
            </ReadOnlyUnless>
          </Tabs.Panel>
          <Tabs.Panel value="pricing" pt="md">
            <ReadOnlyUnless editable={editable}>
              <Stack gap="md">
                <Textarea label="Subtitle" required autosize minRows={2} {...form.getInputProps("pricing.subtitle")} />
                <Textarea label="Note" required autosize minRows={2} {...form.getInputProps("pricing.note")} />
              </Stack>
            </ReadOnlyUnless>
          </Tabs.Panel>
          <Tabs.Panel value="history" pt="md">
            <HistorySection editable={editable} onRestored={showDraft} />
          </Tabs.Panel>
        </Tabs>
      </Stack>
      <ConfirmDialog
        item={discarding}
        onClose={() => setDiscarding(null)}
        texts={{ title: "Discard the draft?", label: "Discard", pendingLabel: "Discarding..." }}
        mutation={discard}
        input={() => undefined}
      >
        The draft and any unsaved changes are lost. The site keeps the published content.
      </ConfirmDialog>
    </form>
  );
}

/** A VIEWER's form: every field shown, none changed (the server refuses their writes anyway). */
function ReadOnlyUnless({ editable, children }: { editable: boolean; children: ReactNode }) {
  return (
    <fieldset disabled={!editable} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      {children}
    </fieldset>
  );
}
