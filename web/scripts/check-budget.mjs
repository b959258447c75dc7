// Checks the gzip size of each Vite entry against budgets.json (bytes) and fails the build
// when one is over. An entry's size is its chunk, every chunk it imports statically
// (recursively), and their CSS: what a page downloads before any island loads.
//
// DESIGN.md "Performance budgets": at most 100 KB gzip of JavaScript on a product page and
// 150 KB on the checkout page. Every page runs src/main.ts, so its budget leaves room for the
// islands those pages load on top of it; islands (dynamic imports) are not counted in their
// entry, but their sizes are printed below so growth is visible.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { constants, gzipSync } from 'node:zlib';

/**
 * @typedef {object} ManifestChunk
 * @property {string} file
 * @property {string} [src]
 * @property {boolean} [isEntry]
 * @property {boolean} [isDynamicEntry]
 * @property {string[]} [imports]
 * @property {string[]} [dynamicImports]
 * @property {string[]} [css]
 */

const dist = new URL('../dist/', import.meta.url);
const manifestPath = new URL('.vite/manifest.json', dist);
const budgetsPath = new URL('../budgets.json', import.meta.url);

/** @param {URL} path */
async function readJson(path) {
  try {
    /** @type {unknown} */
    const value = JSON.parse(await readFile(path, 'utf8'));
    return value;
  } catch (error) {
    fail(`cannot read ${fileURLToPath(path)}: ${String(error)}`);
  }
}

/** @param {string} message @returns {never} */
function fail(message) {
  console.error(`check-budget: ${message}`);
  process.exit(1);
}

/** @param {unknown} value @returns {value is Record<string, unknown>} */
function isRecord(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** @param {unknown} value @returns {Record<string, ManifestChunk>} */
function parseManifest(value) {
  if (!isRecord(value)) {
    fail('dist/.vite/manifest.json is not an object');
  }
  for (const [key, chunk] of Object.entries(value)) {
    if (!isRecord(chunk) || typeof chunk.file !== 'string') {
      fail(`manifest entry ${JSON.stringify(key)} has no "file"`);
    }
  }
  return /** @type {Record<string, ManifestChunk>} */ (value);
}

/** @param {unknown} value @returns {Record<string, number>} */
function parseBudgets(value) {
  if (!isRecord(value)) {
    fail('budgets.json must be an object of entry → bytes');
  }
  for (const [entry, bytes] of Object.entries(value)) {
    if (typeof bytes !== 'number' || !Number.isInteger(bytes) || bytes <= 0) {
      fail(`budgets.json: the budget of ${JSON.stringify(entry)} must be a positive integer (bytes)`);
    }
  }
  return /** @type {Record<string, number>} */ (value);
}

const manifest = parseManifest(await readJson(manifestPath));
const budgets = parseBudgets(await readJson(budgetsPath));

/** @type {Map<string, number>} */
const gzipCache = new Map();

/** @param {string} file a path relative to dist/ */
async function gzipSize(file) {
  let size = gzipCache.get(file);
  if (size === undefined) {
    const data = await readFile(new URL(file, dist));
    size = gzipSync(data, { level: constants.Z_BEST_COMPRESSION }).length;
    gzipCache.set(file, size);
  }
  return size;
}

/**
 * The manifest keys of a chunk and of everything it imports statically, recursively.
 * @param {string} key
 * @param {Set<string>} [seen]
 */
function staticClosure(key, seen = new Set()) {
  if (seen.has(key)) {
    return seen;
  }
  const chunk = manifest[key];
  if (chunk === undefined) {
    fail(`manifest refers to ${JSON.stringify(key)}, which it does not contain`);
  }
  seen.add(key);
  for (const imported of chunk.imports ?? []) {
    staticClosure(imported, seen);
  }
  return seen;
}

/**
 * The files (JS and CSS) of a set of chunks, each once.
 * @param {Iterable<string>} keys
 */
function filesOf(keys) {
  /** @type {Set<string>} */
  const files = new Set();
  for (const key of keys) {
    const chunk = /** @type {ManifestChunk} */ (manifest[key]);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) {
      files.add(css);
    }
  }
  return files;
}

/** @param {Iterable<string>} files */
async function totalGzip(files) {
  let total = 0;
  for (const file of files) {
    total += await gzipSize(file);
  }
  return total;
}

/** @param {number} bytes */
function kb(bytes) {
  return `${(bytes / 1000).toFixed(1)} KB`;
}

const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry === true);
if (entries.length === 0) {
  fail('the manifest has no entry');
}

/** @type {string[]} */
const problems = [];
/** @type {Set<string>} */
const loadedByEntries = new Set();

for (const entry of entries.sort()) {
  const files = filesOf(staticClosure(entry));
  for (const file of files) {
    loadedByEntries.add(file);
  }
  const size = await totalGzip(files);
  const budget = budgets[entry];
  if (budget === undefined) {
    problems.push(`entry ${entry} has no budget: add it to budgets.json`);
    console.log(`entry  ${entry}: ${size} B gzip (${kb(size)}), no budget`);
  } else if (size > budget) {
    problems.push(
      `entry ${entry} is ${size} B gzip (${kb(size)}), over its budget of ${budget} B (${kb(budget)}) by ${size - budget} B`,
    );
    console.log(`entry  ${entry}: ${size} B gzip (${kb(size)}) — OVER budget ${budget} B`);
  } else {
    console.log(`entry  ${entry}: ${size} B gzip (${kb(size)}), budget ${budget} B (${kb(budget)}), ${Math.round((100 * size) / budget)}% used`);
  }
  console.log(`         ${[...files].join(', ')}`);
}

for (const entry of Object.keys(budgets)) {
  if (!entries.includes(entry)) {
    problems.push(`budgets.json names ${entry}, which is not an entry of the build`);
  }
}

const islands = Object.keys(manifest)
  .filter((key) => manifest[key]?.isDynamicEntry === true)
  .sort();
/** @type {Set<string>} */
const allIslandFiles = new Set();
for (const island of islands) {
  const own = filesOf([island]);
  const added = [...filesOf(staticClosure(island))].filter((file) => !loadedByEntries.has(file));
  for (const file of added) {
    allIslandFiles.add(file);
  }
  const ownSize = await totalGzip(own);
  const addedSize = await totalGzip(added);
  console.log(
    `island ${island}: ${ownSize} B gzip own chunk; ${addedSize} B gzip (${kb(addedSize)}) on top of the entries when it is the first island on a page`,
  );
}
if (islands.length > 0) {
  const everything = (await totalGzip(loadedByEntries)) + (await totalGzip(allIslandFiles));
  console.log(`all entries and all islands together: ${everything} B gzip (${kb(everything)})`);
}

if (problems.length > 0) {
  for (const problem of problems) {
    console.error(`check-budget: ${problem}`);
  }
  process.exit(1);
}
console.log('check-budget: every entry is within its budget.');
