// Regenerates crates/adapters/data/countries.json from the npm package i18n-iso-countries
// (MIT). Run: npm --prefix /tmp/gc install i18n-iso-countries@7 && NODE_PATH=/tmp/gc/node_modules node scripts/gen-countries.mjs
import { createRequire } from 'node:module';
import { writeFileSync } from 'node:fs';

const require = createRequire(import.meta.url + '/../');
const en = require('i18n-iso-countries/langs/en.json').countries;
const he = require('i18n-iso-countries/langs/he.json').countries;
const version = require('i18n-iso-countries/package.json').version;

// The package lists a country's official name first; for these the name a shopper
// looks for in a drop-down is its second entry.
const COMMON_NAME_SECOND = new Set(['US', 'CN', 'CI', 'CZ', 'GM', 'IR', 'MK', 'PS', 'RU', 'TW', 'TZ']);
const pick = (names, index) => (Array.isArray(names) ? names[index] ?? names[0] : names);

const countries = Object.keys(en)
  .map((code) => ({ code, en: pick(en[code], COMMON_NAME_SECOND.has(code) ? 1 : 0), he: pick(he[code], 0) }))
  .sort((a, b) => a.en.localeCompare(b.en, 'en'));

const out = { source: `i18n-iso-countries ${version} (MIT)`, countries };
writeFileSync(new URL('../crates/adapters/data/countries.json', import.meta.url), JSON.stringify(out, null, 1) + '\n');
console.log(`${countries.length} countries written`);
