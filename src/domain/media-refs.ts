/**
 * Which media an account may put in a message: only files this server holds for it, its own
 * uploads (`/media/<accountId>/<name>`, as uploads and AI images are stored) and its contact card
 * (`/api/contact-card/<accountId>-<token>.vcf`; the route checks the token). Anything else (another account's file, a page elsewhere
 * on the internet) would make the carrier fetch what the account does not own.
 */

export const MEDIA_REF_TEXT = {
  notOwn: "Attach a file uploaded to this account.",
  template: "That template does not exist in this account.",
  link: "That link does not exist in this account.",
} as const;

const UPLOAD_PATH = /^\/media\/(\d{1,10})\/[a-f0-9]{32}\.[a-z0-9]{2,4}$/;
const CARD_PATH = /^\/api\/contact-card\/(\d{1,10})-[a-f0-9]{32}\.vcf$/;

/**
 * Whether `url` (absolute on `publicBase`, or a path on it) is media of one of `accountIds`.
 * A contact card may carry its query (?longcodeId=…); an upload may not.
 */
export function isOwnMediaUrl(url: string, accountIds: readonly number[], publicBase: string) {
  let parsed: URL;
  let base: URL;
  try {
    base = new URL(publicBase);
    parsed = new URL(url, base);
  } catch {
    return false;
  }
  if (parsed.origin !== base.origin || parsed.username || parsed.password || parsed.hash)
    return false;
  const basePath = base.pathname.replace(/\/$/, "");
  if (basePath && !parsed.pathname.startsWith(`${basePath}/`)) return false;
  const path = parsed.pathname.slice(basePath.length);
  const upload = UPLOAD_PATH.exec(path);
  const card = CARD_PATH.exec(path);
  const owner = upload && !parsed.search ? upload[1] : card ? card[1] : undefined;
  return owner !== undefined && accountIds.includes(Number(owner));
}
