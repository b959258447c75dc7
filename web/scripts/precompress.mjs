// Writes FILE.gz (gzip level 9) and FILE.br (brotli, maximum quality) beside every text asset
// in dist/assets, so the server can send them as they are instead of compressing per request.
// Node's zlib only.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

const COMPRESSIBLE = /\.(?:js|css|svg|json)$/;
const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const assets = join(dist, 'assets');

/** @param {Buffer} data */
function brotli(data) {
  return brotliAsync(data, {
    params: {
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
}

/** @param {string} file */
async function precompress(file) {
  const data = await readFile(file);
  const [gz, br] = await Promise.all([
    gzipAsync(data, { level: constants.Z_BEST_COMPRESSION }),
    brotli(data),
  ]);
  await Promise.all([writeFile(`${file}.gz`, gz), writeFile(`${file}.br`, br)]);
  return { file, raw: data.length, gz: gz.length, br: br.length };
}

let entries;
try {
  entries = await readdir(assets, { recursive: true, withFileTypes: true });
} catch {
  console.error(`precompress: ${relative(process.cwd(), assets)} not found; run vite build first.`);
  process.exit(1);
}

const files = entries
  .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
  .map((entry) => join(entry.parentPath, entry.name));
const results = await Promise.all(files.map(precompress));

for (const { file, raw, gz, br } of results.sort((a, b) => a.file.localeCompare(b.file))) {
  console.log(`precompress: ${relative(dist, file)}  ${raw} B → gzip ${gz} B, brotli ${br} B`);
}
console.log(`precompress: ${results.length} files, .gz and .br written.`);
