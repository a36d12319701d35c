// End-to-end: a subscription product bought on a plan (issue 29), in Hebrew, in each
// window of the run. From the house coffee's page a customer follows "Subscribe and
// save" to its plans, picks the monthly plan and two bags, adds a new card in place,
// sees the first delivery priced, subscribes and lands on the confirmation (and a mail).
// The owner's clock charges the first delivery; the customer skips the next one,
// changes the card, the clock charges the one after with the new card, and the
// customer cancels. axe checks each page of the flow.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { expectAccessible, launchBrowser, openPage } from "./browser.mjs";
import { cardToken, NEW_YORK, posted, signUp } from "./api.mjs";
import { mailTo, VIEWPORTS } from "./helpers.mjs";
import { startStore, stopCleanly } from "./server.mjs";
import { shopper } from "./shopper.mjs";

/** The house coffee, which the demo's group 1 of type 1 delivers. */
const COFFEE = "/products/house-blend-coffee-340g/1075";

/** GETs the customer's subscription `id` from `page`, as the storefront does. */
async function subscription(page, id) {
  return page.evaluate(async (id) => {
    const answer = await fetch(`/api/customer/subscriptions/${id}`, {
      headers: { "X-Requested-With": "XMLHttpRequest" },
    });
    return answer.json();
  }, id);
}

/** Runs the store's due jobs as they would run on `date`, past its 06:00 charge hour. */
async function runJobsOn(store, date) {
  await store.command("jobs", "--run", "--at", `${date}T16:00:00Z`);
}

describe("a subscription plan bought in a browser, in Hebrew", { timeout: 900_000 }, () => {
  let store;
  let browser;

  before(async () => {
    store = await startStore();
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
    await stopCleanly(store);
  });

  for (const viewport of VIEWPORTS) {
    const size = `${viewport.width}x${viewport.height}`;

    it(`a customer subscribes to a plan with a new card, skips, changes the card, is charged on time, and cancels (${size})`, async () => {
      const session = await openPage(browser, {
        viewport: { width: viewport.width, height: viewport.height },
        isMobile: viewport.mobile,
      });
      const { page } = session;
      const steps = shopper({ session: () => session, store: () => store });
      const { main, h1 } = steps;
      try {
        const email = `maya.plan.${size}@example.com`;
        await page.goto(`${store.url}/`);
        await signUp(page, store, email);
        await posted(page, "/customer/address", { ...NEW_YORK, default: true });

        // The coffee's page offers its plans; the best saves 15 %.
        await page.goto(`${store.url}${COFFEE}`);
        await steps.useLanguage("heb");
        await main()
          .getByRole("link", { name: "הצטרפו למינוי וחסכו עד 15%" })
          .click();
        await steps.waitForPath("/subscription/1/1");
        await h1("קפה הבית עד הדלת").waitFor();

        await main()
          .getByRole("radio", { name: /^כל חודש ?,.*16\.20.*עד שתבטלו$/ })
          .check();
        await main()
          .getByRole("combobox", { name: "כמות בכל משלוח" })
          .selectOption("2");
        // No card is saved yet: one is added in place, and chosen.
        await main().getByText("עדיין אין לך כרטיס שמור.").waitFor();
        await main().getByRole("button", { name: "הוספת כרטיס חדש" }).click();
        await main()
          .getByRole("textbox", { name: "מספר הכרטיס" })
          .fill("4242 4242 4242 4242");
        await main().getByRole("textbox", { name: "תוקף (MM/YY)" }).fill("12/35");
        await main().getByRole("textbox", { name: "קוד אבטחה (CVC)" }).fill("123");
        await main().getByRole("button", { name: "שמירת הכרטיס" }).click();
        const card = main().getByRole("combobox", { name: "כרטיס" });
        await card.waitFor();
        assert.match(
          await card.locator("option:checked").innerText(),
          /4242/,
          "the new card is chosen",
        );
        // Two bags at $16.20 instead of $18.00: $3.60 saved on each delivery.
        await main().getByText(/^המשלוח הראשון יחויב ב־/).waitFor();
        await main().getByText(/^חוסכים \W*\$3\.60\W* בכל משלוח$/).waitFor();
        await expectAccessible(page, `the plans of a group in Hebrew (${size})`);

        await main().getByRole("button", { name: "הצטרפות למינוי" }).click();
        await page.waitForURL((url) =>
          /^\/subscription-confirmation\/\d+$/.test(url.pathname),
        );
        const id = Number(new URL(page.url()).pathname.split("/").pop());
        await h1("אישור מינוי").waitFor();
        await main().getByText("המינוי שלך אושר.").waitFor();
        await expectAccessible(page, `the subscription's confirmation in Hebrew (${size})`);
        await mailTo(store, email, "המנוי שלך התחיל");
        const bought = (await subscription(page, id)).subscription;
        assert.equal(bought.plan_id, 12);
        assert.equal(bought.lines[0].quantity, 2);
        assert.equal(bought.lines[0].unit_price, 1620);

        // The first delivery is charged the day it is bought (the purchase queued a run
        // of the scheduler; before the 06:00 charge hour the owner's clock is moved to
        // it), and mailed as its order.
        const now = await subscription(page, id);
        if (now.deliveries.length === 0) await runJobsOn(store, now.subscription.next_delivery);
        const charged = await subscription(page, id);
        assert.deepEqual(charged.deliveries.map((d) => d.outcome), ["charged"]);
        await mailTo(store, email, charged.deliveries[0].order_number);

        // The next one is skipped, and the card changed to another saved one.
        await page.goto(`${store.url}/account/subscriptions-update/${id}`);
        await h1("עדכון מינוי").waitFor();
        await main().getByRole("button", { name: "דילוג על המשלוח הבא" }).click();
        await main().getByText(/^דילגנו על המשלוח\./).waitFor();
        await mailTo(store, email, "דילגת על משלוח");
        const other = await cardToken(page, "5555 5555 5555 4444");
        const saved = await posted(page, "/customer/payment", { token: other.token, default: false });
        await page.reload();
        await h1("עדכון מינוי").waitFor();
        await main()
          .getByRole("combobox", { name: "כרטיס", exact: true })
          .selectOption(String(saved.payment.id));
        await main().getByRole("button", { name: /^שמירה ?: ?כרטיס$/ }).click();
        const next = await (async () => {
          for (let i = 0; i < 50; i += 1) {
            const s = (await subscription(page, id)).subscription;
            if (s.payment_id === saved.payment.id) return s.next_delivery;
            await page.waitForTimeout(200);
          }
          throw new Error("the card was not changed");
        })();
        await expectAccessible(page, `the subscription to update in Hebrew (${size})`);

        // The owner's clock reaches the delivery after the skipped one: charged.
        await runJobsOn(store, next);
        const later = await subscription(page, id);
        assert.deepEqual(
          later.deliveries.map((d) => d.outcome),
          ["charged", "skipped", "charged"],
        );
        await mailTo(store, email, later.deliveries[2].order_number);

        await page.reload();
        await h1("עדכון מינוי").waitFor();
        await main().getByRole("button", { name: "ביטול המינוי" }).click();
        await main().getByRole("button", { name: "כן, לבטל" }).click();
        await main().getByText("המינוי בוטל.").waitFor();
        assert.equal((await subscription(page, id)).subscription.status, "cancelled");
      } finally {
        await session.close();
      }
    });
  }
});
