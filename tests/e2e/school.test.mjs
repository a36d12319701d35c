// End-to-end: a school's supply list into the bag (issue 30), in each window of the
// run, in English and in Hebrew. A guest asks for the schools near ZIP 10001, sees the
// nearest first with its distance, picks Chelsea's Grade 3 and its classroom list,
// unticks the spiral notebooks, takes the fine-liner pens for the washable markers
// (out of stock), adds the list to the bag in one go, and finds the bag's lines and
// subtotal. axe checks each of the four school pages.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { expectAccessible, launchBrowser, openPage } from "./browser.mjs";
import { VIEWPORTS } from "./helpers.mjs";
import { startStore, stopCleanly } from "./server.mjs";
import { shopper } from "./shopper.mjs";

/** What the flow reads and presses, in each language. */
const WORDS = {
  eng: {
    start: "School Supplies",
    country: "Country",
    zip: "ZIP or postal code",
    find: "Find schools",
    chooseSchool: "Select Your School",
    schools: "Schools",
    chelsea: "Chelsea Elementary School",
    away: /^\d+(\.\d)? mi away$/,
    grade: "Grade 3",
    list: /^Classroom supplies/,
    notebook: "Spiral Notebook, Ruled",
    substitutes: "Substitute for Washable Markers, 16 Colors",
    fineLiners: /^Fine-Liner Pens, 10 Colors/,
    add: /^Add \d+ items to bag$/,
    added: /^Added \d+ items to your bag\./,
    bag: "Bag",
    lines: ["HB Graphite Pencils, 12-Pack", "Fine-Liner Pens, 10 Colors", "Wooden Ruler, 30 cm"],
  },
  heb: {
    start: "ציוד לבית הספר",
    country: "ארץ",
    zip: "מיקוד",
    find: "חיפוש בתי ספר",
    chooseSchool: "בחירת בית ספר",
    schools: "בתי ספר",
    chelsea: "בית הספר היסודי צ'לסי",
    away: /^במרחק \d+(\.\d)? מייל$/,
    grade: "כיתה ג׳",
    list: /^ציוד לכיתה/,
    notebook: "מחברת ספירלה בשורות",
    substitutes: "תחליף עבור טושים רחיצים, 16 צבעים",
    fineLiners: /^עטי פיין-ליינר, 10 צבעים/,
    add: /^הוספת \d+ פריטים לסל$/,
    added: /^נוספו \d+ פריטים לסל שלך\./,
    bag: "סל",
    lines: ["עפרונות גרפיט HB, מארז 12", "עטי פיין-ליינר, 10 צבעים", 'סרגל עץ, 30 ס"מ'],
  },
};

describe("a school's supply list put in the bag in a browser", { timeout: 600_000 }, () => {
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
    ["eng", "heb"].map((language) => ({ viewport, language })),
  );
  for (const { viewport, language } of runs) {
    const size = `${viewport.width}x${viewport.height}`;
    const w = WORDS[language];

    it(`a guest finds a school by ZIP, picks a grade and a list, unticks one item, swaps one out of stock for its substitute and adds the list to the bag (${size}, ${language})`, async () => {
      const session = await openPage(browser, {
        viewport: { width: viewport.width, height: viewport.height },
        isMobile: viewport.mobile,
      });
      const { page } = session;
      const steps = shopper({ session: () => session, store: () => store });
      const { main, h1 } = steps;
      try {
        await page.goto(`${store.url}/`);
        await steps.useLanguage(language);
        await page.goto(`${store.url}/school`);
        await h1(w.start).waitFor();
        await main().getByRole("combobox", { name: w.country }).selectOption("US");
        await main().getByRole("textbox", { name: w.zip }).fill("10001");
        await expectAccessible(page, `the school search (${size}, ${language})`);
        await main().getByRole("button", { name: w.find }).click();

        // The nearest school first, with how far it is.
        await steps.waitForPath("/school/select-your-school/US/10001");
        await h1(w.chooseSchool).waitFor();
        const first = main()
          .getByRole("list", { name: w.schools, exact: true })
          .getByRole("listitem")
          .first();
        await first.getByRole("heading", { name: w.chelsea }).waitFor();
        await first.getByText(w.away).waitFor();
        await expectAccessible(page, `the schools near a ZIP (${size}, ${language})`);
        await first.getByRole("link", { name: w.grade, exact: true }).click();

        await steps.waitForPath("/school/select-your-grade/12");
        await main().getByRole("heading", { level: 1 }).waitFor();
        await expectAccessible(page, `a grade's lists (${size}, ${language})`);
        await main().getByRole("link", { name: w.list }).click();

        await steps.waitForPath("/school/select-your-supplies/12/121");
        const notebook = main().getByRole("checkbox", { name: w.notebook });
        assert.equal(await notebook.isChecked(), true, "a required item starts ticked");
        await notebook.uncheck();
        await main()
          .getByRole("radiogroup", { name: w.substitutes })
          .getByRole("radio", { name: w.fineLiners })
          .check();
        await expectAccessible(page, `a supply list (${size}, ${language})`);
        await main().getByRole("button", { name: w.add }).click();
        await page.getByText(w.added).waitFor();

        // The bag holds what was ticked: two packs of pencils, the fine-liners instead
        // of the markers, and the ruler; no notebooks. 2 × $4.50 + $14.99 + $3.50.
        await page.goto(`${store.url}/bag`);
        await h1(w.bag).waitFor();
        for (const title of w.lines) {
          await main().getByRole("link", { name: title, exact: true }).first().waitFor();
        }
        assert.equal(await main().getByRole("link", { name: w.notebook }).count(), 0);
        await main().getByText("$27.49").first().waitFor();
      } finally {
        await session.close();
      }
    });
  }
});
