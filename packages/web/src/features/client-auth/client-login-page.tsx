import { Center, Paper, Text, Title } from "@mantine/core";

export function ClientLoginPage() {
  return (
    <Center mih="100vh" bg="gray.0" p="md">
      <Paper withBorder shadow="sm" p="xl" maw={420} w="100%">
        <Title order={1} size="h2">
          Client Login
        </Title>
        <Text c="dimmed" mt="xs">
          Sign in to raise and track support tickets and see your devices.
        </Text>
      </Paper>
    </Center>
  );
}
