import { Anchor, Text } from "@mantine/core";
import { Fragment } from "react";
import { Link } from "react-router";

const URL_PATTERN = /(https?:\/\/[^\s<>"')]+)/g;

/**
 * A mail's plain-text body with its links clickable. Links to this server open in place (the
 * mail may name localhost while the browser is on another address of the same server).
 */
export function MailText({ text, publicBase }: { text: string; publicBase: string }) {
  const parts = text.split(URL_PATTERN);
  return (
    <Text component="div" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }} size="sm">
      {parts.map((part, i) => {
        // biome-ignore lint/suspicious/noArrayIndexKey: the split of a fixed text never reorders
        if (i % 2 === 0) return <Fragment key={i}>{part}</Fragment>;
        const local = part.startsWith(`${publicBase}/`) ? part.slice(publicBase.length) : null;
        return local ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above
          <Anchor key={i} component={Link} to={local} data-testid="mail-link">
            {part}
          </Anchor>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above
          <Anchor key={i} href={part} target="_blank" rel="noopener noreferrer">
            {part}
          </Anchor>
        );
      })}
    </Text>
  );
}
