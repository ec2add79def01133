// @ts-check
/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS: next.config.js requires it */
/**
 * Writes a Brotli (`.br`) and a gzip (`.gz`) copy beside every script and style sheet in the
 * build's static folder, once, at build time (next.config.js runs it after `next build`'s
 * compile, so every way of building gets it). scripts/static-assets.ts serves them.
 *
 * Why: Next compresses each static file per request with gzip at level 6 and never with Brotli.
 * These files are immutable and fetched by every phone's first visit, so they are worth the
 * strongest compression once: Brotli at quality 11 is about 14% smaller than that gzip, and
 * Zopfli's gzip (for clients without Brotli) about 3% smaller, decoded by every gzip reader.
 */
const { readdir, readFile, writeFile } = require("node:fs/promises");
const path = require("node:path");
const { brotliCompressSync, constants } = require("node:zlib");

/** The extensions worth compressing; fonts and images are compressed already. */
const COMPRESSIBLE = new Set([".js", ".css", ".json", ".svg"]);

/** @param {string} dir */
async function* staticFiles(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* staticFiles(full);
    else if (COMPRESSIBLE.has(path.extname(entry.name))) yield full;
  }
}

/** @param {Buffer} body */
function brotli(body) {
  return brotliCompressSync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
}

/**
 * @param {string} distDir the build's folder (`.next`)
 * @returns {Promise<{ files: number, bytes: number, br: number, gz: number }>}
 */
async function precompressStatic(distDir) {
  // Required here, not at the top: next.config.js loads this file on every start, dev included.
  const { gzipAsync } = require("@gfx/zopfli");
  const totals = { files: 0, bytes: 0, br: 0, gz: 0 };
  for await (const file of staticFiles(path.join(distDir, "static"))) {
    const body = await readFile(file);
    // Five Zopfli iterations: the default fifteen gain nothing measurable on these chunks.
    const [br, gz] = [brotli(body), Buffer.from(await gzipAsync(body, { numiterations: 5 }))];
    await writeFile(`${file}.br`, br);
    await writeFile(`${file}.gz`, gz);
    totals.files++;
    totals.bytes += body.length;
    totals.br += br.length;
    totals.gz += gz.length;
  }
  return totals;
}

module.exports = { precompressStatic };
