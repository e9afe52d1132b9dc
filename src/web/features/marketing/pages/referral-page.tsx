import {
  Alert,
  Box,
  Button,
  Center,
  Checkbox,
  Loader,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { PublicNotice } from "../../../components/public-notice";
import { submitReferral, useReferralPage } from "../api/marketing";

/**
 * /r/:code: the page a friend opens from a subscriber's invite link. Signing up here records the
 * friend's consent (the box and the text shown) and credits the friend who invited them.
 */
export default function ReferralPage() {
  const { t } = useTranslation();
  const { code = "" } = useParams();
  const page = useReferralPage(code);
  const [phone, setPhone] = useState("");
  const [firstName, setFirstName] = useState("");
  const [consent, setConsent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  if (page.isPending)
    return (
      <Center mih="100vh">
        <Loader />
      </Center>
    );
  if (page.isError || !page.data)
    return (
      <PublicNotice
        title={t("Invitation not available")}
        message={page.error?.message ?? t("This invitation link is not valid any more.")}
      />
    );
  const d = page.data;
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!consent) {
      setError(t("Tick the box to agree to receive texts"));
      return;
    }
    setBusy(true);
    try {
      setDone((await submitReferral(code, { phone, firstName, consent })).message);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box bg="gray.0" mih="100vh" py={{ base: "md", sm: 48 }} px="sm">
      <Paper withBorder radius="md" p={{ base: "md", sm: "xl" }} maw={480} mx="auto">
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t("{{referrer}} invited you to {{business}}", {
              referrer: d.referrer,
              business: d.business,
            })}
          </Text>
          <Title order={1} fz={24}>
            {d.offer}
          </Title>
          {done ? (
            <Alert color="teal" data-testid="referral-done">
              {done}
            </Alert>
          ) : (
            <form onSubmit={submit} noValidate>
              <Stack gap="sm">
                {error && (
                  <Alert color="red" role="alert">
                    {error}
                  </Alert>
                )}
                <TextInput
                  label={t("First name")}
                  value={firstName}
                  onChange={(e) => setFirstName(e.currentTarget.value)}
                  autoComplete="given-name"
                />
                <TextInput
                  label={t("Mobile number")}
                  required
                  type="tel"
                  value={phone}
                  onChange={(e) => setPhone(e.currentTarget.value)}
                  autoComplete="tel"
                />
                <Checkbox
                  checked={consent}
                  onChange={(e) => setConsent(e.currentTarget.checked)}
                  label={d.disclosure}
                />
                <Button type="submit" loading={busy}>
                  {t("Sign up")}
                </Button>
              </Stack>
            </form>
          )}
        </Stack>
      </Paper>
    </Box>
  );
}
