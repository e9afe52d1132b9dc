import { Alert } from "@mantine/core";
import { IconInfoCircle } from "@tabler/icons-react";
import { translateMessage } from "../../i18n";
import { useAiEngine } from "./api";

/** Says plainly, in each AI tool, when the answers come from templates rather than an AI service. */
export function AiEngineNotice({ opened }: { opened: boolean }) {
  const engine = useAiEngine(opened);
  const notice = engine.data?.notice;
  if (!notice) return null;
  return (
    <Alert
      color="gray"
      variant="light"
      icon={<IconInfoCircle size={16} />}
      mb="sm"
      data-testid="ai-engine-notice"
    >
      {translateMessage(notice)}
    </Alert>
  );
}
