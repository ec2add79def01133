// @ts-check
/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS: next.config.js requires it */
/**
 * Writes a Brotli (`.br`) and a gzip (`.gz`) copy beside every script and style sheet in the
 * build's static folder. scripts/static-assets.ts serves them.
 *
 * Why: Next compresses each static file per request with gzip at level 6 and never with Brotli.
 * These files are immutable and fetched by every phone's first visit, so they are worth the
 * strongest compression: Brotli at quality 11 is about 14% smaller than that gzip, and Zopfli's
 * gzip (for clients without Brotli) about 3% smaller, decoded by every gzip reader.
 *
 * The strongest level costs about 25 s of CPU for a build, so it never holds up a start:
 *   - "fast" (next.config.js runs it after `next build`'s compile, under a second): Brotli at
 *     quality 5 and zlib's gzip at level 9, already smaller than Next's own gzip;
 *   - "max": Brotli 11 and Zopfli. scripts/server.ts runs it in a low-priority child process once
 *     it listens (PRECOMPRESS_UPGRADE=off skips that), then serves the new copies; a build made
 *     with PRECOMPRESS_LEVEL=max gets them at once.
 * `static/.precompressed` records the level the copies have.
 *
 *   node scripts/precompress.js [distDir] [--max]
 */
const { existsSync, readFileSync } = require("node:fs");
const { readdir, readFile, rename, writeFile } = require("node:fs/promises");
const path = require("node:path");
const { brotliCompressSync, gzipSync, constants } = require("node:zlib");

/** The extensions worth compressing; fonts and images are compressed already. */
const COMPRESSIBLE = new Set([".js", ".css", ".json", ".svg"]);

/** @typedef {"fast" | "max"} Level */

/** @param {string} dir */
async function* staticFiles(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* staticFiles(full);
    else if (COMPRESSIBLE.has(path.extname(entry.name))) yield full;
  }
}

/** @param {Buffer} body @param {number} quality */
function brotli(body, quality) {
  return brotliCompressSync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
}

/** @param {string} distDir */
const markerFile = (distDir) => path.join(distDir, "static", ".precompressed");

/**
 * The level of the build's copies, or null when it has none.
 * @param {string} distDir
 * @returns {Level | null}
 */
function precompressedLevel(distDir) {
  const file = markerFile(distDir);
  if (!existsSync(file)) return null;
  const level = readFileSync(file, "utf8").trim();
  return level === "fast" || level === "max" ? level : null;
}

/** Written beside and renamed into place, so a server reading the copies never sees half a file. @param {string} file @param {Buffer} body */
async function writeAtomically(file, body) {
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, body);
  await rename(temporary, file);
}

/**
 * @param {string} distDir the build's folder (`.next`)
 * @param {{ level?: Level }} [options] default "fast"
 * @returns {Promise<{ files: number, bytes: number, br: number, gz: number }>}
 */
async function precompressStatic(distDir, options = {}) {
  const level = options.level ?? "fast";
  // Required here, not at the top: next.config.js loads this file on every start, dev included.
  const gzipMax = level === "max" ? require("@gfx/zopfli").gzipAsync : null;
  const totals = { files: 0, bytes: 0, br: 0, gz: 0 };
  for await (const file of staticFiles(path.join(distDir, "static"))) {
    const body = await readFile(file);
    const br = brotli(body, level === "max" ? 11 : 5);
    // Five Zopfli iterations: the default fifteen gain nothing measurable on these chunks.
    const gz = gzipMax ? Buffer.from(await gzipMax(body, { numiterations: 5 })) : gzipSync(body, { level: 9 });
    await writeAtomically(`${file}.br`, br);
    await writeAtomically(`${file}.gz`, gz);
    totals.files++;
    totals.bytes += body.length;
    totals.br += br.length;
    totals.gz += gz.length;
  }
  await writeFile(markerFile(distDir), `${level}\n`);
  return totals;
}

/** @param {{ files: number, bytes: number, br: number, gz: number }} t @param {number} ms */
function summary(t, ms) {
  const kb = (/** @type {number} */ n) => `${(n / 1024).toFixed(0)} KB`;
  return `Precompressed ${t.files} static files in ${(ms / 1000).toFixed(1)} s: ${kb(t.bytes)} -> Brotli ${kb(t.br)}, gzip ${kb(t.gz)}`;
}

module.exports = { precompressStatic, precompressedLevel, summary };

if (require.main === module) {
  const args = process.argv.slice(2);
  const distDir = path.resolve(args.find((a) => !a.startsWith("--")) ?? ".next");
  const level = args.includes("--max") ? "max" : "fast";
  // Started by scripts/server.ts with an IPC channel: a server that goes away takes this with it.
  process.on("disconnect", () => process.exit(1));
  const started = Date.now();
  precompressStatic(distDir, { level }).then(
    (t) => {
      console.log(`${summary(t, Date.now() - started)} (${level})`);
      process.exit(0);
    },
    (error) => {
      console.error(`[precompress] ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
}
