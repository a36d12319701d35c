// End-to-end: a subscription product bought on a plan (issue 29) in each window of
// the run, in English, and on the desktop in Hebrew too. From the house coffee's page a customer follows "Subscribe and
// save" to its plans, picks the monthly plan and two bags, adds a new card in place,
// sees the first delivery priced, subscribes and lands on the confirmation (and a mail).
// The owner's clock charges the first delivery; the customer skips the next one,
// changes the card, the clock charges the one after with the new card, and the
// customer cancels. axe checks each page of the flow.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { expectAccessible, launchBrowser, openPage } from "./browser.mjs";
import { cardToken, NEW_YORK, posted, runJobsOn, signUp, subscription } from "./api.mjs";
import { mailTo, VIEWPORTS } from "./helpers.mjs";
import { startStore, stopCleanly } from "./server.mjs";
import { shopper } from "./shopper.mjs";

/** The house coffee, which the demo's group 1 of type 1 delivers. */
const COFFEE = "/products/house-blend-coffee-340g/1075";

/** What the flow reads and presses, in each language. */
const WORDS = {
  eng: {
    offer: "Subscribe and save up to 15%",
    group: "House Coffee, Delivered",
    monthly: /^Every month ?,.*16\.20.*Until you cancel$/,
    quantity: "Quantity per delivery",
    noCard: "You have no saved card yet.",
    addCard: "Add a new card",
    cardNumber: "Card number",
    expiry: "Expiry date (MM/YY)",
    cvc: "Security code (CVC)",
    saveCard: "Save card",
    card: "Card",
    firstCharge: /^First delivery charged on /,
    // Two bags at $16.20 instead of $18.00: $3.60 saved on each delivery.
    saved: /^You save \W*\$3\.60\W* per delivery$/,
    subscribe: "Subscribe",
    confirmation: "Subscription Confirmation",
    confirmed: "Your subscription is confirmed.",
    begun: "Your subscription has begun",
    update: "Update Subscription",
    skip: "Skip next delivery",
    skipped: /^The delivery is skipped\./,
    skippedMail: "You skipped a delivery",
    saveTheCard: /^Save ?: ?Card$/,
    cancel: "Cancel subscription",
    yesCancel: "Yes, cancel it",
    cancelled: "The subscription is cancelled.",
  },
  heb: {
    offer: "הצטרפו למינוי וחסכו עד 15%",
    group: "קפה הבית עד הדלת",
    monthly: /^כל חודש ?,.*16\.20.*עד שתבטלו$/,
    quantity: "כמות בכל משלוח",
    noCard: "עדיין אין לך כרטיס שמור.",
    addCard: "הוספת כרטיס חדש",
    cardNumber: "מספר הכרטיס",
    expiry: "תוקף (MM/YY)",
    cvc: "קוד אבטחה (CVC)",
    saveCard: "שמירת הכרטיס",
    card: "כרטיס",
    firstCharge: /^המשלוח הראשון יחויב ב־/,
    saved: /^חוסכים \W*\$3\.60\W* בכל משלוח$/,
    subscribe: "הצטרפות למינוי",
    confirmation: "אישור מינוי",
    confirmed: "המינוי שלך אושר.",
    begun: "המנוי שלך התחיל",
    update: "עדכון מינוי",
    skip: "דילוג על המשלוח הבא",
    skipped: /^דילגנו על המשלוח\./,
    skippedMail: "דילגת על משלוח",
    saveTheCard: /^שמירה ?: ?כרטיס$/,
    cancel: "ביטול המינוי",
    yesCancel: "כן, לבטל",
    cancelled: "המינוי בוטל.",
  },
};

describe("a subscription plan bought in a browser", { timeout: 900_000 }, () => {
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

  const runs = VIEWPORTS.flatMap((viewport) =>
    (viewport.mobile ? ["eng"] : ["eng", "heb"]).map((language) => ({ viewport, language })),
  );
  for (const { viewport, language } of runs) {
    const size = `${viewport.width}x${viewport.height}`;
    const w = WORDS[language];

    it(`a customer subscribes to a plan with a new card, skips, changes the card, is charged on time, and cancels (${size}, ${language})`, async () => {
      const session = await openPage(browser, {
        viewport: { width: viewport.width, height: viewport.height },
        isMobile: viewport.mobile,
      });
      const { page } = session;
      const steps = shopper({ session: () => session, store: () => store });
      const { main, h1 } = steps;
      try {
        const email = `maya.plan.${size}.${language}@example.com`;
        await page.goto(`${store.url}/`);
        await signUp(page, store, email);
        await posted(page, "/customer/address", { ...NEW_YORK, default: true });

        // The coffee's page offers its plans; the best saves 15 %.
        await page.goto(`${store.url}${COFFEE}`);
        await steps.useLanguage(language);
        await main()
          .getByRole("link", { name: w.offer })
          .click();
        await steps.waitForPath("/subscription/1/1");
        await h1(w.group).waitFor();

        await main()
          .getByRole("radio", { name: w.monthly })
          .check();
        await main()
          .getByRole("combobox", { name: w.quantity })
          .selectOption("2");
        // No card is saved yet: one is added in place, and chosen.
        await main().getByText(w.noCard).waitFor();
        await main().getByRole("button", { name: w.addCard }).click();
        await main()
          .getByRole("textbox", { name: w.cardNumber })
          .fill("4242 4242 4242 4242");
        await main().getByRole("textbox", { name: w.expiry }).fill("12/35");
        await main().getByRole("textbox", { name: w.cvc }).fill("123");
        await main().getByRole("button", { name: w.saveCard }).click();
        const card = main().getByRole("combobox", { name: w.card, exact: true });
        await card.waitFor();
        assert.match(
          await card.locator("option:checked").innerText(),
          /4242/,
          "the new card is chosen",
        );
        await main().getByText(w.firstCharge).waitFor();
        await main().getByText(w.saved).waitFor();
        await expectAccessible(page, `the plans of a group (${size}, ${language})`);

        await main().getByRole("button", { name: w.subscribe, exact: true }).click();
        await page.waitForURL((url) =>
          /^\/subscription-confirmation\/\d+$/.test(url.pathname),
        );
        const id = Number(new URL(page.url()).pathname.split("/").pop());
        await h1(w.confirmation).waitFor();
        await main().getByText(w.confirmed).waitFor();
        await expectAccessible(page, `the subscription's confirmation (${size}, ${language})`);
        await mailTo(store, email, w.begun);
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
        await h1(w.update).waitFor();
        await main().getByRole("button", { name: w.skip }).click();
        await main().getByText(w.skipped).waitFor();
        await mailTo(store, email, w.skippedMail);
        const other = await cardToken(page, "5555 5555 5555 4444");
        const saved = await posted(page, "/customer/payment", { token: other.token, default: false });
        await page.reload();
        await h1(w.update).waitFor();
        await main()
          .getByRole("combobox", { name: w.card, exact: true })
          .selectOption(String(saved.payment.id));
        await main().getByRole("button", { name: w.saveTheCard }).click();
        const next = await (async () => {
          for (let i = 0; i < 50; i += 1) {
            const s = (await subscription(page, id)).subscription;
            if (s.payment_id === saved.payment.id) return s.next_delivery;
            await page.waitForTimeout(200);
          }
          throw new Error("the card was not changed");
        })();
        await expectAccessible(page, `the subscription to update (${size}, ${language})`);

        // The owner's clock reaches the delivery after the skipped one: charged.
        await runJobsOn(store, next);
        const later = await subscription(page, id);
        assert.deepEqual(
          later.deliveries.map((d) => d.outcome),
          ["charged", "skipped", "charged"],
        );
        await mailTo(store, email, later.deliveries[2].order_number);

        await page.reload();
        await h1(w.update).waitFor();
        await main().getByRole("button", { name: w.cancel }).click();
        await main().getByRole("button", { name: w.yesCancel }).click();
        await main().getByText(w.cancelled).waitFor();
        assert.equal((await subscription(page, id)).subscription.status, "cancelled");
      } finally {
        await session.close();
      }
    });
  }
});
