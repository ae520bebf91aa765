import { ActionIcon, Button, Group, Select, SimpleGrid, Stack, Switch, Text, Textarea, TextInput } from "@mantine/core";
import { type AddedPage, addedPagePath, type PackageOffer } from "@repo/content";
import { MAX_ADDED_PAGES } from "@repo/validators";
import type { ReactNode } from "react";
import { LimitsList, PriceInput } from "./packages-section";
import { Part } from "./service-pages-section";
import type { SiteContentForm } from "./site-form";

/** At most this many items in an added page's lists (the schema's rule). */
const MAX_ITEMS = 10;

const blankPage = (): AddedPage => ({
  slug: "",
  name: "",
  copy: {
    headline: "",
    summary: "",
    whatYouGet: [""],
    howItWorks: [{ title: "", text: "" }],
    faqs: [{ question: "", answer: "" }],
    cta: { title: "", text: "" },
  },
  offer: null,
});

const blankOffer = (name: string): PackageOffer => ({
  name,
  duration: "",
  durationNote: "",
  limits: [""],
  priceCents: null,
});

interface AddedPagesSectionProps {
  form: SiteContentForm;
  editable: boolean;
  /** The page shown, by its place in the list. */
  index: number;
  onIndex(index: number): void;
}

/**
 * The service pages the provider added (issue 42), at /services/<address>, one at a time: their copy, laid
 * out as the built-in service pages, and optionally a package offer, listed on /pricing under "More packages".
 * Unlike the built-in pages' lists, theirs take 1 to 10 items.
 */
export function AddedPagesSection({ form, editable, index, onIndex }: AddedPagesSectionProps) {
  const pages = form.getValues().addedPages;
  const current = Math.min(index, pages.length - 1);
  const page = pages[current];

  const add = () => {
    form.insertListItem("addedPages", blankPage());
    onIndex(pages.length);
  };
  const remove = () => {
    form.removeListItem("addedPages", current);
    onIndex(Math.max(0, current - 1));
  };

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Pages of your own at /services/&lt;address&gt;, laid out as the built-in service pages. A page with a package
        shows it on /pricing under "More packages". Its "Get a quote" opens the contact form.
      </Text>
      <Group align="flex-end" gap="sm">
        {pages.length > 0 && (
          <Select
            label="Page"
            allowDeselect={false}
            value={String(current)}
            onChange={(value) => value !== null && onIndex(Number(value))}
            data={pages.map((p, i) => ({
              value: String(i),
              label: `${p.name || "New page"} (${p.slug ? addedPagePath(p.slug) : "no address yet"})`,
            }))}
            style={{ flex: 1 }}
            maw={520}
          />
        )}
        {editable && pages.length < MAX_ADDED_PAGES && (
          <Button variant="default" onClick={add}>
            Add a page
          </Button>
        )}
      </Group>
      {pages.length === 0 && <Text>No pages added yet: the site shows the built-in pages only.</Text>}
      {page && (
        <PageFields
          key={current}
          form={form}
          path={`addedPages.${current}`}
          page={page}
          editable={editable}
          onRemove={remove}
        />
      )}
    </Stack>
  );
}

function PageFields({
  form,
  path,
  page,
  editable,
  onRemove,
}: {
  form: SiteContentForm;
  path: string;
  page: AddedPage;
  editable: boolean;
  onRemove(): void;
}) {
  const input = (field: string) => form.getInputProps(`${path}.${field}`);
  const copy = `${path}.copy`;
  const { whatYouGet, howItWorks, faqs } = page.copy;
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          label="Address"
          description="Lower-case letters, digits and hyphens."
          leftSection={<Text size="sm">/services/</Text>}
          leftSectionWidth={80}
          required
          {...input("slug")}
        />
        <TextInput label="Name" description="On /pricing and in search results." required {...input("name")} />
      </SimpleGrid>
      <TextInput label="Headline" required {...input("copy.headline")} />
      <Textarea label="Summary" required autosize minRows={2} {...input("copy.summary")} />

      <ListPart
        title="What you get"
        form={form}
        path={`${copy}.whatYouGet`}
        count={whatYouGet.length}
        min={0}
        editable={editable}
        blank=""
        what="point"
      >
        {(i) => <TextInput label={`What you get ${i + 1}`} {...input(`copy.whatYouGet.${i}`)} />}
      </ListPart>

      <ListPart
        title="How it works"
        form={form}
        path={`${copy}.howItWorks`}
        count={howItWorks.length}
        min={0}
        editable={editable}
        blank={{ title: "", text: "" }}
        what="step"
      >
        {(i) => (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label={`Step ${i + 1} title`} {...input(`copy.howItWorks.${i}.title`)} />
            <Textarea label={`Step ${i + 1} text`} autosize minRows={1} {...input(`copy.howItWorks.${i}.text`)} />
          </SimpleGrid>
        )}
      </ListPart>

      <ListPart
        title="Questions"
        form={form}
        path={`${copy}.faqs`}
        count={faqs.length}
        min={1}
        editable={editable}
        blank={{ question: "", answer: "" }}
        what="question"
      >
        {(i) => (
          <Stack gap={4}>
            <TextInput label={`Question ${i + 1}`} {...input(`copy.faqs.${i}.question`)} />
            <Textarea label={`Answer ${i + 1}`} autosize minRows={2} {...input(`copy.faqs.${i}.answer`)} />
          </Stack>
        )}
      </ListPart>

      <Part title="Closing">
        <TextInput label="Closing title" required {...input("copy.cta.title")} />
        <Textarea label="Closing text" required autosize minRows={2} {...input("copy.cta.text")} />
      </Part>

      <Part title="Package">
        <Switch
          label="Offer this page as a package with a duration and a price"
          checked={page.offer !== null}
          onChange={(event) =>
            form.setFieldValue(`${path}.offer`, event.currentTarget.checked ? blankOffer(page.name) : null)
          }
        />
        {page.offer && (
          <>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput label="Package name" required {...input("offer.name")} />
              <PriceInput
                form={form}
                path={`${path}.offer.priceCents`}
                error={form.errors[`${path}.offer.priceCents`]}
              />
              <TextInput label="Duration" required {...input("offer.duration")} />
              <TextInput label="Duration note" {...input("offer.durationNote")} />
            </SimpleGrid>
            <LimitsList
              form={form}
              path={`${path}.offer`}
              name={page.offer.name}
              limits={page.offer.limits}
              editable={editable}
            />
          </>
        )}
      </Part>

      {editable && (
        <Group>
          <Button variant="subtle" color="red" onClick={onRemove}>
            Remove this page
          </Button>
          <Text size="sm" c="dimmed">
            Removed from the site when the draft is published.
          </Text>
        </Group>
      )}
    </Stack>
  );
}

/** A list of an added page's copy: items added (up to 10) and removed (down to `min`). */
function ListPart<T>({
  title,
  form,
  path,
  count,
  min,
  editable,
  blank,
  what,
  children,
}: {
  title: string;
  form: SiteContentForm;
  path: string;
  count: number;
  min: number;
  editable: boolean;
  blank: T;
  what: string;
  children(index: number): ReactNode;
}) {
  return (
    <Part title={title}>
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: an item is named by its place in the list
        <Group key={i} gap="xs" wrap="nowrap" align="flex-start">
          <div style={{ flex: 1, minWidth: 0 }}>{children(i)}</div>
          {editable && count > min && (
            <ActionIcon
              variant="subtle"
              color="red"
              mt={24}
              aria-label={`Remove ${what} ${i + 1}`}
              onClick={() => form.removeListItem(path, i)}
            >
              ×
            </ActionIcon>
          )}
        </Group>
      ))}
      {editable && count < MAX_ITEMS && (
        <Group>
          <Button variant="default" size="xs" onClick={() => form.insertListItem(path, structuredClone(blank))}>
            Add a {what}
          </Button>
        </Group>
      )}
    </Part>
  );
}
