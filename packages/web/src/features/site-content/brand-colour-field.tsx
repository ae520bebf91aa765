import { ColorInput, Group, Paper, Stack, Text } from "@mantine/core";
import { contrastRatio, readableOn } from "../../app/accessible-colors";
import type { SiteContentForm } from "./site-form";

const WHITE = "#ffffff";
const HEX = /^#[0-9a-f]{6}$/i;

/**
 * The brand colour, and beside it the colour the theme will actually use: the same one when white text on
 * it meets WCAG AA, else the nearest darker one that does (accessible-colors.ts), said in words.
 */
export function BrandColourField({ form }: { form: SiteContentForm }) {
  const value = form.getValues().identity.brandColour;
  const valid = HEX.test(value);
  const used = valid ? readableOn(value.toLowerCase(), WHITE) : null;
  const darkened = used !== null && used !== value.toLowerCase();
  return (
    <Stack gap={6}>
      <ColorInput
        label="Brand colour"
        description="As #RRGGBB: buttons, links and headings take it."
        format="hex"
        withEyeDropper={false}
        {...form.getInputProps("identity.brandColour")}
      />
      {used && (
        <Group gap="sm" wrap="nowrap" align="center">
          <Paper
            data-testid="brand-swatch"
            radius="sm"
            w={96}
            h={36}
            bg={used}
            c={WHITE}
            display="flex"
            style={{ alignItems: "center", justifyContent: "center", flexShrink: 0 }}
            aria-hidden
          >
            <Text size="sm" fw={600} c={WHITE}>
              Aa
            </Text>
          </Paper>
          <Text size="sm" c="dimmed">
            {darkened
              ? `White text on ${value} is ${contrastRatio(value, WHITE).toFixed(2)}:1, too low for WCAG AA: the theme darkens it to ${used} (${contrastRatio(used, WHITE).toFixed(2)}:1).`
              : `White text on it is ${contrastRatio(used, WHITE).toFixed(2)}:1: meets WCAG AA, used as it is.`}
          </Text>
        </Group>
      )}
    </Stack>
  );
}
