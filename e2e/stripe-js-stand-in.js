// Our stand-in for Stripe.js (https://js.stripe.com), served by e2e/billing-stripe.spec.ts through
// page.route: the browser here cannot reach Stripe. It follows Stripe.js's documented API as far as
// Parley's screens and @stripe/stripe-js / @stripe/react-stripe-js use it: window.Stripe(pk) with
// elements({ clientSecret }), a Payment Element (mount, on/off, update, destroy, unmount),
// elements.submit(), confirmSetup, confirmPayment, confirmCardPayment and handleNextAction. Like
// Stripe.js it talks to https://api.stripe.com with the publishable key and the intent's client
// secret (the spec answers those requests with its Stripe stand-in), and shows the bank's
// authentication in a dialog of its own when a payment asks for it (Stripe's test-mode 3-D Secure).
(() => {
  const API = "https://api.stripe.com/v1";

  const digits = (s) => String(s ?? "").replace(/\D/g, "");
  const intentId = (clientSecret) => String(clientSecret ?? "").split("_secret_")[0];
  const money = (amount, currency) =>
    new Intl.NumberFormat("en-US", { style: "currency", currency: currency || "usd" }).format(
      amount / 100,
    );

  function Stripe(key) {
    if (typeof key !== "string" || !/^pk_(test|live)_/.test(key))
      throw new Error(
        `IntegrationError: Invalid value for Stripe(): apiKey should be a publishable key. You specified: ${key}.`,
      );
    const wrappers = [];

    async function call(method, path, fields) {
      const body = new URLSearchParams({ key, ...fields });
      const res = await fetch(
        method === "GET" ? `${API}${path}?${body}` : `${API}${path}`,
        method === "GET"
          ? { method }
          : {
              method,
              headers: { "content-type": "application/x-www-form-urlencoded" },
              body,
            },
      );
      return res.json();
    }

    // --- Elements ----------------------------------------------------------------------------
    function paymentElement(group, options) {
      const listeners = new Map();
      let node = null;
      let fields = null;
      let destroyed = false;
      const emit = (event, payload) => {
        for (const cb of listeners.get(event) ?? []) cb(payload);
      };
      const values = () => ({
        number: digits(fields?.number.value),
        exp: digits(fields?.exp.value),
        cvc: digits(fields?.cvc.value),
      });
      const problem = () => {
        const v = values();
        if (v.number.length < 13) return "Your card number is incomplete.";
        if (v.exp.length !== 4) return "Your card's expiration date is incomplete.";
        if (v.cvc.length < 3) return "Your card's security code is incomplete.";
        return null;
      };
      const field = (labelText, name, placeholder, autocomplete) => {
        const label = document.createElement("label");
        label.style.cssText =
          "display:flex;flex-direction:column;gap:4px;font-size:14px;color:#30313d";
        label.append(labelText);
        const input = document.createElement("input");
        Object.assign(input, { name, placeholder, autocomplete, inputMode: "numeric" });
        input.style.cssText =
          "padding:10px 12px;border:1px solid #e6e6e6;border-radius:5px;font-size:16px;box-shadow:0 1px 3px rgba(0,0,0,.08);box-sizing:border-box;width:100%;min-width:0";
        input.addEventListener("input", () => {
          const v = values();
          emit("change", {
            elementType: "payment",
            empty: !v.number && !v.exp && !v.cvc,
            complete: problem() === null,
            collapsed: false,
            value: { type: "card" },
          });
        });
        input.addEventListener("focus", () => emit("focus", { elementType: "payment" }));
        input.addEventListener("blur", () => emit("blur", { elementType: "payment" }));
        label.append(input);
        return { label, input };
      };
      const element = {
        mount(domElement) {
          if (destroyed)
            throw new Error("IntegrationError: This Element has already been destroyed.");
          const target =
            typeof domElement === "string" ? document.querySelector(domElement) : domElement;
          if (!target)
            throw new Error(
              "IntegrationError: The selector you specified does not match any element.",
            );
          node = document.createElement("div");
          node.className = "StripeElement StripeElement--payment";
          node.dataset.testid = "stripe-payment-element-frame";
          node.style.cssText =
            "display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr);gap:12px";
          const number = field("Card number", "number", "1234 1234 1234 1234", "cc-number");
          number.label.style.gridColumn = "1 / -1";
          const exp = field("Expiration date", "exp", "MM / YY", "cc-exp");
          const cvc = field("Security code", "cvc", "CVC", "cc-csc");
          fields = { number: number.input, exp: exp.input, cvc: cvc.input };
          node.append(number.label, exp.label, cvc.label);
          target.append(node);
          // Stripe's element answers 'ready' once its frame has loaded.
          setTimeout(() => emit("ready", { elementType: "payment" }), 0);
        },
        unmount() {
          node?.remove();
          node = null;
        },
        destroy() {
          element.unmount();
          destroyed = true;
          listeners.clear();
          group._remove("payment");
        },
        on(event, cb) {
          if (!listeners.has(event)) listeners.set(event, new Set());
          listeners.get(event).add(cb);
          return element;
        },
        off(event, cb) {
          if (cb) listeners.get(event)?.delete(cb);
          else listeners.delete(event);
          return element;
        },
        once(event, cb) {
          const one = (payload) => {
            element.off(event, one);
            cb(payload);
          };
          return element.on(event, one);
        },
        update(updates) {
          Object.assign(options, updates);
        },
        focus() {
          fields?.number.focus();
        },
        blur() {
          document.activeElement?.blur?.();
        },
        clear() {
          for (const input of Object.values(fields ?? {})) input.value = "";
        },
        collapse() {
          return element;
        },
        _values: values,
        _problem: problem,
      };
      return element;
    }

    function elements(options = {}) {
      const made = new Map();
      const group = {
        create(type, elementOptions = {}) {
          if (type !== "payment")
            throw new Error(
              `IntegrationError: this stand-in makes only the payment Element, not ${type}.`,
            );
          if (made.has(type))
            throw new Error("IntegrationError: Can only create one Element of type payment.");
          const element = paymentElement(group, { ...elementOptions });
          made.set(type, element);
          return element;
        },
        getElement: (type) => made.get(type) ?? null,
        update(updates) {
          Object.assign(options, updates);
        },
        fetchUpdates: async () => ({}),
        async submit() {
          const element = made.get("payment");
          if (!element)
            return {
              error: { type: "validation_error", message: "No Payment Element was mounted." },
            };
          const problem = element._problem();
          return problem ? { error: { type: "validation_error", message: problem } } : {};
        },
        _remove: (type) => made.delete(type),
        _options: options,
      };
      return group;
    }

    // --- Confirming --------------------------------------------------------------------------
    function cardFields(elementsGroup) {
      const { number, exp, cvc } = elementsGroup.getElement("payment")._values();
      return {
        "payment_method_data[type]": "card",
        "payment_method_data[card][number]": number,
        "payment_method_data[card][exp_month]": String(Number(exp.slice(0, 2))),
        "payment_method_data[card][exp_year]": `20${exp.slice(2)}`,
        "payment_method_data[card][cvc]": cvc,
      };
    }

    /** Stripe's test-mode 3-D Secure: the bank asks the cardholder to complete or fail it. */
    function authenticationDialog(intent) {
      return new Promise((resolve) => {
        const backdrop = document.createElement("div");
        backdrop.style.cssText =
          "position:fixed;inset:0;z-index:2147483647;background:rgba(0,0,0,.45);display:flex;align-items:center;justify-content:center;padding:16px";
        const dialog = document.createElement("div");
        dialog.setAttribute("role", "dialog");
        dialog.setAttribute("aria-modal", "true");
        dialog.setAttribute("aria-labelledby", "stripe-3ds-title");
        dialog.dataset.testid = "stripe-3ds";
        dialog.style.cssText =
          "background:#fff;border-radius:8px;max-width:460px;width:100%;box-sizing:border-box;padding:24px;font:14px system-ui,sans-serif;color:#30313d;box-shadow:0 8px 30px rgba(0,0,0,.3)";
        const title = document.createElement("h2");
        title.id = "stripe-3ds-title";
        title.textContent = "Authenticate your payment";
        title.style.cssText = "margin:0 0 8px;font-size:18px";
        const text = document.createElement("p");
        text.textContent = `Your bank asks you to confirm the payment of ${money(intent.amount, intent.currency)}. This is Stripe's test mode: choose whether the authentication succeeds.`;
        text.style.cssText = "margin:0 0 16px;line-height:1.4";
        const buttons = document.createElement("div");
        buttons.style.cssText = "display:flex;gap:8px;justify-content:flex-end;flex-wrap:wrap";
        const button = (label, outcome, primary) => {
          const b = document.createElement("button");
          b.type = "button";
          b.textContent = label;
          b.style.cssText = `padding:8px 14px;border-radius:5px;font-size:14px;cursor:pointer;border:1px solid ${primary ? "#635bff" : "#d5dbe1"};background:${primary ? "#635bff" : "#fff"};color:${primary ? "#fff" : "#30313d"}`;
          b.addEventListener("click", () => {
            backdrop.remove();
            resolve(outcome);
          });
          return b;
        };
        buttons.append(
          button("Fail authentication", "fail", false),
          button("Complete authentication", "complete", true),
        );
        dialog.append(title, text, buttons);
        backdrop.append(dialog);
        document.body.append(backdrop);
        buttons.lastChild.focus();
      });
    }

    async function nextAction(intent, clientSecret) {
      if (intent.status !== "requires_action") return intent;
      const outcome = await authenticationDialog(intent);
      return call("POST", "/3ds2/authenticate", {
        payment_intent: intent.id,
        client_secret: clientSecret,
        outcome,
      });
    }

    const paymentResult = (pi) =>
      pi.error
        ? { error: pi.error }
        : pi.status === "requires_payment_method" && pi.last_payment_error
          ? { error: { ...pi.last_payment_error, payment_intent: pi } }
          : { paymentIntent: pi };

    const leave = (returnUrl, param, id, clientSecret) => {
      const url = new URL(returnUrl);
      url.searchParams.set(param, id);
      url.searchParams.set(`${param}_client_secret`, clientSecret);
      window.location.assign(url.toString());
      return new Promise(() => {});
    };

    async function confirmSetup({ elements: group, clientSecret, confirmParams = {}, redirect }) {
      const secret = clientSecret ?? group?._options.clientSecret;
      if (!group || !secret)
        throw new Error(
          "IntegrationError: confirmSetup needs elements created with a clientSecret.",
        );
      const invalid = await group.submit();
      if (invalid.error) return invalid;
      const si = await call("POST", `/setup_intents/${intentId(secret)}/confirm`, {
        client_secret: secret,
        ...cardFields(group),
        ...(confirmParams.return_url ? { return_url: confirmParams.return_url } : {}),
      });
      if (si.error) return { error: si.error };
      if (redirect !== "if_required" && confirmParams.return_url)
        return leave(confirmParams.return_url, "setup_intent", si.id, secret);
      return { setupIntent: si };
    }

    async function confirmPayment({ elements: group, clientSecret, confirmParams = {}, redirect }) {
      const secret = clientSecret ?? group?._options.clientSecret;
      if (!group || !secret)
        throw new Error("IntegrationError: confirmPayment needs elements and a clientSecret.");
      const invalid = await group.submit();
      if (invalid.error) return invalid;
      const pi = await call("POST", `/payment_intents/${intentId(secret)}/confirm`, {
        client_secret: secret,
        ...cardFields(group),
      });
      if (pi.error) return { error: pi.error };
      const done = paymentResult(await nextAction(pi, secret));
      if (!done.error && redirect !== "if_required" && confirmParams.return_url)
        return leave(confirmParams.return_url, "payment_intent", pi.id, secret);
      return done;
    }

    async function confirmCardPayment(clientSecret, data = {}, options = {}) {
      const fields = { client_secret: clientSecret };
      if (typeof data.payment_method === "string") fields.payment_method = data.payment_method;
      const pi = await call("POST", `/payment_intents/${intentId(clientSecret)}/confirm`, fields);
      if (pi.error) return { error: pi.error };
      if (options.handleActions === false) return { paymentIntent: pi };
      return paymentResult(await nextAction(pi, clientSecret));
    }

    async function handleNextAction({ clientSecret }) {
      const pi = await call("GET", `/payment_intents/${intentId(clientSecret)}`, {
        client_secret: clientSecret,
      });
      if (pi.error) return { error: pi.error };
      return paymentResult(await nextAction(pi, clientSecret));
    }

    const unsupported = async () => ({
      error: { type: "invalid_request_error", message: "Not offered by this stand-in." },
    });

    return {
      elements,
      confirmSetup,
      confirmPayment,
      confirmCardPayment,
      handleNextAction,
      handleCardAction: (clientSecret) => handleNextAction({ clientSecret }),
      retrievePaymentIntent: async (clientSecret) => {
        const pi = await call("GET", `/payment_intents/${intentId(clientSecret)}`, {
          client_secret: clientSecret,
        });
        return pi.error ? { error: pi.error } : { paymentIntent: pi };
      },
      retrieveSetupIntent: async (clientSecret) => {
        const si = await call("GET", `/setup_intents/${intentId(clientSecret)}`, {
          client_secret: clientSecret,
        });
        return si.error ? { error: si.error } : { setupIntent: si };
      },
      // The React bindings check that these exist before they take the object for Stripe.
      createToken: unsupported,
      createPaymentMethod: unsupported,
      registerAppInfo: () => {},
      _registerWrapper: (wrapper) => wrappers.push(wrapper),
      _wrappers: wrappers,
    };
  }
  // The release @stripe/stripe-js expects (it warns about any other with a test key).
  Stripe.version = "endive";
  window.Stripe = Stripe;
})();
