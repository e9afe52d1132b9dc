/** True when Parley runs inside another site's iframe (the embedded-frame mode of spec doc 3 §2). */
export function isEmbedded(): boolean {
  try {
    return window.self !== window.top;
  } catch {
    // A cross-origin parent makes window.top unreadable: that is a frame too.
    return true;
  }
}
