import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { INDUSTRIES } from "../../../domain/industries";
import { TIMEZONES, utcOffset } from "../../../domain/timezones";
import type { AppContext } from "../../http/context";

const timezonesResponse = z.record(
  z.string(),
  z.object({ code: z.string(), name: z.string(), iana: z.string(), offset: z.string() }),
);
const industriesResponse = z.array(z.object({ id: z.number(), name: z.string() }));

/** Reference data (getTimezones, getIndustries): public, the sign-up pages need it too. */
export function referenceDataRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/data/timezones",
    { schema: { tags: ["data"], response: { 200: timezonesResponse } } },
    () => {
      const now = ctx.clock.now();
      return Object.fromEntries(
        TIMEZONES.map((tz) => [
          String(tz.id),
          { code: tz.code, name: tz.name, iana: tz.iana, offset: utcOffset(tz.iana, now) },
        ]),
      );
    },
  );
  r.get(
    "/api/data/industries",
    { schema: { tags: ["data"], response: { 200: industriesResponse } } },
    () => [...INDUSTRIES],
  );
}
