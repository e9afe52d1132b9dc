import { Alert, Anchor, Button, Group, Modal, Stack, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatUsNumber } from "../../../../domain/phone";
import { translateMessage } from "../../../i18n";
import { ApiError } from "../../../lib/api-client";
import { useTestRun } from "../api/workflows";

/**
 * A test run: one virtual phone (a subscriber with consent) walks the saved version now, even a
 * draft. Its texts arrive on the Virtual Phones page; answering there plays the reply branches.
 */
export function TestRunModal(props: {
  opened: boolean;
  onClose: () => void;
  workflowId: number;
  unsaved: boolean;
}) {
  const { t } = useTranslation();
  const run = useTestRun();
  const [phone, setPhone] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [started, setStarted] = useState<string | null>(null);
  const close = () => {
    setError(null);
    setStarted(null);
    run.reset();
    props.onClose();
  };
  return (
    <Modal opened={props.opened} onClose={close} title={t("Test run on a virtual phone")}>
      {started ? (
        <Stack>
          <Text size="sm" data-testid="test-run-started">
            {t(
              "The test has started for {{phone}}: its texts arrive on the virtual phone now, and waits run on the automation clock.",
              { phone: formatUsNumber(started) },
            )}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t("Close")}
            </Button>
            <Button component={Link} to="/virtual-phones">
              {t("Open Virtual Phones")}
            </Button>
          </Group>
        </Stack>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            setError(null);
            run.mutate(
              { id: props.workflowId, phone },
              {
                onSuccess: (r) => setStarted(r.phone),
                onError: (err) =>
                  setError(err instanceof ApiError ? translateMessage(err.message) : String(err)),
              },
            );
          }}
        >
          <Stack>
            <Text size="sm">
              <Trans
                t={t}
                i18nKey="The phone walks the last saved version, even a draft, and is kept out of the report. It must be a subscriber with consent: text your keyword from it on the <0>Virtual Phones</0> page first."
                components={[<Anchor key="phones" component={Link} to="/virtual-phones" />]}
              />
            </Text>
            {props.unsaved && (
              <Alert color="yellow" variant="light">
                {t("You have unsaved changes: the test runs the saved version.")}
              </Alert>
            )}
            <TextInput
              label={t("Virtual phone number")}
              placeholder="(646) 555-0123"
              value={phone}
              onChange={(e) => setPhone(e.currentTarget.value)}
              error={error}
              data-autofocus
              required
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t("Cancel")}
              </Button>
              <Button type="submit" loading={run.isPending}>
                {t("Start test")}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
