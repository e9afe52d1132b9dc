/** A custom field of type address (spec doc 2 §3, doc 1 §5): four parts. */
export interface Address {
  address: string;
  city: string;
  state: string;
  zip: string;
}

const ZIP = /^\d{5}(-\d{4})?$/;

/**
 * Reads free text 'street, city, state, zip' into its parts. The last part is the zip when it
 * looks like one; "state zip" written together ('Austin, TX 78701') is split as well. Whatever
 * is left before city and state stays in the street (which may itself contain commas).
 */
export function parseAddress(text: string): Address {
  const parts = text
    .split(",")
    .map((p) => p.trim())
    .filter((p) => p.length > 0);
  let zip = "";
  const last = parts.at(-1) ?? "";
  if (ZIP.test(last)) {
    zip = last;
    parts.pop();
  } else {
    const m = /^(.*\S)\s+(\d{5}(?:-\d{4})?)$/.exec(last);
    if (m) {
      zip = m[2]!;
      parts[parts.length - 1] = m[1]!;
    }
  }
  const state = parts.length >= 3 ? parts.pop()! : "";
  const city = parts.length >= 2 ? parts.pop()! : "";
  return { address: parts.join(", "), city, state, zip };
}

export function formatAddress(a: Address): string {
  return [a.address, a.city, [a.state, a.zip].filter(Boolean).join(" ")]
    .filter((p) => p.length > 0)
    .join(", ");
}
