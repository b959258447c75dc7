// Times the browser's password estimate (npm zxcvbn 4.4.2, as in the password-strength chunk)
// on the lengths a shopper may type, with and without the 100-character cut the rule makes
// (docs/benchmarks.md, issue 21). Run by bench/passwords.sh; prints a Markdown table. Not a
// test. The uncut runs stop at 400 characters: 1 000 took over a minute.
import { createRequire } from 'node:module';

const require = createRequire(new URL('../web/package.json', import.meta.url));
const zxcvbn = require('zxcvbn');

const ROUNDS = 5;

function pseudoRandom(length) {
  const alphabet = 'abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789!@#$%^&*-_';
  let state = 12345;
  let text = '';
  for (let i = 0; i < length; i += 1) {
    state = (state * 1103515245 + 12345) % 2147483648;
    text += alphabet[state % alphabet.length];
  }
  return text;
}

const cut = (password) => Array.from(password).slice(0, 100).join('');

const cases = [
  ['a 33-character passphrase', 'purple otter sings loudly at noon'],
  ['20 random characters', pseudoRandom(20)],
  ['50 random characters', pseudoRandom(50)],
  ['4 096 random characters, first 100 (as the hint)', cut(pseudoRandom(4096))],
  ['`a` × 4 096, first 100', cut('a'.repeat(4096))],
  ['`1a!` × 1 366, first 100', cut('1a!'.repeat(1366))],
  ['200 random characters, uncut', pseudoRandom(200)],
  ['400 random characters, uncut', pseudoRandom(400)],
];

zxcvbn('warm up the lists 123');
console.log('| password | median | worst |');
console.log('|---|---:|---:|');
for (const [name, password] of cases) {
  const rounds = password.length > 100 ? 1 : ROUNDS;
  const times = [];
  for (let i = 0; i < rounds; i += 1) {
    const started = performance.now();
    zxcvbn(password, ['jane.doe@example.com', 'jane.doe', 'janedoe', 'jane', 'doe', 'example', 'com']);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const ms = (t) => `${t.toFixed(1)} ms`;
  console.log(`| ${name} | ${ms(times[Math.floor(times.length / 2)])} | ${ms(times[times.length - 1])} |`);
}
