/*
 * Parley web banner. Embed on any site with:
 *   <script src="https://YOUR-PARLEY/web-banner/embed.js" data-account="ACCOUNT NAME" async></script>
 * Plain JavaScript, no framework; the bar lives in a shadow root so the host page's CSS cannot
 * reach it. Its button opens the account's opt-in page in a new tab; closing it hides it for the
 * number of days the business chose.
 */
(() => {
  const script = document.currentScript;
  if (!script) return;
  const base = new URL(script.src).origin;
  const account = script.getAttribute("data-account") || "";
  const api = `${base}/web-banner/public/${encodeURIComponent(account)}`;
  const hideKey = `parley-banner-${account}`;
  try {
    if (Number(localStorage.getItem(hideKey) || 0) > Date.now()) return;
  } catch (_) {}

  const count = (kind) =>
    fetch(`${api}/${kind}`, { method: "POST", keepalive: true }).catch(() => {});

  fetch(api)
    .then((res) => (res.ok ? res.json() : null))
    .then((json) => {
      const b = json?.data;
      if (b) show(b);
    })
    .catch(() => {});

  function show(b) {
    const host = document.createElement("div");
    host.setAttribute("data-parley-banner", "");
    const root = host.attachShadow({ mode: "open" });
    const edge = b.position === "top" ? "top:0" : "bottom:0";
    root.innerHTML = `<style>
:host{all:initial}
.bar{position:fixed;left:0;right:0;${edge};z-index:2147483000;display:flex;align-items:center;justify-content:center;gap:12px;flex-wrap:wrap;padding:10px 48px 10px 16px;box-sizing:border-box;font:500 15px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;box-shadow:0 ${b.position === "top" ? "2px" : "-2px"} 10px rgba(0,0,0,.15)}
.msg{margin:0;text-align:center}
a.go{display:inline-block;padding:8px 16px;border-radius:6px;font-weight:700;text-decoration:none;white-space:nowrap}
a.go:focus-visible,button.x:focus-visible{outline:3px solid currentColor;outline-offset:2px}
button.x{position:absolute;right:8px;top:50%;transform:translateY(-50%);width:36px;height:36px;border:0;border-radius:50%;background:transparent;font:400 24px/1 system-ui,sans-serif;cursor:pointer}
@media (max-width:480px){.bar{font-size:14px;padding:10px 44px 10px 12px;gap:8px}}
</style><div class="bar" role="region" aria-label="Text message sign-up"><p class="msg"></p><a class="go" target="_blank" rel="noopener"></a><button class="x" type="button" aria-label="Close">×</button></div>`;
    const bar = root.querySelector(".bar");
    bar.style.background = b.bgColor;
    bar.style.color = b.textColor;
    root.querySelector(".msg").textContent = b.message;
    const go = root.querySelector("a.go");
    go.textContent = b.buttonText;
    go.href = b.targetUrl;
    go.style.background = b.buttonColor;
    go.style.color = b.buttonTextColor;
    go.addEventListener("click", () => count("click"));
    const x = root.querySelector("button.x");
    x.style.color = b.textColor;
    x.addEventListener("click", () => {
      host.remove();
      try {
        if (b.hideDays > 0) localStorage.setItem(hideKey, String(Date.now() + b.hideDays * 864e5));
      } catch (_) {}
    });
    document.body.appendChild(host);
    count("view");
  }
})();
