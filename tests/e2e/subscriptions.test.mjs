// End-to-end: recurring orders (issue 29) in each window of the run, the desktop also in
// Hebrew. A customer repeats a past order every two weeks from its page in the account,
// skips the first delivery, and finds the next one placed (and mailed) when the owner's
// clock reaches it (`store jobs --run --at`, as the server's scheduler would run then);
// then cancels. A card that keeps declining is tried on the due day and 1, 3 and 5 days
// later, then the subscription pauses and the mail links to the page where the card is
// changed. axe checks every page of the flow.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { expectAccessible, launchBrowser, openPage } from "./browser.mjs";
import {
  placeByApi,
  posted,
  runJobsOn,
  saveAddressAndCard,
  signUp,
  subscription,
} from "./api.mjs";
import { mailTo, simpleProduct, VIEWPORTS } from "./helpers.mjs";
import { startStore, stopCleanly } from "./server.mjs";
import { shopper } from "./shopper.mjs";

/** `date` (YYYY-MM-DD) moved `days` on. */
function plusDays(date, days) {
  const moved = new Date(`${date}T00:00:00Z`);
  moved.setUTCDate(moved.getUTCDate() + days);
  return moved.toISOString().slice(0, 10);
}

describe("recurring orders in a browser", { timeout: 900_000 }, () => {
  let store;
  let browser;
  let item;

  before(async () => {
    store = await startStore();
    browser = await launchBrowser();
    // An order and a delivery per window, and one order for the declining card.
    item = await simpleProduct(store, { min: 500, max: 9_000, units: 6 });
  });

  after(async () => {
    await browser?.close();
    await stopCleanly(store);
  });

  for (const viewport of VIEWPORTS) {
    const size = `${viewport.width}x${viewport.height}`;
    const inHebrewToo = !viewport.mobile;
    const open = () =>
      openPage(browser, {
        viewport: { width: viewport.width, height: viewport.height },
        isMobile: viewport.mobile,
      });

    it(`a customer repeats an order, skips a delivery, gets the next when it falls due, and cancels (${size})`, async () => {
      const session = await open();
      const { page } = session;
      const steps = shopper({ session: () => session, store: () => store });
      const { main, h1, waitForPath } = steps;
      const checked = async (where, hebrewTitle) => {
        if (inHebrewToo)
          await steps.accessibleBothWays(`${where} (${size})`, () =>
            h1(hebrewTitle).waitFor(),
          );
        else await expectAccessible(page, `${where} (${size})`);
      };
      try {
        const email = `dana.repeats.${size}@example.com`;
        await page.goto(`${store.url}/`);
        await signUp(page, store, email);
        await saveAddressAndCard(page, "4242 4242 4242 4242");
        const order = await placeByApi(page, {
          products: [{ id: item.id, type: "product", quantity: 1 }],
          email,
        });

        await page.goto(`${store.url}/account/orders/${order.number}`);
        const repeat = main().getByRole("region", {
          name: "Repeat this order",
        });
        await repeat
          .getByRole("combobox", { name: "How often" })
          .selectOption("2w");
        await repeat.getByRole("button", { name: "Repeat this order" }).click();
        await page.waitForURL((url) =>
          /^\/recurring-confirmation\/\d+$/.test(url.pathname),
        );
        const id = Number(new URL(page.url()).pathname.split("/").pop());
        await h1("Recurring Order Confirmation").waitFor();
        await main().getByText("Your order repeats every 2 weeks.").waitFor();
        await checked("the recurring order confirmation", "אישור הזמנה חוזרת");
        const first = (await subscription(page, id)).subscription.next_delivery;
        await mailTo(store, email, "Your subscription has begun");

        await main()
          .getByRole("link", { name: "Manage this recurring order" })
          .click();
        await waitForPath(`/account/subscriptions-update/${id}`);
        await h1("Update Subscription").waitFor();
        await checked("the subscription to update", "עדכון מינוי");
        await main()
          .getByRole("button", { name: "Skip next delivery" })
          .click();
        await main()
          .getByText(/^The delivery is skipped\. The next one is on /)
          .waitFor();
        const next = (await subscription(page, id)).subscription.next_delivery;
        assert.equal(
          next,
          plusDays(first, 14),
          "the next delivery is two weeks later",
        );
        await mailTo(store, email, "You skipped a delivery");

        // The owner's clock reaches the next delivery: it is placed, paid and mailed.
        await runJobsOn(store, next);
        const after = await subscription(page, id);
        assert.deepEqual(
          after.deliveries.map((d) => d.outcome),
          ["skipped", "charged"],
        );
        const placed = after.deliveries[1].order_number;
        await mailTo(store, email, placed);
        await page.reload();
        await h1("Update Subscription").waitFor();
        await main()
          .getByRole("link", { name: `Order ${placed}` })
          .waitFor();

        await main()
          .getByRole("button", { name: "Cancel subscription" })
          .click();
        await main().getByRole("button", { name: "Yes, cancel it" }).click();
        await main().getByText("The subscription is cancelled.").waitFor();
        assert.equal(
          (await subscription(page, id)).subscription.status,
          "cancelled",
        );

        await page.goto(`${store.url}/account/subscriptions`);
        await h1("Subscriptions").waitFor();
        await main().getByText("Cancelled", { exact: true }).first().waitFor();
        await checked("my subscriptions", "מינויים");
      } finally {
        await session.close();
      }
    });
  }

  it("a card that keeps declining pauses the subscription, and the mail links to where it is changed", async () => {
    const session = await openPage(browser, {
      viewport: { width: 1366, height: 900 },
    });
    const { page } = session;
    const steps = shopper({ session: () => session, store: () => store });
    try {
      const email = "noa.declined@example.com";
      await page.goto(`${store.url}/`);
      await signUp(page, store, email);
      const declining = await saveAddressAndCard(page, "4000 0000 0000 0002");
      const order = await placeByApi(page, {
        products: [{ id: item.id, type: "product", quantity: 1 }],
        email,
      });
      const customer = await page.evaluate(async () =>
        (await fetch("/api/customer")).json(),
      );
      const made = await posted(
        page,
        `/customer/orders/${order.number}/repeat`,
        {
          interval: "1w",
          address_id: customer.addresses[0].id,
          payment_id: declining,
        },
      );
      const id = made.subscription.id;
      const due = made.subscription.next_delivery;
      // Tried on its day, then 1, 3 and 5 days after: four declines, then paused.
      for (const day of [0, 1, 3, 5])
        await runJobsOn(store, plusDays(due, day));
      const paused = await subscription(page, id);
      assert.equal(paused.subscription.status, "paused");
      assert.deepEqual(
        paused.deliveries.map((d) => d.outcome),
        ["declined"],
      );
      const mail = await mailTo(
        store,
        email,
        "Your subscription is paused: please update your card",
      );
      assert.match(mail, new RegExp(`/account/subscriptions-update/${id}\\b`));
      await page.goto(`${store.url}/account/subscriptions-update/${id}`);
      await steps.h1("Update Subscription").waitFor();
      await steps
        .main()
        .getByText("Paused until you resume it")
        .first()
        .waitFor();
      await steps.accessibleBothWays("a subscription paused by declines", () =>
        steps.h1("עדכון מינוי").waitFor(),
      );
    } finally {
      await session.close();
    }
  });
});
