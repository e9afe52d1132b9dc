import { and, count, eq, inArray, sql } from "drizzle-orm";
import type { SignupMethod } from "../../domain/signup-methods";
import type { Config } from "../config";
import type { Db } from "../db/connection";
import { consentEvents } from "../features/compliance/compliance.schema";
import { customFields } from "../features/custom-fields/custom-fields.schema";
import { groupMembers, groups } from "../features/groups/groups.schema";
import { subscribers } from "../features/subscribers/subscribers.schema";
import { users } from "../features/users/users.schema";
import { rng } from "./demo-random";

const FIRST = [
  "Olivia",
  "Liam",
  "Emma",
  "Noah",
  "Ava",
  "Elijah",
  "Sophia",
  "James",
  "Isabella",
  "Lucas",
  "Mia",
  "Mateo",
  "Amelia",
  "Benjamin",
  "Harper",
  "Henry",
  "Evelyn",
  "Theodore",
  "Camila",
  "Jack",
  "Luna",
  "Levi",
  "Gianna",
  "Alexander",
  "Aria",
  "Jackson",
  "Ellie",
  "Daniel",
  "Nora",
  "Samuel",
  "Priya",
  "Diego",
  "Mei",
  "Omar",
  "Fatima",
  "Kenji",
  "Zoe",
  "Malik",
  "Grace",
  "Ivan",
];
const LAST = [
  "Smith",
  "Johnson",
  "Williams",
  "Brown",
  "Jones",
  "Garcia",
  "Miller",
  "Davis",
  "Rodriguez",
  "Martinez",
  "Hernandez",
  "Lopez",
  "Gonzalez",
  "Wilson",
  "Anderson",
  "Thomas",
  "Taylor",
  "Moore",
  "Jackson",
  "Martin",
  "Lee",
  "Perez",
  "Thompson",
  "White",
  "Harris",
  "Sanchez",
  "Clark",
  "Lewis",
  "Nguyen",
  "Patel",
  "Kim",
  "Chen",
  "Okafor",
  "Rossi",
  "Novak",
  "Cohen",
];
const MAIL_DOMAINS = ["gmail.com", "yahoo.com", "outlook.com", "icloud.com", "proton.me"];
/** Area codes of big US cities; numbers are 555-0200 … 555-0999: no carrier rule, no emulator number. */
const AREA_CODES = ["212", "310", "312", "415", "512", "617", "206", "305", "404", "720"];
const DRINKS = ["Latte", "Cappuccino", "Cold Brew", "Mocha", "Chai Tea", "Espresso"];
/** Weighted: most people join by keyword, QR code or the sign-up form. */
const METHODS: SignupMethod[] = [
  "KEYWORD",
  "KEYWORD",
  "KEYWORD",
  "QR_CODE",
  "QR_CODE",
  "SIGN_UP_FORM",
  "SIGN_UP_FORM",
  "MANUAL_ENTRY",
  "SPREADSHEET_IMPORT",
  "SPREADSHEET_IMPORT",
  "OPT_IN_WEB_BANNER",
  "API",
  "SHOPIFY",
];
/** Two landlines (…0001: the emulator fails them as landlines), for the unhealthy-subscribers screen. */
const LANDLINES = ["+13125550001", "+16175550001"];
const COUNT = 200;
const DAY = 86_400_000;

/**
 * Gives the demo account about 200 subscribers with names, e-mails, attributes (Birthday,
 * Favorite Drink, VIP), sign-up methods and dates over the last six months, in three static
 * groups and one adaptive group (VIP = true). Runs only while the account has no subscribers.
 */
export async function seedDemoSubscribers(db: Db, config: Config, now: Date): Promise<boolean> {
  const [owner] = await db
    .select({ id: users.id, accountId: users.accountId })
    .from(users)
    .where(eq(sql`lower(${users.username})`, config.DEMO_USERNAME.toLowerCase()));
  if (!owner) return false;
  const accountId = owner.accountId;
  const [has] = await db
    .select({ n: count() })
    .from(subscribers)
    .where(eq(subscribers.accountId, accountId));
  if ((has?.n ?? 0) > 0) return false;

  const rand = rng(20_260_522);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;

  await db.transaction(async (tx) => {
    const fieldDefs = [
      { name: "Birthday", type: "date", options: [] as string[] },
      { name: "Favorite Drink", type: "multi_select", options: DRINKS },
      { name: "VIP", type: "boolean", options: [] as string[] },
    ];
    await tx
      .insert(customFields)
      .values(fieldDefs.map((f) => ({ ...f, accountId })))
      .onConflictDoNothing();
    const fields = await tx
      .select({ id: customFields.id, name: customFields.name })
      .from(customFields)
      .where(
        and(
          eq(customFields.accountId, accountId),
          inArray(
            customFields.name,
            fieldDefs.map((f) => f.name),
          ),
        ),
      );
    const fieldId = (name: string) => String(fields.find((f) => f.name === name)!.id);
    const [birthday, drink, vip] = [fieldId("Birthday"), fieldId("Favorite Drink"), fieldId("VIP")];

    const groupDefs = [
      {
        name: "Morning Regulars",
        welcomeMessage: "Welcome to the Morning Regulars! First coffee is on us.",
      },
      {
        name: "Loyalty Club",
        welcomeMessage: "You're in the Loyalty Club: every 10th drink is free.",
      },
      { name: "Weekend Brunch", welcomeMessage: "" },
    ];
    await tx
      .insert(groups)
      .values([
        ...groupDefs.map((g) => ({ ...g, accountId, type: "static" })),
        {
          accountId,
          name: "VIP",
          type: "adaptive",
          rules: {
            match: "all",
            conditions: [{ field: `attribute:${vip}`, operator: "equals", value: true }],
          },
        },
      ])
      .onConflictDoNothing();
    const staticGroups = await tx
      .select({ id: groups.id })
      .from(groups)
      .where(
        and(
          eq(groups.accountId, accountId),
          inArray(
            groups.name,
            groupDefs.map((g) => g.name),
          ),
        ),
      );

    const phones = new Set<string>();
    const rows: (typeof subscribers.$inferInsert)[] = [];
    for (let i = 0; i < COUNT; i++) {
      let phone = LANDLINES[i] ?? "";
      while (!phone || phones.has(phone)) {
        phone = `+1${pick(AREA_CODES)}555${String(200 + Math.floor(rand() * 800)).padStart(4, "0")}`;
      }
      phones.add(phone);
      const first = pick(FIRST);
      const last = pick(LAST);
      const attributes: Record<string, unknown> = {};
      if (rand() < 0.6) {
        const y = 1960 + Math.floor(rand() * 45);
        const m = 1 + Math.floor(rand() * 12);
        const d = 1 + Math.floor(rand() * 28);
        attributes[birthday] = `${y}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
      }
      if (rand() < 0.7)
        attributes[drink] = [...new Set([pick(DRINKS), ...(rand() < 0.3 ? [pick(DRINKS)] : [])])];
      if (rand() < 0.8) attributes[vip] = rand() < 0.2;
      const method = pick(METHODS);
      rows.push({
        accountId,
        phone,
        firstName: rand() < 0.95 ? first : "",
        lastName: rand() < 0.9 ? last : "",
        email:
          rand() < 0.75
            ? `${first}.${last}${Math.floor(rand() * 90) + 10}@${pick(MAIL_DOMAINS)}`.toLowerCase()
            : "",
        signupMethod: method,
        consentSource:
          method === "KEYWORD" ? "keyword" : method === "SPREADSHEET_IMPORT" ? "import" : "manual",
        consentDetail: method === "KEYWORD" ? "JOIN" : "",
        attributes,
        createdAt: new Date(now.getTime() - Math.floor(rand() * 182 * DAY)),
      });
      // Every demo subscriber joined with consent, at the moment they joined.
      const added = rows[rows.length - 1]!;
      added.marketingConsentAt = added.createdAt;
    }
    const inserted = await tx.insert(subscribers).values(rows).returning({
      id: subscribers.id,
      phone: subscribers.phone,
      createdAt: subscribers.createdAt,
      method: subscribers.consentSource,
    });
    await tx.insert(consentEvents).values(
      inserted.map((s) => ({
        accountId,
        phone: s.phone,
        action: "opt_in",
        source: s.method,
        detail: s.method === "keyword" ? "JOIN" : "Demo data",
        createdAt: s.createdAt,
      })),
    );
    const members: (typeof groupMembers.$inferInsert)[] = [];
    for (const s of inserted) {
      for (const g of staticGroups)
        if (rand() < 0.3) members.push({ groupId: g.id, subscriberId: s.id });
    }
    if (members.length) await tx.insert(groupMembers).values(members).onConflictDoNothing();
  });
  return true;
}
