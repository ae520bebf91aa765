import { Text, Title } from "@mantine/core";

/** A short point: an h3 (sized as an h4) over a dimmed sentence; the home page's reasons, a package's steps. */
export function Point({ title, text }: { title: string; text: string }) {
  return (
    <>
      <Title order={3} size="h4">
        {title}
      </Title>
      <Text c="dimmed" mt="xs">
        {text}
      </Text>
    </>
  );
}
