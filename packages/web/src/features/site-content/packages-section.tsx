import {
  Button,
  Group,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  TextInput,
  Title,
  ActionIcon,
  Text,
} from "@mantine/core";
import { PACKAGE_SLUGS } from "@repo/content";
import { type ReactNode, useState } from "react";
import { centsOf, dollarsOf, type SiteContentForm } from "./site-form";

const MAX_LIMITS = 10;

/** The four fixed-scope packages: their names, durations, limits and prices (dollars here, cents stored). */
export function PackagesSection({ form, editable }: { form: SiteContentForm; editable: boolean }) {
  const packages = form.getValues().packages;
  return (
    <Stack gap="md">
      {PACKAGE_SLUGS.map((slug) => {
        const offer = packages[slug];
        const path = `packages.${slug}`;
        const priceError = form.errors[`${path}.priceCents`];
        return (
          <Paper key={slug} withBorder p="md" radius="md" component="section" aria-label={offer.name || slug}>
            <Title order={3} size="h5" mb="sm">
              {offer.name || slug}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput label="Name" required {...form.getInputProps(`${path}.name`)} />
              <PriceInput form={form} path={`${path}.priceCents`} error={priceError} />
              <TextInput label="Duration" required {...form.getInputProps(`${path}.duration`)} />
              <TextInput label="Duration note" {...form.getInputProps(`${path}.durationNote`)} />
            </SimpleGrid>
            <LimitsList form={form} path={path} name={offer.name} limits={offer.limits} editable={editable} />
          </Paper>
        );
      })}
    </Stack>
  );
}

/**
 * A price as money in dollars ("$1,200.50"), stored in the form as cents; empty is no price. What is typed
 * stays as typed ("12." on the way to "12.50"); the form gets the cents of it.
 */
export function PriceInput({ form, path, error }: { form: SiteContentForm; path: string; error: ReactNode }) {
  const [typed, setTyped] = useState<number | string>(() => dollarsOf(form.getInputProps(path).value as number | null));
  return (
    <NumberInput
      label="Price"
      description="In dollars; empty: quoted when you book."
      placeholder="Quoted when you book"
      prefix="$"
      decimalScale={2}
      fixedDecimalScale
      thousandSeparator=","
      min={0}
      allowNegative={false}
      hideControls
      value={typed}
      onChange={(value) => {
        setTyped(value);
        form.setFieldValue(path, centsOf(value));
      }}
      error={error}
    />
  );
}

/** A package offer's limits (1 to 10), at `path` ("packages.<slug>" or "addedPages.<i>.offer"). */
export function LimitsList({
  form,
  path,
  name,
  limits,
  editable,
}: {
  form: SiteContentForm;
  path: string;
  name: string;
  limits: string[];
  editable: boolean;
}) {
  return (
    <Stack gap={6} mt="sm">
      <Text size="sm" fw={500}>
        Limits
      </Text>
      {limits.map((_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a limit is named by its place in the list
        <Group key={index} gap="xs" wrap="nowrap" align="flex-start">
          <TextInput
            aria-label={`${name} limit ${index + 1}`}
            style={{ flex: 1 }}
            {...form.getInputProps(`${path}.limits.${index}`)}
          />
          {editable && limits.length > 1 && (
            <ActionIcon
              variant="subtle"
              color="red"
              mt={4}
              aria-label={`Remove limit ${index + 1}`}
              onClick={() => form.removeListItem(`${path}.limits`, index)}
            >
              ×
            </ActionIcon>
          )}
        </Group>
      ))}
      {editable && limits.length < MAX_LIMITS && (
        <Group>
          <Button variant="default" size="xs" onClick={() => form.insertListItem(`${path}.limits`, "")}>
            Add a limit
          </Button>
        </Group>
      )}
    </Stack>
  );
}
