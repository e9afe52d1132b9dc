import { Anchor, Loader, Modal, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Trans, useTranslation } from "react-i18next";
import { z } from "zod";
import { api } from "../../lib/api-client";

const health = z.object({ version: z.string() });

/** The release the server runs (from /healthz, so it is the server's, not a cached page's) and its licence. */
export function AboutDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
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
      title={t("About Parley")}
      centered
      closeButtonProps={{ "aria-label": t("Close") }}
    >
      <Stack gap="xs">
        {about.isPending ? (
          <Loader size="sm" aria-label={t("Loading the version")} />
        ) : (
          <Text fw={600} data-testid="about-version">
            {about.data
              ? `Parley ${about.data.version}`
              : t("Parley (the server did not say its version)")}
          </Text>
        )}
        <Text size="sm">
          <Trans
            t={t}
            i18nKey="Free software under the <0>GNU Affero General Public License, version 3</0>. Whoever runs a changed copy for others must offer them its source."
            components={[
              <Anchor
                key="agpl"
                href="https://www.gnu.org/licenses/agpl-3.0.html"
                target="_blank"
                rel="noreferrer"
              />,
            ]}
          />
        </Text>
      </Stack>
    </Modal>
  );
}
