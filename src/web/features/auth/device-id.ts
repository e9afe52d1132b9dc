/** The browser's device id for the login call (spec doc 3 §7); the server's cookie mirrors it. */
const KEY = "parley.deviceId";

export function deviceId(): string | undefined {
  try {
    let id = localStorage.getItem(KEY);
    if (!id) {
      const bytes = crypto.getRandomValues(new Uint8Array(18));
      id = btoa(String.fromCharCode(...bytes))
        .replaceAll("+", "-")
        .replaceAll("/", "_")
        .replaceAll("=", "");
      localStorage.setItem(KEY, id);
    }
    return id;
  } catch {
    // Storage blocked (a strict privacy mode): the server's cookie alone identifies the device.
    return undefined;
  }
}
