import { Box, Paper, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconLinkOff } from "@tabler/icons-react";

/**
 * What a public page (a friend's invitation, a counter link) shows when its link cannot be used:
 * a card in the page's own layout with a title and the reason, never a bare line of text.
 */
export function PublicNotice(props: { title: string; message: string }) {
  return (
    <Box bg="gray.0" mih="100vh" py={{ base: "md", sm: 48 }} px="sm">
      <Paper withBorder radius="md" p={{ base: "md", sm: "xl" }} maw={520} mx="auto">
        <Stack align="center" gap="sm" ta="center" role="alert">
          <ThemeIcon size={48} radius="xl" variant="light" color="gray">
            <IconLinkOff size={26} aria-hidden />
          </ThemeIcon>
          <Title order={1} fz={22}>
            {props.title}
          </Title>
          <Text c="dimmed">{props.message}</Text>
        </Stack>
      </Paper>
    </Box>
  );
}
