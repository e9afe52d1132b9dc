import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  FileInput,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { IconCalendarEvent, IconFileTypeCsv, IconInfoCircle } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { WEBINAR_PROVIDER_NAMES, type WebinarProvider } from "../../../../domain/webinars";
import { LoadFailed } from "../../../components/load-failed";
import { PageHeader } from "../../../components/page-header";
import { TableSkeleton } from "../../../components/table-skeleton";
import { tk, translateMessage } from "../../../i18n";
import { ApiError } from "../../../lib/api-client";
import { notify } from "../../../lib/notify";
import { useConnections } from "../api/connections";
import { useImportCsv, useImportProvider, useWebinars } from "../api/webinars";
import { ConnectionPanel } from "../components/connection-panel";
import { RegistrantsTable } from "../components/registrants-table";
import { connectionText, notSetUpText } from "../lib/connection-text";

type Source = "csv" | WebinarProvider;

interface Outcome {
  eventId: number;
  imported: number;
  consented: number;
  skipped: number;
  remindersScheduled: number;
  errors: string[];
}

const CONSENT_LABEL = tk(
  "Every registrant in this list agreed to receive text messages from us (a consent column saying no still wins)",
);

/** /webinars/import: registrants from a CSV file into an event, or a Zoom / GoTo webinar by its id. */
export default function ImportPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const list = useWebinars();
  const connections = useConnections();
  const importCsv = useImportCsv();
  const importProvider = useImportProvider();
  const initial = params.get("provider");
  const [source, setSource] = useState<Source>(
    initial === "zoom" || initial === "goto" ? initial : "csv",
  );
  const [eventId, setEventId] = useState<string | null>(params.get("id"));
  const [file, setFile] = useState<File | null>(null);
  const [webinarId, setWebinarId] = useState("");
  const [consent, setConsent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // Back from the service: say so once, then drop the flag from the address.
  const [connectFailed] = useState(params.get("connectError") === "1");
  useEffect(() => {
    const p = params.get("provider");
    if (params.get("connected") === "1" && (p === "zoom" || p === "goto"))
      notify.success(connectionText(t, "connected", WEBINAR_PROVIDER_NAMES[p]));
    if (params.has("connected") || params.has("connectError")) {
      const next = new URLSearchParams(params);
      next.delete("connected");
      next.delete("connectError");
      setParams(next, { replace: true });
    }
  }, [params, setParams, t]);

  if (list.isPending) return <TableSkeleton rows={4} />;
  if (list.isError)
    return (
      <LoadFailed
        icon={<IconCalendarEvent size={28} />}
        title={t("Webinars could not be loaded")}
        query={list}
      />
    );
  const events = list.data.rows;
  const configured = source === "csv" || list.data.providers[source];
  const connectable = source !== "csv" && Boolean(connections.data?.[source].connectable);

  const onError = (e: Error) =>
    setError(e instanceof ApiError ? translateMessage(e.message) : t("The import failed"));
  const done = (o: Outcome) => {
    setOutcome(o);
    notify.success(
      t("{{imported}} registrants imported, {{reminders}} reminders scheduled", {
        imported: o.imported,
        reminders: o.remindersScheduled,
      }),
    );
  };
  const submit = async () => {
    setError(null);
    setOutcome(null);
    if (source === "csv") {
      if (!eventId) return setError(t("Choose the event"));
      if (!file) return setError(translateMessage("Choose a CSV file with your registrants"));
      if (file.size > 2_000_000)
        return setError(translateMessage("The file is too large (at most 2 MB)"));
      const csv = await file.text();
      importCsv.mutate(
        { id: Number(eventId), csv, consent },
        { onSuccess: (r) => done({ ...r, eventId: Number(eventId) }), onError },
      );
    } else {
      if (!webinarId.trim()) return setError(translateMessage("Webinar ID is required"));
      importProvider.mutate(
        { provider: source, webinarId: webinarId.trim(), consent },
        { onSuccess: (r) => done(r), onError },
      );
    }
  };

  return (
    <>
      <PageHeader
        title={t("Import Webinar Attendees")}
        description={t(
          "Registrants who agreed to texts become subscribers (sign-up method Webinar Import) and get the event's reminders.",
        )}
      />
      <Stack gap="lg" maw={900}>
        <Paper withBorder radius="lg" p={{ base: "sm", sm: "lg" }}>
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              void submit();
            }}
          >
            <Stack>
              <SegmentedControl
                value={source}
                onChange={(v) => {
                  setSource(v as Source);
                  setError(null);
                }}
                data={[
                  { value: "csv", label: t("CSV file") },
                  { value: "zoom", label: WEBINAR_PROVIDER_NAMES.zoom },
                  { value: "goto", label: WEBINAR_PROVIDER_NAMES.goto },
                ]}
                aria-label={t("Import from")}
              />
              {source === "csv" ? (
                <>
                  {events.length === 0 ? (
                    <Alert icon={<IconInfoCircle size={18} />} color="blue">
                      <Trans
                        t={t}
                        i18nKey="Create the event first: <0>New event</0>."
                        components={[
                          <Anchor key="new" component={Link} inherit to="/webinars/edit-event" />,
                        ]}
                      />
                    </Alert>
                  ) : (
                    <Select
                      label={t("Event")}
                      withAsterisk
                      data={events.map((e) => ({ value: String(e.id), label: e.title }))}
                      value={eventId}
                      onChange={setEventId}
                    />
                  )}
                  <FileInput
                    label={t("Registrants (CSV)")}
                    description={t(
                      "Columns: Phone (required), First Name, Last Name, Email, Join URL, SMS Consent (yes/no). Zoom's and GoTo's registrant exports work as they are.",
                    )}
                    placeholder={t("Choose a .csv file")}
                    accept=".csv,text/csv"
                    leftSection={<IconFileTypeCsv size={16} />}
                    value={file}
                    onChange={setFile}
                    clearable
                  />
                </>
              ) : null}
              {source !== "csv" && (
                <ConnectionPanel
                  provider={source}
                  failed={connectFailed && params.get("provider") === source}
                />
              )}
              {source === "csv" ? null : configured ? (
                <TextInput
                  label={t("{{name}} webinar ID", { name: WEBINAR_PROVIDER_NAMES[source] })}
                  description={t(
                    "The event is created (or refreshed) from the webinar, with its registrants.",
                  )}
                  value={webinarId}
                  onChange={(e) => setWebinarId(e.currentTarget.value)}
                  withAsterisk
                />
              ) : connectable ? null : (
                <Alert icon={<IconInfoCircle size={18} />} color="yellow">
                  {notSetUpText(t, source, window.location.origin)}
                </Alert>
              )}
              {configured && (
                <Checkbox
                  label={t(CONSENT_LABEL)}
                  checked={consent}
                  onChange={(e) => setConsent(e.currentTarget.checked)}
                />
              )}
              {error && (
                <Text size="sm" c="red.8" role="alert">
                  {error}
                </Text>
              )}
              {configured && (
                <Group justify="flex-end">
                  <Button variant="default" component={Link} to="/webinars">
                    {t("Back to webinars")}
                  </Button>
                  <Button type="submit" loading={importCsv.isPending || importProvider.isPending}>
                    {t("Import")}
                  </Button>
                </Group>
              )}
            </Stack>
          </form>
        </Paper>
        {outcome && (
          <Paper withBorder radius="lg" p={{ base: "sm", sm: "lg" }} data-testid="import-outcome">
            <Title order={3} fz="md" mb="xs">
              {t("Imported")}
            </Title>
            <Text size="sm">
              {outcome.skipped > 0 ? (
                <Trans
                  t={t}
                  i18nKey="{{imported}} registrants, {{consented}} agreed to texts, <0>{{reminders}} reminders scheduled</0> for this event, {{skipped}} rows skipped."
                  values={{
                    imported: outcome.imported,
                    consented: outcome.consented,
                    reminders: outcome.remindersScheduled,
                    skipped: outcome.skipped,
                  }}
                  components={[<b key="reminders" />]}
                />
              ) : (
                <Trans
                  t={t}
                  i18nKey="{{imported}} registrants, {{consented}} agreed to texts, <0>{{reminders}} reminders scheduled</0> for this event."
                  values={{
                    imported: outcome.imported,
                    consented: outcome.consented,
                    reminders: outcome.remindersScheduled,
                  }}
                  components={[<b key="reminders" />]}
                />
              )}
            </Text>
            {outcome.errors.length > 0 && (
              <Stack gap={2} mt="xs">
                {outcome.errors.map((e) => (
                  <Text key={e} size="xs" c="red.8">
                    {e}
                  </Text>
                ))}
              </Stack>
            )}
            <Stack mt="md">
              <RegistrantsTable eventId={outcome.eventId} />
            </Stack>
          </Paper>
        )}
      </Stack>
    </>
  );
}
