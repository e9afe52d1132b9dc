import { parsePhoneNumberFromString } from "libphonenumber-js";
import { formatUsNumber } from "../../../domain/phone";
import { carrierNameOf, lineTypeOf } from "./recipient-rules";

/**
 * Lookup v2 PhoneNumbers: validity from libphonenumber plus the emulator's last-four-digit rules
 * (…0000 invalid, …0001 landline) and its last digit's mobile network (carrierNameOf). Like
 * Twilio, an invalid number is a 200 with valid: false.
 */
export function lookupNumber(raw: string, fields: string, lookupBase: string) {
  const parsed = parsePhoneNumberFromString(raw.trim(), "US");
  const e164 = parsed?.isValid() && parsed.countryCallingCode === "1" ? parsed.number : null;
  const lineType = e164 ? lineTypeOf(e164) : null;
  const url = `${lookupBase}/v2/PhoneNumbers/${encodeURIComponent(e164 ?? raw)}`;
  if (!e164 || !lineType) {
    return {
      calling_country_code: null,
      country_code: null,
      phone_number: raw,
      national_format: null,
      valid: false,
      validation_errors: [parsed ? "INVALID_BUT_POSSIBLE" : "NOT_A_NUMBER"],
      caller_name: null,
      line_type_intelligence: null,
      url,
    };
  }
  const wantsLineType = fields.split(",").some((f) => f.trim() === "line_type_intelligence");
  return {
    calling_country_code: "1",
    country_code: parsed!.country ?? "US",
    phone_number: e164,
    national_format: formatUsNumber(e164),
    valid: true,
    validation_errors: [],
    caller_name: null,
    line_type_intelligence: wantsLineType
      ? {
          carrier_name: carrierNameOf(e164),
          error_code: null,
          mobile_country_code: lineType === "mobile" ? "310" : null,
          mobile_network_code: lineType === "mobile" ? "999" : null,
          type: lineType,
        }
      : null,
    url,
  };
}
