import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { intIdParams as params } from "../../../domain/ids";
import {
  availableNumbersQuery,
  availableNumbersResponse,
  brandRegistration,
  brandRequest,
  buyNumberRequest,
  campaignRequest,
  dedicatedNumber,
  tollFreeVerificationRequest,
} from "../../../domain/numbers.schemas";
import type { AppContext } from "../../http/context";
import * as numbers from "../numbers/numbers.service";
import * as registration from "../numbers/registration.service";
import { IDEMPOTENT, keyActorOf as key, op, withExample } from "./v1-route";

const TAG = "numbers";

/**
 * Buying and releasing numbers and the 10DLC brand and campaign registration: the screens'
 * services, the Owner's (numbers:write) as there.
 */
export function v1NumbersRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/v1/numbers/available",
    {
      schema: {
        ...op(
          "searchAvailableNumbers",
          "Search numbers available to buy",
          TAG,
          "By 3-digit area code, or toll-free; up to 20 at a time.",
        ),
        querystring: availableNumbersQuery,
        response: { 200: availableNumbersResponse },
      },
    },
    (req) => numbers.searchAvailable(ctx, req.query),
  );
  r.post(
    "/api/v1/numbers",
    {
      schema: {
        ...op(
          "buyNumber",
          "Buy a number",
          TAG,
          `The account's first number is included; each further one is billed monthly, as on the Numbers screen. ${IDEMPOTENT}`,
        ),
        body: withExample(buyNumberRequest, { number: "+12125550100", name: "Front desk" }),
        response: { 201: dedicatedNumber },
      },
    },
    async (req, reply) => reply.status(201).send(await numbers.buyNumber(ctx, key(req), req.body)),
  );
  r.delete(
    "/api/v1/numbers/:id",
    {
      schema: {
        ...op("releaseNumber", "Release a number (given back to the carrier)", TAG),
        params,
      },
    },
    async (req, reply) => {
      await numbers.releaseNumber(ctx, key(req), req.params.id);
      return reply.status(204).send();
    },
  );

  r.get(
    "/api/v1/brand-registration",
    {
      schema: {
        ...op("getBrandRegistration", "Get the brand and campaign registration", TAG),
        response: { 200: brandRegistration },
      },
    },
    (req) => registration.getRegistration(ctx, key(req)),
  );
  r.put(
    "/api/v1/brand-registration/brand",
    {
      schema: {
        ...op(
          "submitBrandRegistration",
          "Submit the brand for registration",
          TAG,
          "It is pending until the registry decides.",
        ),
        body: withExample(brandRequest, {
          legalName: "Bean There LLC",
          ein: "12-3456789",
          website: "https://beanthere.example",
          vertical: "Restaurant",
          street: "12 Main St",
          city: "Austin",
          state: "TX",
          zip: "78701",
          contactEmail: "owner@beanthere.example",
        }),
        response: { 200: brandRegistration },
      },
    },
    (req) => registration.submitBrand(ctx, key(req), req.body),
  );
  r.put(
    "/api/v1/brand-registration/campaign",
    {
      schema: {
        ...op(
          "submitCampaignRegistration",
          "Submit the messaging campaign for registration",
          TAG,
          "After the brand; it is pending until the registry decides.",
        ),
        body: withExample(campaignRequest, {
          useCase: "Marketing",
          description:
            "Weekly offers and order-ready notices to customers who opted in at the counter.",
          sampleMessages: [
            "Bean There: 2-for-1 lattes today only! Reply STOP to opt out.",
            "Bean There: your order is ready for pickup.",
          ],
        }),
        response: { 200: brandRegistration },
      },
    },
    (req) => registration.submitCampaign(ctx, key(req), req.body),
  );
  r.post(
    "/api/v1/numbers/:id/toll-free-verification",
    {
      schema: {
        ...op(
          "submitTollFreeVerification",
          "Submit a toll-free number for verification",
          TAG,
          `The numbers screen's form. Reviewed in the background like a brand: poll the number's \`tfVerification\` (pending, then verified or rejected with the reason). ${IDEMPOTENT}`,
        ),
        params,
        body: withExample(tollFreeVerificationRequest, {
          businessName: "Bean There Coffee",
          website: "https://beanthere.coffee",
          contactEmail: "owner@beanthere.coffee",
          contactPhone: "5125550142",
          useCase: "Weekly offers and order-ready alerts for our customers",
          sampleMessage: "Bean There: your latte is ready at the counter! Reply STOP to opt out.",
          optInDescription: "Customers text JOIN to our number or tick the box at checkout.",
          monthlyVolume: "1000",
        }),
        response: { 200: dedicatedNumber },
      },
    },
    (req) => numbers.submitTollFreeVerification(ctx, key(req), req.params.id, req.body),
  );
}
