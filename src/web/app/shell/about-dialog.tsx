import { Anchor, Loader, Modal, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "../../lib/api-client";

const health = z.object({ version: z.string() });

/** The release the server runs (from /healthz, so it is the server's, not a cached page's) and its licence. */
export function AboutDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const about = useQuery({
    queryKey: ["about"],
    queryFn: () => api.get("/healthz", { schema: health }),
    enabled: opened,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="About Parley"
      centered
      closeButtonProps={{ "aria-label": "Close" }}
    >
      <Stack gap="xs">
        {about.isPending ? (
          <Loader size="sm" aria-label="Loading the version" />
        ) : (
          <Text fw={600} data-testid="about-version">
            {about.data
              ? `Parley ${about.data.version}`
              : "Parley (the server did not say its version)"}
          </Text>
        )}
        <Text size="sm">
          Free software under the{" "}
          <Anchor
            href="https://www.gnu.org/licenses/agpl-3.0.html"
            target="_blank"
            rel="noreferrer"
          >
            GNU Affero General Public License, version 3
          </Anchor>
          . Whoever runs a changed copy for others must offer them its source.
        </Text>
      </Stack>
    </Modal>
  );
}
