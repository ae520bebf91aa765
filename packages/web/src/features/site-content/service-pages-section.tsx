import { Paper, Select, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from "@mantine/core";
import { SERVICES } from "@repo/content";
import type { QuoteService } from "@repo/validators/labels";
import type { ReactNode } from "react";
import type { SiteContentForm } from "./site-form";

export const SERVICE_PAGES = Object.keys(SERVICES) as QuoteService[];

/**
 * The copy of one service page at a time. Its lists keep the number of items the page shows (the schema's
 * rule): their texts are edited, no item added or removed.
 */
export function ServicePagesSection({
  form,
  page,
  onPage,
}: {
  form: SiteContentForm;
  page: QuoteService;
  onPage(page: QuoteService): void;
}) {
  const copy = form.getValues().services[page];
  const path = `services.${page}`;
  const input = (field: string) => form.getInputProps(`${path}.${field}`);
  return (
    <Stack gap="md">
      <Select
        label="Page"
        allowDeselect={false}
        value={page}
        onChange={(value) => value && onPage(value as QuoteService)}
        data={SERVICE_PAGES.map((slug) => ({ value: slug, label: `${SERVICES[slug].name} (${SERVICES[slug].path})` }))}
        maw={520}
      />
      <Text size="sm" c="dimmed">
        The lists keep their number of items, as the page lays them out: edit their texts.
      </Text>
      <TextInput label="Headline" required {...input("headline")} />
      <Textarea label="Summary" required autosize minRows={2} {...input("summary")} />

      <Part title="What you get">
        {copy.whatYouGet.map((_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the list's length is fixed; an item is its place
          <TextInput key={i} aria-label={`What you get ${i + 1}`} {...input(`whatYouGet.${i}`)} />
        ))}
      </Part>

      <Part title="How it works">
        {copy.howItWorks.map((_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the list's length is fixed; an item is its place
          <SimpleGrid key={i} cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label={`Step ${i + 1} title`} {...input(`howItWorks.${i}.title`)} />
            <Textarea label={`Step ${i + 1} text`} autosize minRows={1} {...input(`howItWorks.${i}.text`)} />
          </SimpleGrid>
        ))}
      </Part>

      {copy.timeline && (
        <Part title="Timeline">
          <TextInput label="Timeline title" {...input("timeline.title")} />
          {copy.timeline.entries.map((_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the list's length is fixed; an item is its place
            <SimpleGrid key={i} cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput label={`Entry ${i + 1} when`} {...input(`timeline.entries.${i}.when`)} />
              <TextInput label={`Entry ${i + 1} what happens`} {...input(`timeline.entries.${i}.what`)} />
            </SimpleGrid>
          ))}
          {copy.timeline.note !== undefined && <TextInput label="Timeline note" {...input("timeline.note")} />}
        </Part>
      )}

      <Part title="Questions">
        {copy.faqs.map((_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the list's length is fixed; an item is its place
          <Stack key={i} gap={4}>
            <TextInput label={`Question ${i + 1}`} {...input(`faqs.${i}.question`)} />
            <Textarea label={`Answer ${i + 1}`} autosize minRows={2} {...input(`faqs.${i}.answer`)} />
          </Stack>
        ))}
      </Part>

      <Part title="Closing">
        <TextInput label="Closing title" {...input("cta.title")} />
        <Textarea label="Closing text" autosize minRows={2} {...input("cta.text")} />
      </Part>
    </Stack>
  );
}

/** A titled part of a page's copy. */
export function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title}>
      <Title order={3} size="h5" mb="sm">
        {title}
      </Title>
      <Stack gap="sm">{children}</Stack>
    </Paper>
  );
}
