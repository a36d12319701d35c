// The JavaScript each landing screen needs before the app has taken it over (issue 32:
// at most 120 KB compressed): the entry, the app (src/start.tsx) and the screen's
// modules, each with every chunk it imports, found in the UI build's manifest. Sizes are
// of the Brotli copies the server sends (the build makes them, ui/vite.config.ts), or of
// the file itself where it is too small to have one. Code the app loads once the browser
// is idle (lib/afterStart.ts) or when a page is left is not counted. Prints; asserts
// nothing.
// Usage: node benches/first-screen-js.mjs [DIST]   (DIST: a `vite build` output, default ui/dist)
import { existsSync, readFileSync, statSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";

const dist = resolve(
  process.argv[2] ?? fileURLToPath(new URL("../ui/dist", import.meta.url)),
);
const manifest = JSON.parse(
  readFileSync(resolve(dist, ".vite/manifest.json"), "utf8"),
);
const TARGET = 120_000;

// The modules of the screens the server paints, with those routes.tsx loads beside
// them: the list the build groups their chunks by (ui/vite.config.ts).
const screens = JSON.parse(
  readFileSync(new URL("../ui/painted-screens.json", import.meta.url), "utf8"),
);

/** The manifest keys of `keys` and of every chunk they import statically, directly or not. */
function closure(keys) {
  const seen = new Set();
  const todo = [...keys];
  for (let key = todo.pop(); key !== undefined; key = todo.pop()) {
    if (seen.has(key)) continue;
    if (!manifest[key])
      throw new Error(`${key} is not in the build's manifest`);
    seen.add(key);
    todo.push(...(manifest[key].imports ?? []));
  }
  return seen;
}

/** Bytes as sent to a browser that takes Brotli. */
function sent(file) {
  const copy = resolve(dist, `${file}.br`);
  return statSync(existsSync(copy) ? copy : resolve(dist, file)).size;
}

console.log(
  `first-screen JavaScript in ${dist}, as sent (Brotli), against ${TARGET} bytes`,
);
for (const [name, modules] of Object.entries(screens)) {
  const files = [...closure(["index.html", "src/start.tsx", ...modules])].map(
    (key) => manifest[key].file,
  );
  const bytes = files.reduce((sum, file) => sum + sent(file), 0);
  const verdict =
    bytes <= TARGET ? `${TARGET - bytes} under` : `${bytes - TARGET} OVER`;
  console.log(
    `${name.padEnd(8)} ${String(bytes).padStart(7)} bytes (${verdict}) in ${files.length} files`,
  );
}
