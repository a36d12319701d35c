// Calls to the store's API as the storefront makes them (its cookies, the AJAX header),
// from a page or from Node (`httpShopper()`): for journeys whose setup (an account, a
// placed order) is not what they test.
import assert from "node:assert/strict";
import { signUpCode } from "./helpers.mjs";

export const PASSWORD = "olive-lane-e2e-2026";

/**
 * POSTs `body` to the API from `page`, as the storefront does (its cookies, the AJAX
 * header): the answer's status and JSON. Failing statuses are the caller's to judge.
 * `page` may be a shopper from `httpShopper()` instead, here and in the calls below.
 */
export async function post(page, path, body) {
  if (page.send) return page.send("POST", path, body);
  return page.evaluate(
    async ({ path, body }) => {
      const answer = await fetch(`/api${path}`, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          "X-Requested-With": "XMLHttpRequest",
        },
        body: JSON.stringify(body),
      });
      return {
        status: answer.status,
        json: await answer.json().catch(() => null),
      };
    },
    { path, body },
  );
}

/**
 * A shopper without a browser, for a test that chooses which server answers each call
 * (instances.test.mjs): Node's fetch with one cookie jar, kept from every answer's
 * Set-Cookie as a browser keeps it. `at(base)` sends to the store at `base` with those
 * cookies and the AJAX header; `send(method, path, body)` answers the status and JSON.
 */
export function httpShopper() {
  const cookies = new Map();
  const at = (base) => ({
    async send(method, path, body) {
      const headers = { "X-Requested-With": "XMLHttpRequest" };
      if (body !== undefined) headers["Content-Type"] = "application/json";
      if (cookies.size > 0) {
        headers.Cookie = [...cookies]
          .map(([name, value]) => `${name}=${value}`)
          .join("; ");
      }
      const answer = await fetch(`${base}/api${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      for (const cookie of answer.headers.getSetCookie()) {
        const [, name, value] = /^([^=]+)=([^;]*)/.exec(cookie);
        if (value) cookies.set(name, value);
        else cookies.delete(name);
      }
      return {
        status: answer.status,
        json: await answer.json().catch(() => null),
      };
    },
  });
  return { at };
}

/** `post`, failing unless it succeeds; its JSON. */
export async function posted(page, path, body) {
  const { status, json } = await post(page, path, body);
  assert.ok(
    status >= 200 && status < 300,
    `${path}: ${status} ${JSON.stringify(json)}`,
  );
  return json;
}

/** The approved sandbox card, tokenised in `page`'s browser: its token answer. */
export async function cardToken(page, number = "4242 4242 4242 4242") {
  const year = (new Date().getFullYear() + 2) % 100;
  return posted(page, "/card/createToken", {
    card: number,
    exp: `12/${year}`,
    cvc: "123",
  });
}

/** The address the journeys ship to. */
export const NEW_YORK = {
  name: "Dana Levi",
  line1: "1 Olive Lane",
  city: "New York",
  postal_code: "10001",
  country: "US",
  phone: "212 555 0100",
};

/**
 * Places an order from `page` through the API as the storefront does (a card token made
 * in this browser, the checkout quote, then the order with the quote's figures): shipped
 * to New York by Standard, paid by the sandbox's approved card. Answers the order.
 */
export async function placeByApi(page, { products, email }) {
  const card = await cardToken(page);
  const shipping = { type: "ship", id: 1 };
  const quote = await posted(page, "/checkout/quote", {
    products,
    later: [],
    zip_code: "10001",
    country: "US",
    shipping,
  });
  return posted(page, "/orders", {
    idempotency_key: `e2e-${crypto.randomUUID()}`,
    products,
    shipping,
    shipping_info: { address: NEW_YORK },
    email,
    payment: { token: card.token },
    expected_total: quote.bag.totals.total,
    expected_amount_due: quote.amount_due,
  });
}

/** Signs `email` up in `page`'s browser through the API, with the mailed code. */
export async function signUp(page, store, email) {
  assert.equal(
    (await post(page, "/register", { name: "Dana", email, password: PASSWORD }))
      .status,
    202,
  );
  const code = await signUpCode(store, email);
  assert.equal(
    (await post(page, "/register/confirm", { email, code })).status,
    200,
  );
}

/** Saves an address and a card of `number` to the signed-in account: the card's id. */
export async function saveAddressAndCard(page, number) {
  await posted(page, "/customer/address", { ...NEW_YORK, default: true });
  const card = await cardToken(page, number);
  const saved = await posted(page, "/customer/payment", {
    token: card.token,
    default: true,
  });
  return saved.payment.id;
}

/** GETs the customer's subscription `id` from `page`, as the storefront does. */
export async function subscription(page, id) {
  if (page.send)
    return (await page.send("GET", `/customer/subscriptions/${id}`)).json;
  return page.evaluate(async (id) => {
    const answer = await fetch(`/api/customer/subscriptions/${id}`, {
      headers: { "X-Requested-With": "XMLHttpRequest" },
    });
    return answer.json();
  }, id);
}

/** Runs the store's due jobs as they would run on `date`, past its 06:00 charge hour. */
export async function runJobsOn(store, date) {
  await store.command("jobs", "--run", "--at", `${date}T16:00:00Z`);
}
