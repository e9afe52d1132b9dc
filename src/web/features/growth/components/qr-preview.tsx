import { Box, Button, Group, Image } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { notify } from "../../../lib/notify";
import { downloadPng, downloadSvg, type QrStyle, qrSvg, svgDataUrl } from "../lib/qr-image";

/** A QR code as it will print, with its PNG and SVG downloads. */
export function QrPreview(props: {
  text: string;
  style: QrStyle;
  fileName: string;
  size?: number;
  alt: string;
}) {
  const { t } = useTranslation();
  const svg = useMemo(() => qrSvg(props.text, props.style), [props.text, props.style]);
  const png = () =>
    downloadPng(svg, props.fileName).catch((err: Error) => notify.error(err.message));
  return (
    <Box>
      <Image
        src={svgDataUrl(svg)}
        alt={props.alt}
        w={props.size ?? 240}
        maw="100%"
        mx="auto"
        data-testid="qr-image"
      />
      <Group justify="center" gap="xs" mt="sm">
        <Button variant="light" size="xs" leftSection={<IconDownload size={14} />} onClick={png}>
          {t("PNG")}
        </Button>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconDownload size={14} />}
          onClick={() => downloadSvg(svg, props.fileName)}
        >
          {t("SVG")}
        </Button>
      </Group>
    </Box>
  );
}
