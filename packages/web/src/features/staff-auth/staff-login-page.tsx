import { Center, Paper, Text, Title } from "@mantine/core";
import { site } from "@repo/validators";

export function StaffLoginPage() {
  return (
    <Center mih="100vh" bg="gray.0" p="md">
      <Paper withBorder shadow="sm" p="xl" maw={420} w="100%">
        <Title order={1} size="h2">
          {site.adminPortalTitle}
        </Title>
        <Text c="dimmed" mt="xs">
          Administrator and agent access only
        </Text>
      </Paper>
    </Center>
  );
}
