import { Anchor, Group, Image, Stack, Text } from "@mantine/core";
import { formatFileSize } from "../lib/file-size";

export interface AttachmentItem {
  id: string;
  filename: string;
  contentType: string;
  size: number;
  /** The comment it belongs to; null: the ticket itself. */
  commentId: string | null;
  /** An image that came inside a mail's body. */
  inline: boolean;
}

/** The files of one message: `commentId` null for the ticket's own. */
export function filesOf(files: readonly AttachmentItem[] | undefined, commentId: string | null): AttachmentItem[] {
  return (files ?? []).filter((file) => file.commentId === commentId);
}

/** Images a browser shows in an <img>; the server sends every file as a download, which an <img> still shows. */
const PREVIEWABLE = new Set(["image/png", "image/jpeg", "image/gif", "image/webp"]);

/**
 * The files of a ticket or a message: images as small previews, every file as a download link
 * (GET /api/attachments/{id}, which the session cookie authorises and the server scopes to the company).
 */
export function AttachmentList({ files }: { files: readonly AttachmentItem[] }) {
  if (files.length === 0) return null;
  const href = (file: AttachmentItem) => `/api/attachments/${file.id}`;
  const images = files.filter((file) => PREVIEWABLE.has(file.contentType));
  return (
    <Stack gap={6} mt="xs" aria-label="Attachments" role="group">
      {images.length > 0 && (
        <Group gap="xs">
          {images.map((file) => (
            <Anchor key={file.id} href={href(file)} download={file.filename} aria-label={`Preview of ${file.filename}`}>
              <Image
                src={href(file)}
                alt={file.filename}
                h={96}
                w="auto"
                maw={160}
                fit="contain"
                radius="sm"
                style={{ border: "1px solid var(--mantine-color-gray-3)" }}
              />
            </Anchor>
          ))}
        </Group>
      )}
      {files.map((file) => (
        <Group key={file.id} gap={6} wrap="nowrap">
          <Anchor href={href(file)} download={file.filename} size="sm" style={{ overflowWrap: "anywhere" }}>
            {file.filename}
          </Anchor>
          <Text size="xs" c="dimmed">
            {formatFileSize(file.size)}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}
