// Dummy Pay: the example extension's payment app (docs/payments.md, "Payment apps"), the
// server half of its `dummy_pay` gateway. Node 18 or later, standard library only; copy it
// and put your payment provider where it says "decide".
//
//   DUMMY_PAY_SECRET=<the gateway's secret, 16+ characters> node server.mjs [host:port]
//
// It listens on host:port (default 127.0.0.1:4848; port 0 picks a free one) and prints
// `dummy-pay listening on http://host:port` once it does. Environment:
//
//   DUMMY_PAY_SECRET      the secret the manifest's `secret_env` names (the same variable)
//   DUMMY_PAY_SHOP_URL    the shop's URL, where notifications go (set it in production; when
//                         unset, the origin of the order's return_url, which the shop signed)
//   DUMMY_PAY_PUBLIC_URL  the URL shoppers reach this app at (default http://host:port)
//
// The shop posts each payment to POST /pay. What to answer comes from the browser's payment
// data, `dummy_pay_outcome` (the example's payment form lets the shopper choose it):
//
//   "success"  paid at once          {"result": "success", "transaction_id": ...}
//   "failure"  declined              {"result": "failure", "message": ...}
//   "pending"  or none (the classic  {"result": "pending", "redirect_url": <this app's page>}
//              checkout without JS)
//
// On the page (GET /confirm/<token>) the shopper approves or declines; the app then notifies
// the shop (POST <shop>/wc-api/mercato-app/<gateway>/, signed like the shop's requests) and
// sends the shopper back to the order's return_url.

import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';

const MAX_BODY_BYTES = 64 * 1024;
/** How long a pending payment and a remembered answer are kept. */
const KEEP_MS = 60 * 60 * 1000;
const NOTIFY_TIMEOUT_MS = 10_000;

const secret = process.env.DUMMY_PAY_SECRET ?? '';
if (secret.length < 16) {
  console.error('dummy-pay: set DUMMY_PAY_SECRET to the gateway\'s secret (at least 16 characters)');
  process.exit(2);
}
const shopUrl = process.env.DUMMY_PAY_SHOP_URL?.replace(/\/+$/, '');
const [host, port] = splitAddress(process.argv[2] ?? '127.0.0.1:4848');

/** Answers already given, by Idempotency-Key: one attempt is charged at most once. */
const answers = new Map();
/** Payments waiting for the shopper, by the unguessable token in their page's URL. */
const pending = new Map();

function splitAddress(text) {
  const at = text.lastIndexOf(':');
  const port = Number(text.slice(at + 1));
  if (at < 1 || !Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`dummy-pay: "${text}" is not host:port`);
    process.exit(2);
  }
  return [text.slice(0, at), port];
}

/** `sha256=<lowercase hex HMAC-SHA256 of body>`: the signature both sides send. */
function sign(body) {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

function signedBy(header, body) {
  const expected = Buffer.from(sign(body));
  const given = Buffer.from(String(header ?? '').trim());
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function forget(map) {
  const old = Date.now() - KEEP_MS;
  for (const [key, entry] of map) {
    if (entry.at < old) map.delete(key);
  }
}

/** The request's body as a Buffer, at most MAX_BODY_BYTES (else null). */
async function readBody(request) {
  const chunks = [];
  let size = 0;
  for await (const chunk of request) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function send(response, status, type, body, headers = {}) {
  response.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store', ...headers });
  response.end(body);
}

const sendJson = (response, status, value) => send(response, status, 'application/json', JSON.stringify(value));

function escapeHtml(text) {
  return String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function page(response, status, title, body) {
  send(
    response,
    status,
    'text/html; charset=utf-8',
    `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} - Dummy Pay</title>
<style>body{font:1.1rem/1.5 system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#1e1e1e}
button{font:inherit;padding:.5rem 1rem;margin:0 .5rem .5rem 0}</style></head>
<body><main><h1>${escapeHtml(title)}</h1>
${body}
</main></body></html>`,
    { 'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'" },
  );
}

function money(minor, currency) {
  try {
    const format = new Intl.NumberFormat('en', { style: 'currency', currency });
    return format.format(minor / 10 ** format.resolvedOptions().maximumFractionDigits);
  } catch {
    return `${minor} ${currency}`;
  }
}

const publicUrl = () => process.env.DUMMY_PAY_PUBLIC_URL?.replace(/\/+$/, '') ?? `http://${host}:${server.address().port}`;

/** POST /pay: the shop asks for a payment. */
async function pay(request, response) {
  const body = await readBody(request);
  if (body === null) return sendJson(response, 413, { error: 'too large' });
  // The signature covers the bytes as sent: check it before parsing them.
  if (!signedBy(request.headers['x-mercato-signature'], body)) return sendJson(response, 401, { error: 'bad signature' });
  let payment;
  try {
    payment = JSON.parse(body.toString('utf8'));
  } catch {
    return sendJson(response, 400, { error: 'not JSON' });
  }
  const key = request.headers['idempotency-key'];
  const known = key === undefined ? undefined : answers.get(key);
  if (known !== undefined) return sendJson(response, 200, known.answer);

  // Decide. A real app charges its provider here; Dummy Pay does what the shopper chose.
  const outcome = payment.payment_data?.dummy_pay_outcome ?? 'pending';
  let answer;
  if (outcome === 'success') {
    answer = { result: 'success', transaction_id: `dummy_${randomBytes(6).toString('hex')}` };
  } else if (outcome === 'failure') {
    answer = { result: 'failure', message: 'Dummy Pay declined the payment, as you asked. Choose another outcome and try again.' };
  } else {
    const token = randomBytes(16).toString('hex');
    forget(pending);
    pending.set(token, { at: Date.now(), payment, transactionId: `dummy_${randomBytes(6).toString('hex')}` });
    answer = { result: 'pending', redirect_url: `${publicUrl()}/confirm/${token}` };
  }
  if (key !== undefined) {
    forget(answers);
    answers.set(key, { at: Date.now(), answer });
  }
  sendJson(response, 200, answer);
}

/** GET /confirm/<token>: the page the shopper approves or declines on. */
function confirmPage(response, token) {
  const waiting = pending.get(token);
  if (waiting === undefined) return page(response, 404, 'Payment not found', '<p>This payment is not waiting any more.</p>');
  const { order } = waiting.payment;
  page(
    response,
    200,
    'Confirm your payment',
    `<p>Order ${escapeHtml(order.id)}: <strong>${escapeHtml(money(order.total, order.currency))}</strong>.</p>
<form method="post">
<button type="submit" name="decision" value="approve">Approve payment</button>
<button type="submit" name="decision" value="decline">Decline payment</button>
</form>`,
  );
}

/** POST /confirm/<token>: tells the shop how it ended, then sends the shopper back. */
async function confirm(request, response, token) {
  const form = await readBody(request);
  const waiting = pending.get(token);
  if (waiting === undefined) return page(response, 404, 'Payment not found', '<p>This payment is not waiting any more.</p>');
  if (form === null) return page(response, 413, 'Too large', '<p>The form was too large.</p>');
  const decision = new URLSearchParams(form.toString('utf8')).get('decision');
  if (decision !== 'approve' && decision !== 'decline') {
    return page(response, 400, 'Choose an answer', '<p>Approve or decline the payment.</p>');
  }
  const { order, payment_method: gateway, return_url: returnUrl } = waiting.payment;
  const back = new URL(returnUrl);
  if (back.protocol !== 'http:' && back.protocol !== 'https:') {
    return page(response, 400, 'Bad return address', '<p>The shop gave no web address to return to.</p>');
  }
  const notification = JSON.stringify({
    order_id: order.id,
    status: decision === 'approve' ? 'paid' : 'failed',
    transaction_id: waiting.transactionId,
  });
  const target = `${shopUrl ?? back.origin}/wc-api/mercato-app/${encodeURIComponent(gateway)}/`;
  let status;
  try {
    const reply = await fetch(target, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Mercato-Signature': sign(notification) },
      body: notification,
      signal: AbortSignal.timeout(NOTIFY_TIMEOUT_MS),
    });
    status = reply.status;
  } catch (error) {
    console.error(`dummy-pay: notifying ${target} failed: ${error}`);
  }
  if (status !== 200) {
    return page(
      response,
      502,
      'The shop did not answer',
      `<p>Your answer was not passed on. Please try again.</p>
<form method="post"><button type="submit" name="decision" value="${decision}">Try again</button></form>`,
    );
  }
  pending.delete(token);
  send(response, 303, 'text/plain', '', { Location: back.href });
}

const server = createServer((request, response) => {
  const { pathname } = new URL(request.url ?? '/', 'http://app');
  const token = /^\/confirm\/([0-9a-f]{32})$/.exec(pathname)?.[1];
  const handled =
    pathname === '/pay' && request.method === 'POST' ? pay(request, response)
    : token !== undefined && request.method === 'GET' ? confirmPage(response, token)
    : token !== undefined && request.method === 'POST' ? confirm(request, response, token)
    : sendJson(response, 404, { error: 'not found' });
  Promise.resolve(handled).catch((error) => {
    console.error(`dummy-pay: ${error}`);
    if (!response.headersSent) sendJson(response, 500, { error: 'internal error' });
  });
});
// A slow client cannot hold a connection for long.
server.requestTimeout = 10_000;
server.headersTimeout = 5_000;
// An IPv6 host is written in brackets in URLs, bare to listen.
server.listen(port, host.replace(/^\[(.*)\]$/, '$1'), () => {
  console.log(`dummy-pay listening on http://${host}:${server.address().port}`);
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  });
}
