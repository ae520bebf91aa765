import { Button, FileButton, Group, Image, Paper, Stack, Text } from "@mantine/core";
import { SITE_IMAGE_LIMITS, SITE_IMAGE_REFUSALS } from "@repo/validators";
import { useState } from "react";
import { uploadFileTo } from "../../lib/attachment-upload";
import { HttpError } from "../../lib/public-api";
import { showFailure } from "../../lib/staff-toasts";
import type { SiteContentForm } from "./site-form";

const TYPES: readonly string[] = SITE_IMAGE_LIMITS.types;

/** The refusal the browser can give before sending anything; the server checks the content again. */
function refusalOf(file: File): string | null {
  if (!TYPES.includes(file.type)) return SITE_IMAGE_REFUSALS.type;
  if (file.size > SITE_IMAGE_LIMITS.maxBytes) return SITE_IMAGE_REFUSALS.size;
  return null;
}

/**
 * One logo (for light or dark backgrounds): uploaded the moment it is picked (POST /api/site-content/images),
 * its address put in the draft; "Use the built-in logo" clears it. Shown on the background it is for.
 */
export function LogoField({
  form,
  which,
  editable,
}: {
  form: SiteContentForm;
  which: "light" | "dark";
  editable: boolean;
}) {
  const url = form.getValues().identity.logo[which];
  const [uploading, setUploading] = useState(false);
  const label = which === "light" ? "Logo on light backgrounds" : "Logo on dark backgrounds";
  const upload = async (file: File | null) => {
    if (!file) return;
    const refused = refusalOf(file);
    if (refused) return showFailure(refused, "Logo not uploaded");
    setUploading(true);
    try {
      const { url: uploaded } = await uploadFileTo<{ url: string }>("/api/site-content/images", file, "session");
      form.setFieldValue(`identity.logo.${which}`, uploaded);
    } catch (error) {
      showFailure(
        error instanceof HttpError ? error.message : "The logo could not be uploaded. Please try again.",
        "Logo not uploaded",
      );
    } finally {
      setUploading(false);
    }
  };
  const error = form.errors[`identity.logo.${which}`];
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Paper withBorder p="sm" radius="sm" bg={which === "light" ? "white" : "dark.7"} miw={0}>
        {url ? (
          <Image src={url} alt={label} h={48} w="auto" fit="contain" />
        ) : (
          <Text size="sm" c={which === "light" ? "dimmed" : "gray.3"}>
            The built-in logo
          </Text>
        )}
      </Paper>
      {editable && (
        <Group gap="xs">
          <FileButton accept={TYPES.join(",")} onChange={(file) => void upload(file)}>
            {(props) => (
              <Button
                {...props}
                variant="default"
                size="xs"
                loading={uploading}
                aria-label={`Upload ${label.toLowerCase()}`}
              >
                Upload
              </Button>
            )}
          </FileButton>
          {url && (
            <Button variant="subtle" size="xs" onClick={() => form.setFieldValue(`identity.logo.${which}`, null)}>
              Use the built-in logo
            </Button>
          )}
        </Group>
      )}
      <Text size="xs" c="dimmed">
        PNG, JPEG or WebP, at most 1 MB.
      </Text>
      {error && (
        <Text size="xs" c="red">
          {error}
        </Text>
      )}
    </Stack>
  );
}
