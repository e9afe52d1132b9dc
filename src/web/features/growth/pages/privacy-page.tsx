import { Anchor, Box, Center, Loader, Paper, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useParams, useSearchParams } from "react-router";
import { publicSignupPage } from "../../../../domain/signup-page";
import { usePageMeta } from "../../../components/page-meta";
import { api } from "../../../lib/api-client";

/**
 * The generated policy, EN and ES: who sends, what, how to stop, and that numbers are never sold.
 * A public page: its language is the visitor's (?lang=), not the signed-in app's i18next one.
 */
const TEXT = {
  en: {
    heading: "Messaging Privacy Policy",
    body: (b: string) => [
      `${b} sends text messages only to people who asked for them: by texting a keyword, signing up on our page or a form on our website, or giving us their number in person.`,
      "We send offers, news and reminders about our business. Message frequency varies. Msg & data rates may apply.",
      "Reply STOP at any time to stop receiving texts, and HELP for help. Opting out takes effect at once and is confirmed by one final text.",
      "We keep your number, your name and e-mail if you gave them, and a record of when and how you agreed to receive texts. Your mobile number and consent are never sold, rented or shared with third parties for their marketing.",
    ],
    own: "More from the business",
    back: "Back to the sign-up page",
    missing: "This page does not exist.",
  },
  es: {
    heading: "Política de privacidad de mensajes",
    body: (b: string) => [
      `${b} envía mensajes de texto solo a las personas que los solicitaron: enviando una palabra clave, suscribiéndose en nuestra página o en un formulario de nuestro sitio web, o dándonos su número en persona.`,
      "Enviamos ofertas, novedades y recordatorios sobre nuestro negocio. La frecuencia de los mensajes varía. Pueden aplicarse tarifas de mensajes y datos.",
      "Responda PARAR en cualquier momento para dejar de recibir mensajes y AYUDA para obtener ayuda. La baja es inmediata y se confirma con un último mensaje.",
      "Guardamos su número, su nombre y correo electrónico si nos los dio, y un registro de cuándo y cómo aceptó recibir mensajes. Su número de móvil y su consentimiento nunca se venden, alquilan ni comparten con terceros para su publicidad.",
    ],
    own: "Más información del negocio",
    back: "Volver a la página de suscripción",
    missing: "Esta página no existe.",
  },
};

/** /privacy/:accountName: the messaging privacy policy, generated from the account's data. */
export default function PrivacyPage() {
  const { accountName = "" } = useParams();
  const [search] = useSearchParams();
  const lang = search.get("lang")?.toLowerCase() === "es" ? "es" : "en";
  const t = TEXT[lang];
  const page = useQuery({
    queryKey: ["public-signup", accountName],
    queryFn: () =>
      api.get(`/api/subscribe/${encodeURIComponent(accountName)}`, {
        schema: publicSignupPage,
        toast: false,
      }),
    retry: false,
  });
  const name = page.data ? page.data.config.companyName || page.data.businessName : "";
  usePageMeta(name ? `${t.heading} · ${name}` : "", { business: true });
  return (
    <Box mih="100vh" py={{ base: "md", sm: 48 }} px="sm" bg="#f1f3f5">
      <Paper maw={720} mx="auto" radius="lg" p={{ base: "md", sm: "xl" }} shadow="sm">
        {page.isPending ? (
          <Center py={60}>
            <Loader />
          </Center>
        ) : page.isError ? (
          <Text ta="center" py={40}>
            {t.missing}
          </Text>
        ) : (
          <Stack>
            <Title order={1} fz={{ base: 24, sm: 30 }}>
              {t.heading}
            </Title>
            <Text fw={600}>{name}</Text>
            {t.body(name).map((p) => (
              <Text key={p}>{p}</Text>
            ))}
            {page.data.config.privacyPolicy && (
              <>
                <Title order={2} fz="lg">
                  {t.own}
                </Title>
                <Text style={{ whiteSpace: "pre-wrap" }}>{page.data.config.privacyPolicy}</Text>
              </>
            )}
            <Anchor
              href={`/subscribe/${encodeURIComponent(accountName)}?lang=${lang.toUpperCase()}`}
            >
              {t.back}
            </Anchor>
          </Stack>
        )}
      </Paper>
    </Box>
  );
}
