import { type SQL, sql } from "drizzle-orm";
import { foreignNanpAreaCodes } from "../../../domain/international";
import { subscribers as s } from "../subscribers/subscribers.public";

/**
 * isInternationalNumber (src/domain/international.ts) as a condition on `subscribers`, so the
 * composer's count and the fan-out split a send's recipients in the database: any number outside
 * +1, and +1 numbers of another country's area code (the stored, indexed area_code column).
 */
export function subscriberAbroad(): SQL {
  const codes = `{${foreignNanpAreaCodes().join(",")}}`;
  return sql`(${s.phone} not like '+1%' or ${s.areaCode} = any(${codes}::text[]))`;
}
