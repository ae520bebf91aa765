import { Button, CloseButton, FileButton, Group, Stack, Text } from "@mantine/core";
import { ATTACHMENT_ACCEPT, ATTACHMENT_LIMITS, ATTACHMENT_REFUSALS } from "@repo/validators/labels";
import { type ClipboardEvent, useRef, useState } from "react";
import { type Uploader, refusalBeforeUpload, uploadAttachment } from "../lib/attachment-upload";
import { formatFileSize } from "../lib/file-size";

const MB = 1024 * 1024;

interface PickedFile {
  key: number;
  name: string;
  size: number;
  state: "uploading" | "uploaded" | "refused";
  /** The upload's id, once uploaded: what the form's submit names. */
  id?: string;
  /** Why it was refused: the browser's own check or the server's answer. */
  refusal?: string;
}

/** What a form keeps of its attachments; `AttachmentPicker` shows it, the submit sends `ids`. */
export interface AttachmentUploads {
  files: PickedFile[];
  add(files: readonly File[]): void;
  remove(key: number): void;
  /** Pasting a screenshot into a text field attaches it. */
  onPaste(event: ClipboardEvent): void;
  /** The uploaded files' ids. */
  ids: string[];
  /**
   * What the create or comment call sends: `attachments` with the ids, or nothing at all when no file
   * was attached, so the spec's payloads keep their exact shape.
   */
  attached: { attachments?: string[] };
  /** A file is still on its way: the form waits for it before it may be sent. */
  uploading: boolean;
  /** After a successful send: the files belong to the ticket now. */
  reset(): void;
}

/**
 * Each file uploads the moment it is picked (or pasted), so the submit only names ids and a refusal shows
 * beside the file while the person is still writing. A refused file stays in the list with its reason
 * until removed; it is never sent.
 */
export function useAttachmentUploads(uploader: Uploader): AttachmentUploads {
  const [files, setFiles] = useState<PickedFile[]>([]);
  const nextKey = useRef(0);
  // Counted here as well as in state: several files picked at once each check the limit before any
  // state update lands.
  const accepted = useRef(0);

  const update = (key: number, change: Partial<PickedFile>) =>
    setFiles((current) => current.map((file) => (file.key === key ? { ...file, ...change } : file)));

  const add = (picked: readonly File[]) => {
    for (const file of picked) {
      const key = nextKey.current++;
      const refusal =
        accepted.current >= ATTACHMENT_LIMITS.maxFiles ? ATTACHMENT_REFUSALS.count : refusalBeforeUpload(file);
      setFiles((current) => [
        ...current,
        {
          key,
          name: file.name,
          size: file.size,
          state: refusal ? "refused" : "uploading",
          refusal: refusal ?? undefined,
        },
      ]);
      if (refusal) continue;
      accepted.current++;
      uploadAttachment(file, uploader).then(
        (uploaded) => update(key, { state: "uploaded", id: uploaded.id }),
        (error: unknown) => {
          accepted.current--;
          update(key, { state: "refused", refusal: error instanceof Error ? error.message : String(error) });
        },
      );
    }
  };

  const remove = (key: number) =>
    setFiles((current) => {
      const file = current.find((item) => item.key === key);
      if (file && file.state !== "refused") accepted.current--;
      return current.filter((item) => item.key !== key);
    });

  const ids = files.flatMap((file) => (file.state === "uploaded" && file.id ? [file.id] : []));
  return {
    files,
    add,
    remove,
    onPaste: (event) => {
      const pasted = Array.from(event.clipboardData.files);
      if (pasted.length === 0) return;
      event.preventDefault();
      add(pasted);
    },
    ids,
    attached: ids.length > 0 ? { attachments: ids } : {},
    uploading: files.some((file) => file.state === "uploading"),
    reset: () => {
      accepted.current = 0;
      setFiles([]);
    },
  };
}

/** The "Attach files" button and the files picked so far, each with its state and a way to remove it. */
export function AttachmentPicker({ uploads, disabled }: { uploads: AttachmentUploads; disabled?: boolean }) {
  const resetInput = useRef<() => void>(null);
  return (
    <Stack gap={6}>
      <Group gap="sm">
        <FileButton
          multiple
          accept={ATTACHMENT_ACCEPT}
          resetRef={resetInput}
          disabled={disabled}
          onChange={(picked) => {
            uploads.add(picked);
            // The same file may be picked again after it was removed.
            resetInput.current?.();
          }}
        >
          {(props) => (
            <Button variant="default" size="xs" {...props}>
              Attach files
            </Button>
          )}
        </FileButton>
        <Text size="xs" c="dimmed">
          Up to {ATTACHMENT_LIMITS.maxFiles} files, {ATTACHMENT_LIMITS.maxFileBytes / MB} MB each. You can also paste a
          screenshot.
        </Text>
      </Group>
      {uploads.files.length > 0 && (
        <Stack
          component="ul"
          gap={4}
          p={0}
          m={0}
          style={{ listStyle: "none" }}
          aria-label="Files to attach"
          aria-live="polite"
        >
          {uploads.files.map((file) => (
            <Group key={file.key} component="li" gap={6} wrap="nowrap" data-state={file.state}>
              <Text size="sm" style={{ overflowWrap: "anywhere" }}>
                {file.name}
              </Text>
              <Text
                size="xs"
                c={file.state === "refused" ? "red" : "dimmed"}
                style={file.state === "refused" ? undefined : { whiteSpace: "nowrap" }}
              >
                {file.state === "uploading"
                  ? "Uploading..."
                  : file.state === "refused"
                    ? file.refusal
                    : formatFileSize(file.size)}
              </Text>
              <CloseButton size="sm" aria-label={`Remove ${file.name}`} onClick={() => uploads.remove(file.key)} />
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
