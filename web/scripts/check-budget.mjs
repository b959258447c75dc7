// Checks what each type of page loads before the shopper interacts, in gzip bytes, against
// budgets.json, and fails the build when a page type or an interaction chunk is over.
//
// budgets.json:
//   "entry":        the entry every page runs (its chunk, static imports and CSS);
//   "pages":        page type → { "islands": islands the page mounts without waiting for an
//                   interaction (data-island-when load, idle or visible), "chunks" (optional):
//                   behaviour chunks the page fetches at load, by source path (the home
//                   page's section behaviours), "max": bytes }. A page's size is the entry's
//                   closure plus each island's and chunk's closure, each file once;
//   "shared":       names of chunks that are one runtime for every island (React): counted on
//                   the pages that load them at once, printed once, and not charged to an
//                   interaction chunk; chunks imported by two or more chunks count as shared too;
//   "interaction":  { "max": bytes } for each island not listed under any page (so loaded on
//                   the shopper's first interaction), and each other module loaded by a
//                   dynamic import() (the gallery's lightbox): its own chunk plus the imports
//                   that are not shared chunks. "chunks" (optional) gives one such chunk,
//                   by its source path, a budget of its own: the vector animation player
//                   (lottie-web's light build, 46 KB gzip by itself, fetched only by pages
//                   with an animation block, docs/theming.md).
//
// Issue 11's budgets: catalogue pages ≤ 40 KB, product ≤ 100 KB, cart ≤ 130 KB, checkout
// ≤ 150 KB, each interaction chunk ≤ 40 KB beyond shared chunks.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { constants, gzipSync } from 'node:zlib';

/**
 * @typedef {object} ManifestChunk
 * @property {string} file
 * @property {string} [src]
 * @property {string} [name]
 * @property {boolean} [isEntry]
 * @property {boolean} [isDynamicEntry]
 * @property {string[]} [imports]
 * @property {string[]} [dynamicImports]
 * @property {string[]} [css]
 */
/**
 * @typedef {object} Budgets
 * @property {string} entry
 * @property {string[]} shared
 * @property {Record<string, {islands: string[], chunks?: string[], max: number}>} pages
 * @property {{max: number, chunks?: Record<string, number>}} interaction
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

/** @param {unknown} value */
function isBytes(value) {
  return typeof value === 'number' && Number.isInteger(value) && value > 0;
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

/** @param {unknown} value @returns {Budgets} */
function parseBudgets(value) {
  if (!isRecord(value) || typeof value.entry !== 'string' || !isRecord(value.pages)) {
    fail('budgets.json must have "entry" (a string), "pages" and "interaction"');
  }
  for (const [name, page] of Object.entries(value.pages)) {
    if (!isRecord(page) || !Array.isArray(page.islands) || !isBytes(page.max)) {
      fail(`budgets.json: page ${JSON.stringify(name)} needs "islands" (a list) and "max" (bytes)`);
    }
    for (const island of page.islands) {
      if (typeof island !== 'string') {
        fail(`budgets.json: page ${JSON.stringify(name)} names an island that is not a string`);
      }
    }
    if (page.chunks !== undefined && (!Array.isArray(page.chunks) || !page.chunks.every((c) => typeof c === 'string'))) {
      fail(`budgets.json: page ${JSON.stringify(name)}: "chunks" must be a list of source paths`);
    }
  }
  if (!Array.isArray(value.shared) || !value.shared.every((name) => typeof name === 'string')) {
    fail('budgets.json: "shared" must be a list of chunk names');
  }
  if (!isRecord(value.interaction) || !isBytes(value.interaction.max)) {
    fail('budgets.json: "interaction" needs "max" (bytes)');
  }
  const chunks = value.interaction.chunks;
  if (chunks !== undefined && (!isRecord(chunks) || !Object.values(chunks).every(isBytes))) {
    fail('budgets.json: "interaction.chunks" maps source paths to bytes');
  }
  return /** @type {Budgets} */ (/** @type {unknown} */ (value));
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

/** @param {string} key */
function chunkOf(key) {
  const chunk = manifest[key];
  if (chunk === undefined) {
    fail(`manifest refers to ${JSON.stringify(key)}, which it does not contain`);
  }
  return chunk;
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
  seen.add(key);
  for (const imported of chunkOf(key).imports ?? []) {
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
    const chunk = chunkOf(key);
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

/** An island's manifest key from its name. @param {string} name */
function islandKey(name) {
  for (const ext of ['tsx', 'ts']) {
    const key = `src/islands/${name}/index.${ext}`;
    if (manifest[key]?.isDynamicEntry === true) {
      return key;
    }
  }
  return fail(`budgets.json names island ${JSON.stringify(name)}, which the build does not have`);
}

if (manifest[budgets.entry]?.isEntry !== true) {
  fail(`budgets.json's entry ${budgets.entry} is not an entry of the build`);
}
const otherEntries = Object.keys(manifest).filter(
  (key) => manifest[key]?.isEntry === true && key !== budgets.entry,
);
if (otherEntries.length > 0) {
  fail(`the build has entries budgets.json does not know: ${otherEntries.join(', ')}`);
}

/** @type {string[]} */
const problems = [];
const entryFiles = filesOf(staticClosure(budgets.entry));
console.log(`entry ${budgets.entry}: ${kb(await totalGzip(entryFiles))} gzip (${[...entryFiles].join(', ')})`);

/** @type {Set<string>} */
const islandsAtLoad = new Set();
/** Behaviour chunks some page fetches at load (by source path). @type {Set<string>} */
const chunksAtLoad = new Set();
for (const [name, page] of Object.entries(budgets.pages)) {
  const keys = staticClosure(budgets.entry);
  for (const island of page.islands) {
    islandsAtLoad.add(island);
    staticClosure(islandKey(island), keys);
  }
  for (const chunk of page.chunks ?? []) {
    if (manifest[chunk]?.isDynamicEntry !== true) {
      fail(`budgets.json: page ${JSON.stringify(name)} names chunk ${JSON.stringify(chunk)}, which the build does not load on demand`);
    }
    chunksAtLoad.add(chunk);
    staticClosure(chunk, keys);
  }
  const size = await totalGzip(filesOf(keys));
  const parts = [...page.islands, ...(page.chunks ?? [])];
  const islands = parts.length > 0 ? ` (entry + ${parts.join(', ')})` : ' (entry)';
  if (size > page.max) {
    problems.push(`page ${name} loads ${size} B gzip (${kb(size)}), over its budget of ${kb(page.max)} by ${size - page.max} B`);
    console.log(`page  ${name}: ${kb(size)}${islands}, OVER budget ${kb(page.max)}`);
  } else {
    console.log(`page  ${name}: ${kb(size)}${islands}, budget ${kb(page.max)}, ${Math.round((100 * size) / page.max)}% used`);
  }
}

// Shared chunks: imported statically by two or more chunks.
/** @type {Map<string, number>} */
const importers = new Map();
for (const chunk of Object.values(manifest)) {
  for (const imported of chunk.imports ?? []) {
    importers.set(imported, (importers.get(imported) ?? 0) + 1);
  }
}
const shared = new Set([...importers].filter(([, count]) => count >= 2).map(([key]) => key));
for (const [key, chunk] of Object.entries(manifest)) {
  if (chunk.name !== undefined && budgets.shared.includes(chunk.name) && chunk.isEntry !== true && chunk.isDynamicEntry !== true) {
    shared.add(key);
  }
}
for (const key of [...shared].sort()) {
  if (!staticClosure(budgets.entry).has(key)) {
    console.log(`shared ${chunkOf(key).file}: ${kb(await totalGzip(filesOf([key])))} gzip, loaded once per page with the first island that needs it (counted on the pages above only when one of their load islands imports it)`);
  }
}

// Every chunk reached by a dynamic import(): islands by their name, other modules loaded on
// demand (the gallery's lightbox) by their source path.
const dynamicChunks = Object.keys(manifest)
  .filter((key) => manifest[key]?.isDynamicEntry === true)
  .sort();
for (const key of dynamicChunks) {
  const name = key.startsWith('src/islands/') ? (key.split('/')[2] ?? key) : key;
  if (islandsAtLoad.has(name) || chunksAtLoad.has(key)) {
    continue;
  }
  const own = [...staticClosure(key)].filter((k) => k === key || !shared.has(k));
  const files = [...filesOf(own)].filter((file) => !entryFiles.has(file));
  const size = await totalGzip(files);
  const max = budgets.interaction.chunks?.[key] ?? budgets.interaction.max;
  if (size > max) {
    problems.push(`${name}, loaded on interaction, is ${size} B gzip (${kb(size)}) beyond shared chunks, over ${kb(max)}`);
  }
  console.log(`on interaction ${name}: ${kb(size)} beyond shared chunks, budget ${kb(max)}`);
}

if (problems.length > 0) {
  for (const problem of problems) {
    console.error(`check-budget: ${problem}`);
  }
  process.exit(1);
}
console.log('check-budget: every page type and interaction chunk is within its budget.');
