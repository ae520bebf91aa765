import { ActionIcon, Button, Group, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { AnchorLink } from "../../components/router-links";
import { BrandColourField } from "./brand-colour-field";
import { LogoField } from "./logo-field";
import type { SiteContentForm } from "./site-form";

const MAX_SOCIAL = 8;

/** Who the provider is: names, colour, logos, where it is and how to reach it, as every page shows them. */
export function IdentitySection({ form, editable }: { form: SiteContentForm; editable: boolean }) {
  const field = (path: string) => form.getInputProps(path);
  const social = form.getValues().identity.social;
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput label="Name" description="On every page, mail and invoice." required {...field("identity.name")} />
        <TextInput label="Legal name" description="On invoices; empty: the name." {...field("identity.legalName")} />
        <TextInput label="Tagline" required {...field("identity.tagline")} />
        <TextInput
          label="Tax registration number"
          description="GST/HST, printed on invoices; empty: none."
          {...field("identity.taxNumber")}
        />
      </SimpleGrid>

      <BrandColourField form={form} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <LogoField form={form} which="light" editable={editable} />
        <LogoField form={form} which="dark" editable={editable} />
      </SimpleGrid>

      <Stack gap="xs" component="section" aria-labelledby="site-address">
        <Title order={3} size="h5" id="site-address">
          Address and contact
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label="Street" {...field("identity.address.street")} />
          <TextInput label="City" required {...field("identity.address.city")} />
          <TextInput label="Province or region" {...field("identity.address.region")} />
          <TextInput label="Postal code" {...field("identity.address.postalCode")} />
          <TextInput label="Country" required {...field("identity.address.country")} />
          <TextInput
            label="Location"
            description='How the pages say where you are: "Toronto, Canada".'
            required
            {...field("identity.location")}
          />
          <TextInput label="Phone" type="tel" required {...field("identity.phone")} />
          <TextInput label="Enquiries address" type="email" required {...field("identity.email")} />
          <TextInput
            label="Support address"
            description="Where clients write for support; inbound mail is matched to it."
            type="email"
            required
            {...field("identity.supportEmail")}
          />
        </SimpleGrid>
      </Stack>

      <Stack gap="xs" component="section" aria-labelledby="site-social">
        <Title order={3} size="h5" id="site-social">
          Social links
        </Title>
        {social.length === 0 && (
          <Text size="sm" c="dimmed">
            No social links.
          </Text>
        )}
        {social.map((link, index) => (
          // The list only grows at its end and loses an item by its index: the index names a row.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <Group key={index} gap="xs" align="flex-start">
            <TextInput
              label={`Link ${index + 1} label`}
              style={{ flex: "1 1 160px" }}
              {...field(`identity.social.${index}.label`)}
            />
            <TextInput
              label={`Link ${index + 1} address`}
              style={{ flex: "2 1 240px" }}
              {...field(`identity.social.${index}.href`)}
            />
            {editable && (
              <ActionIcon
                variant="subtle"
                color="red"
                mt={26}
                aria-label={`Remove link ${index + 1} (${link.label || "no label"})`}
                onClick={() => form.removeListItem("identity.social", index)}
              >
                ×
              </ActionIcon>
            )}
          </Group>
        ))}
        {editable && (
          <Group>
            <Button
              variant="default"
              size="xs"
              disabled={social.length >= MAX_SOCIAL}
              onClick={() => form.insertListItem("identity.social", { label: "", href: "https://" })}
            >
              Add a link
            </Button>
            {social.length >= MAX_SOCIAL && (
              <Text size="xs" c="dimmed">
                At most {MAX_SOCIAL} links.
              </Text>
            )}
          </Group>
        )}
        {typeof form.errors["identity.social"] === "string" && (
          <Text size="xs" c="red">
            {form.errors["identity.social"]}
          </Text>
        )}
      </Stack>

      <Text size="sm" c="dimmed">
        The time zone, business hours and holidays live in the{" "}
        <AnchorLink to="/settings/sla" inherit underline="always">
          SLA settings
        </AnchorLink>
        ; the SMTP server and the address mails are sent from, under{" "}
        <AnchorLink to="/mail" inherit underline="always">
          Sending mail
        </AnchorLink>{" "}
        (an admin's).
      </Text>
    </Stack>
  );
}
