import { AppError } from "../../../domain/errors";
import { toE164 } from "../../../domain/phone";
import {
  type ParsedRegistrant,
  WEBINAR_PROVIDER_NAMES,
  WEBINAR_TEXT,
  type WebinarProvider,
} from "../../../domain/webinars";
import type { Config } from "../../config";
import type { ProviderAccess } from "./webinar-connections.service";

/** A webinar as its service describes it, with its registrants. */
export interface ProviderWebinar {
  title: string;
  startsAt: Date;
  durationMinutes: number;
  joinUrl: string;
  registrants: ParsedRegistrant[];
}

export function providerConfigured(config: Config, provider: WebinarProvider): boolean {
  return provider === "zoom"
    ? Boolean(config.ZOOM_ACCESS_TOKEN)
    : Boolean(config.GOTO_ACCESS_TOKEN && config.GOTO_ORGANIZER_KEY);
}

function failed(provider: WebinarProvider) {
  return new AppError("CONFLICT", WEBINAR_TEXT.providerFailed(WEBINAR_PROVIDER_NAMES[provider]), {
    reason: "provider_failed",
  });
}

/** A GET with the access's token; a 401 renews the token once and asks again. */
async function getJson(
  url: string,
  access: ProviderAccess,
  provider: WebinarProvider,
): Promise<unknown> {
  const call = async () => {
    try {
      return await fetch(url, {
        headers: { authorization: `Bearer ${access.token}`, accept: "application/json" },
        signal: AbortSignal.timeout(15_000),
      });
    } catch {
      throw failed(provider);
    }
  };
  let res = await call();
  if (res.status === 401 && access.renew) {
    await access.renew();
    res = await call();
  }
  if (res.status === 404) throw new AppError("NOT_FOUND", WEBINAR_TEXT.notFound);
  if (!res.ok) throw failed(provider);
  return res.json();
}

const phoneOf = (raw: unknown) => (typeof raw === "string" && raw ? toE164(raw) : null);
const str = (v: unknown) => (typeof v === "string" ? v : "");

/**
 * Zoom's REST API: GET /webinars/{id} and its approved registrants, 300 a page
 * (next_page_token). Registrants' phones come from the registration form's phone field.
 */
async function fromZoom(
  config: Config,
  token: ProviderAccess,
  webinarId: string,
): Promise<ProviderWebinar> {
  const base = config.ZOOM_API_BASE.replace(/\/$/, "");
  const w = (await getJson(`${base}/webinars/${webinarId}`, token, "zoom")) as Record<
    string,
    unknown
  >;
  const registrants: ParsedRegistrant[] = [];
  let next = "";
  for (let page = 0; page < 100; page++) {
    const url = `${base}/webinars/${webinarId}/registrants?status=approved&page_size=300${next ? `&next_page_token=${encodeURIComponent(next)}` : ""}`;
    const body = (await getJson(url, token, "zoom")) as {
      registrants?: Record<string, unknown>[];
      next_page_token?: string;
    };
    for (const r of body.registrants ?? []) {
      const phone = phoneOf(r.phone);
      if (!phone) continue;
      registrants.push({
        phone,
        firstName: str(r.first_name).slice(0, 100),
        lastName: str(r.last_name).slice(0, 100),
        email: str(r.email).slice(0, 254),
        joinUrl: str(r.join_url).slice(0, 2000),
        consent: null,
      });
    }
    next = body.next_page_token ?? "";
    if (!next) break;
  }
  return {
    title: str(w.topic) || `Zoom webinar ${webinarId}`,
    startsAt: new Date(str(w.start_time)),
    durationMinutes: Number(w.duration) || 60,
    joinUrl: str(w.join_url),
    registrants,
  };
}

/**
 * GoTo Webinar's REST API: GET /organizers/{key}/webinars/{webinarKey} and its registrants.
 * A phone comes as `phone` or as the answer to a registration question about the phone.
 */
async function fromGoTo(
  config: Config,
  token: ProviderAccess,
  webinarKey: string,
): Promise<ProviderWebinar> {
  const base = `${config.GOTO_API_BASE.replace(/\/$/, "")}/organizers/${encodeURIComponent(token.organizerKey ?? "")}`;
  const w = (await getJson(`${base}/webinars/${webinarKey}`, token, "goto")) as {
    subject?: string;
    times?: { startTime?: string; endTime?: string }[];
    registrationUrl?: string;
  };
  const list = (await getJson(`${base}/webinars/${webinarKey}/registrants`, token, "goto")) as
    | Record<string, unknown>[]
    | null;
  const registrants: ParsedRegistrant[] = [];
  for (const r of list ?? []) {
    const answers = Array.isArray(r.responses) ? (r.responses as Record<string, unknown>[]) : [];
    const answered = answers.find((a) => /phone/i.test(str(a.question)));
    const phone = phoneOf(r.phone) ?? phoneOf(answered?.answer);
    if (!phone) continue;
    registrants.push({
      phone,
      firstName: str(r.firstName).slice(0, 100),
      lastName: str(r.lastName).slice(0, 100),
      email: str(r.email).slice(0, 254),
      joinUrl: str(r.joinUrl).slice(0, 2000),
      consent: null,
    });
  }
  const time = w.times?.[0];
  const start = new Date(str(time?.startTime));
  const end = new Date(str(time?.endTime));
  const minutes = Math.round((end.getTime() - start.getTime()) / 60_000);
  return {
    title: w.subject || `GoTo webinar ${webinarKey}`,
    startsAt: start,
    durationMinutes: minutes > 0 && minutes <= 1440 ? minutes : 60,
    joinUrl: "",
    registrants,
  };
}

/** The operator's deployment-wide token (the fallback for accounts that did not connect). */
function serverAccess(config: Config, provider: WebinarProvider): ProviderAccess | null {
  if (!providerConfigured(config, provider)) return null;
  return provider === "zoom"
    ? { token: config.ZOOM_ACCESS_TOKEN!, organizerKey: null, renew: null }
    : { token: config.GOTO_ACCESS_TOKEN!, organizerKey: config.GOTO_ORGANIZER_KEY!, renew: null };
}

/**
 * The webinar and its registrants, with the account's own access when given (its connection),
 * else the server's token.
 */
export async function fetchProviderWebinar(
  config: Config,
  provider: WebinarProvider,
  webinarId: string,
  access?: ProviderAccess | null,
): Promise<ProviderWebinar> {
  const use = access ?? serverAccess(config, provider);
  if (!use)
    throw new AppError(
      "CONFLICT",
      WEBINAR_TEXT.providerNotConfigured(WEBINAR_PROVIDER_NAMES[provider]),
    );
  const w =
    provider === "zoom"
      ? await fromZoom(config, use, webinarId)
      : await fromGoTo(config, use, webinarId);
  if (Number.isNaN(w.startsAt.getTime())) throw failed(provider);
  return w;
}
