import "altcha/external";
import "altcha/altcha.css";
import "altcha/i18n/es-419";
import ShaWorker from "altcha/workers/sha?worker";

/**
 * The ALTCHA widget (self-hosted proof of work, no third-party script) in its strict-CSP build:
 * the worker is a file of our own origin instead of a blob, so the Content-Security-Policy stays
 * 'self'. Imported lazily by the pages that show a public form.
 */
type AltchaGlobal = { algorithms: { set(name: string, make: () => Worker): void } };
const g = globalThis as unknown as { $altcha?: AltchaGlobal };
g.$altcha?.algorithms.set("SHA-256", () => new ShaWorker());
