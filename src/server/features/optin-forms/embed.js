/*
 * Parley opt-in popup. Embed on any site with:
 *   <script src="https://YOUR-PARLEY/opt-in-forms/embed.js" data-account="ACCOUNT NAME" async></script>
 * Plain JavaScript, no framework; the popup lives in a shadow root so the host page's CSS cannot
 * reach it. It asks Parley which form to show on this page (render), shows it when its trigger
 * fires (a delay, a scroll percentage, or exit intent), sends the fields (submit), and confirms
 * the code texted to the visitor's phone (confirm). Each code texted costs a solved bot challenge
 * (ALTCHA's SHA-256 proof of work, solved here in plain JavaScript so no widget loads on the host).
 */
(() => {
  const script = document.currentScript;
  if (!script) return;
  const base = new URL(script.src).origin;
  const account = script.getAttribute("data-account") || "";
  const LABELS = {
    phone: "Phone number",
    firstName: "First name",
    lastName: "Last name",
    email: "Email",
  };
  const TYPES = { phone: "tel", firstName: "text", lastName: "text", email: "email" };

  function post(path, body) {
    return fetch(`${base}/opt-in-forms/public/${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    }).then((res) =>
      res.json().then((json) => {
        if (!res.ok)
          throw new Error(json?.error?.message || "Something went wrong. Please try again.");
        return json.data;
      }),
    );
  }

  // SHA-256 (FIPS 180-4), small and synchronous: crypto.subtle is missing on http:// pages.
  const K = [];
  const H0 = [];
  for (let n = 2; K.length < 64; n++) {
    let prime = true;
    for (let d = 2; d * d <= n; d++) if (n % d === 0) prime = false;
    if (!prime) continue;
    if (H0.length < 8) H0.push(((Math.sqrt(n) % 1) * 2 ** 32) | 0);
    K.push(((Math.cbrt(n) % 1) * 2 ** 32) | 0);
  }
  const ror = (x, n) => (x >>> n) | (x << (32 - n));
  function sha256(bytes) {
    const n = bytes.length;
    const len = ((n + 9 + 63) >> 6) << 6;
    const m = new Uint8Array(len);
    m.set(bytes);
    m[n] = 0x80;
    const dv = new DataView(m.buffer);
    dv.setUint32(len - 4, n * 8);
    const h = H0.slice();
    const w = new Int32Array(64);
    for (let o = 0; o < len; o += 64) {
      for (let i = 0; i < 16; i++) w[i] = dv.getUint32(o + i * 4);
      for (let i = 16; i < 64; i++) {
        const a = w[i - 15];
        const b = w[i - 2];
        w[i] =
          (w[i - 16] +
            (ror(a, 7) ^ ror(a, 18) ^ (a >>> 3)) +
            w[i - 7] +
            (ror(b, 17) ^ ror(b, 19) ^ (b >>> 10))) |
          0;
      }
      let [A, B, C, D, E, F, G, X] = h;
      for (let i = 0; i < 64; i++) {
        const t1 =
          (X + (ror(E, 6) ^ ror(E, 11) ^ ror(E, 25)) + ((E & F) ^ (~E & G)) + K[i] + w[i]) | 0;
        const t2 = ((ror(A, 2) ^ ror(A, 13) ^ ror(A, 22)) + ((A & B) ^ (A & C) ^ (B & C))) | 0;
        X = G;
        G = F;
        F = E;
        E = (D + t1) | 0;
        D = C;
        C = B;
        B = A;
        A = (t1 + t2) | 0;
      }
      const add = [A, B, C, D, E, F, G, X];
      for (let i = 0; i < 8; i++) h[i] = (h[i] + add[i]) | 0;
    }
    const out = new Uint8Array(32);
    const ov = new DataView(out.buffer);
    for (let i = 0; i < 8; i++) ov.setUint32(i * 4, h[i]);
    return out;
  }
  const toHex = (b) => Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
  const fromHex = (s) => Uint8Array.from(s.match(/../g) || [], (x) => parseInt(x, 16));

  /** ALTCHA v2, SHA-256: the counter whose key sha256(salt, nonce, counter) starts with the prefix. */
  function solve(challenge) {
    const p = challenge.parameters;
    const salt = fromHex(p.salt);
    const nonce = fromHex(p.nonce);
    const pw = new Uint8Array(salt.length + nonce.length + 4);
    pw.set(salt);
    pw.set(nonce, salt.length);
    const dv = new DataView(pw.buffer);
    const prefix = String(p.keyPrefix).toLowerCase();
    for (let counter = 0; counter < 5e6; counter++) {
      dv.setUint32(pw.length - 4, counter);
      let key = sha256(pw);
      for (let i = 1; i < p.cost; i++) key = sha256(key);
      const hex = toHex(key.subarray(0, p.keyLength || 32));
      if (hex.startsWith(prefix))
        return btoa(JSON.stringify({ challenge, solution: { counter, derivedKey: hex } }));
    }
    throw new Error("Something went wrong. Please try again.");
  }

  /** Texts a code: a fresh challenge of this form, solved, then the submit call. */
  function submitWithProof(body) {
    return post("challenge", { viewId: body.viewId }).then((challenge) =>
      post("submit", Object.assign({}, body, { proof: solve(challenge) })),
    );
  }

  function el(tag, attrs, text) {
    const e = document.createElement(tag);
    for (var k in attrs || {}) e.setAttribute(k, attrs[k]);
    if (text != null) e.textContent = text;
    return e;
  }

  post("render", { url: location.href, accountName: account })
    .then((data) => {
      if (!data) return;
      const d = data.displaySetting;
      const seenKey = `parley-optin-${data.formId}`;
      try {
        const closed = Number(localStorage.getItem(seenKey) || 0);
        if (d.frequencyDays > 0 && closed && Date.now() - closed < d.frequencyDays * 864e5) return;
      } catch (_) {}
      arm(d, () => show(data, seenKey));
    })
    .catch(() => {});

  function arm(d, fire) {
    let done = false;
    function once() {
      if (done) return;
      done = true;
      window.removeEventListener("scroll", onScroll);
      document.removeEventListener("mouseout", onOut);
      fire();
    }
    function onScroll() {
      const h = document.documentElement.scrollHeight - window.innerHeight;
      if (h <= 0 || (window.scrollY / h) * 100 >= d.scrollPercent) once();
    }
    function onOut(e) {
      if (!e.relatedTarget && e.clientY <= 0) once();
    }
    if (d.trigger === "scroll") {
      window.addEventListener("scroll", onScroll, { passive: true });
      onScroll();
    } else if (d.trigger === "exit") document.addEventListener("mouseout", onOut);
    else setTimeout(once, d.delaySeconds * 1000);
  }

  function show(data, seenKey) {
    const c = data.container;
    const host = el("div", { "data-parley-optin": String(data.formId) });
    const root = host.attachShadow({ mode: "open" });
    const style = el("style");
    style.textContent =
      ":host{all:initial}" +
      ".ov{position:fixed;inset:0;z-index:2147483000;display:flex;align-items:center;justify-content:center;padding:16px;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;" +
      (c.overlay ? "background:rgba(15,23,42,.55)" : "pointer-events:none") +
      "}.card{pointer-events:auto;position:relative;box-sizing:border-box;width:100%;max-width:" +
      c.width +
      "px;max-height:calc(100vh - 32px);overflow:auto;padding:28px 24px 20px;border-radius:" +
      c.borderRadius +
      "px;background:" +
      c.bgColor +
      ";color:" +
      c.textColor +
      ";box-shadow:0 20px 50px rgba(0,0,0,.25)}" +
      "h2{margin:0 0 8px;font-size:22px;line-height:1.25}p{margin:0 0 12px;font-size:15px;line-height:1.45}" +
      ".small{font-size:11px;opacity:.75;margin-top:10px}img{max-width:100%;display:block;margin:0 auto 12px;border-radius:6px}" +
      "label{display:block;font-size:13px;font-weight:600;margin:0 0 4px}input{box-sizing:border-box;width:100%;font:inherit;font-size:16px;padding:10px 12px;border:1px solid #c3c9d0;border-radius:8px;margin:0 0 12px;background:#fff;color:#111}" +
      "button.go{width:100%;font:inherit;font-size:16px;font-weight:600;padding:12px;border:0;border-radius:8px;cursor:pointer;color:#fff;background:" +
      c.accentColor +
      "}button.go:disabled{opacity:.6;cursor:default}" +
      ".x{position:absolute;top:8px;right:10px;border:0;background:none;font-size:24px;line-height:1;cursor:pointer;color:inherit;opacity:.6}" +
      ".link{border:0;background:none;color:" +
      c.accentColor +
      ";font:inherit;font-size:14px;cursor:pointer;text-decoration:underline;padding:0;margin-top:10px}" +
      ".err{color:#c92a2a;font-size:14px;margin:0 0 10px}.ok{color:#2b8a3e;font-size:14px;margin:8px 0 0}";
    const ov = el("div", { class: "ov", part: "overlay" });
    const card = el("div", {
      class: "card",
      role: "dialog",
      "aria-modal": "true",
      "aria-label": "Sign up for texts",
    });
    ov.appendChild(card);
    root.append(style, ov);
    document.body.appendChild(host);
    let number = "";

    function close() {
      try {
        localStorage.setItem(seenKey, String(Date.now()));
      } catch (_) {}
      host.remove();
    }
    ov.addEventListener("click", (e) => {
      if (e.target === ov) close();
    });
    document.addEventListener("keydown", function esc(e) {
      if (e.key === "Escape") {
        document.removeEventListener("keydown", esc);
        close();
      }
    });

    function render(blocks, step) {
      card.textContent = "";
      const x = el("button", { class: "x", type: "button", "aria-label": "Close" }, "\u00d7");
      x.onclick = close;
      card.appendChild(x);
      const form = el("form", { novalidate: "" });
      const err = el("p", { class: "err", role: "alert", hidden: "" });
      const inputs = {};
      let button = null;
      blocks.forEach((b) => {
        if (b.type === "heading") form.appendChild(el("h2", {}, b.text));
        else if (b.type === "text") form.appendChild(el("p", {}, b.text));
        else if (b.type === "consent") form.appendChild(el("p", { class: "small" }, b.text));
        else if (b.type === "image") form.appendChild(el("img", { src: b.src, alt: b.alt || "" }));
        else if (b.type === "fields") {
          b.fields.forEach((f) => {
            const id = `parley-${f}`;
            form.appendChild(
              el("label", { for: id }, LABELS[f] + (b.required.indexOf(f) >= 0 ? " *" : "")),
            );
            const i = el("input", {
              id: id,
              name: f,
              type: TYPES[f],
              autocomplete:
                f === "phone"
                  ? "tel"
                  : f === "email"
                    ? "email"
                    : f === "firstName"
                      ? "given-name"
                      : "family-name",
            });
            inputs[f] = i;
            form.appendChild(i);
          });
        } else if (b.type === "button") {
          if (step === "code") {
            form.appendChild(el("label", { for: "parley-code" }, "Confirmation code"));
            inputs.code = el("input", {
              id: "parley-code",
              name: "code",
              inputmode: "numeric",
              autocomplete: "one-time-code",
              maxlength: "6",
            });
            form.appendChild(inputs.code);
          }
          form.appendChild(err);
          button = el("button", { class: "go", type: "submit" }, b.text);
          form.appendChild(button);
        }
      });
      if (step === "code") {
        const resend = el("button", { class: "link", type: "button" }, "Resend");
        const sent = el("p", { class: "ok", hidden: "" }, "Code sent!");
        resend.onclick = () => {
          err.hidden = true;
          submitWithProof({ viewId: data.viewId, fields: {}, url: location.href, resend: true })
            .then(() => {
              sent.hidden = false;
              setTimeout(() => {
                sent.hidden = true;
              }, 4000);
            })
            .catch((e) => {
              err.textContent = e.message;
              err.hidden = false;
            });
        };
        form.append(resend, sent);
      }
      if (!button) {
        form.appendChild(err);
      }
      form.onsubmit = (e) => {
        e.preventDefault();
        if (!button) return;
        err.hidden = true;
        button.disabled = true;
        const call =
          step === "code"
            ? post("confirm", {
                viewId: data.viewId,
                code: inputs.code.value,
                number: number,
                url: location.href,
              })
            : submitWithProof({
                viewId: data.viewId,
                url: location.href,
                fields: Object.keys(inputs).reduce((o, k) => {
                  o[k] = inputs[k].value;
                  return o;
                }, {}),
              });
        call
          .then((next) => {
            number = next.number || number;
            render(next.blocks, next.step);
            if (next.step === "done") {
              try {
                localStorage.setItem(seenKey, String(Date.now() + 3650 * 864e5));
              } catch (_) {}
            }
          })
          .catch((e) => {
            button.disabled = false;
            err.textContent = e.message;
            err.hidden = false;
          });
      };
      card.appendChild(form);
      const first = card.querySelector("input");
      if (first) first.focus();
    }
    render(data.blocks, "form");
  }
})();
