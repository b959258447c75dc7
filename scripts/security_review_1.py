#!/usr/bin/env python3
"""Replays the reproductions of ../shared/reviews/security-review-1.md against a real binary.

Starts `mercato serve` on a fresh SQLite file with the demo shop (and, with --postgres URL, a
second one on a fresh PostgreSQL database for the NUL-byte probes), runs each finding's attack
as the review wrote it, and prints one line per finding: `fixed` when the attack no longer
works, `REPRODUCED` when it still does. Exits non-zero if any attack still works.

    cargo build -p mercato && python3 scripts/security_review_1.py
    python3 scripts/security_review_1.py --bin target/release/mercato \
        --postgres postgres://postgres@127.0.0.1:5432/postgres

Standard library only. Everything goes to 127.0.0.1; every loop is bounded.
"""

import argparse
import http.cookiejar
import json
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request

ADDR = {"first_name": "Ann", "last_name": "Tester", "address_1": "1 Main St",
        "city": "San Francisco", "state": "CA", "postcode": "94103", "country": "US",
        "phone": "4155550100"}
POSTER = 144  # City Lights Poster, stock 30
PRINT = 146   # Signed Artist Print, stock 5


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


class Shop:
    """A running `mercato serve` with its own database."""

    def __init__(self, binary, database, workdir, extra_args=()):
        self.binary, self.database, self.workdir = binary, database, workdir
        env = dict(os.environ, DATABASE_URL=database, MERCATO_LOG="warn",
                   MERCATO_OUTBOX_DIR=os.path.join(workdir, "outbox"))
        self.env = env
        self.proc = subprocess.Popen(
            [binary, "serve", "--addr", "127.0.0.1:0", "--demo-if-empty", *extra_args],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env, text=True)
        line = read_line(self.proc.stdout, 120)
        match = re.search(r"http://(\S+)", line or "")
        if not match:
            self.stop()
            raise SystemExit(f"the server did not start: {line!r}")
        self.host = match.group(1)
        self.base = f"http://{self.host}"
        self.api = self.base + "/wp-json/wc/store/v1"

    def cli(self, *args, stdin=None):
        return subprocess.run([self.binary, *args], input=stdin, env=self.env, text=True,
                              capture_output=True, timeout=60)

    def stop(self):
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.proc.kill()


def read_line(stream, timeout):
    """One line from a child's stdout, or None after `timeout` seconds."""
    box = []
    reader = threading.Thread(target=lambda: box.append(stream.readline()), daemon=True)
    reader.start()
    reader.join(timeout)
    return box[0] if box else None


class Client:
    """A browser or headless client: cookies (optional), the newest nonce, a Cart-Token."""

    def __init__(self, shop, cookies=True, token=None, headers=None):
        self.shop = shop
        self.jar = http.cookiejar.CookieJar() if cookies else None
        handlers = [NoRedirect()]
        if self.jar is not None:
            handlers.append(urllib.request.HTTPCookieProcessor(self.jar))
        self.opener = urllib.request.build_opener(*handlers)
        self.nonce, self.token, self.last_token = None, token, None
        self.headers = dict(headers or {})

    def call(self, method, url, body=None, form=False, nonce=True, headers=None):
        h = dict(self.headers)
        h.update(headers or {})
        data = None
        if body is not None:
            data = (urllib.parse.urlencode(body) if form else json.dumps(body)).encode()
            h["Content-Type"] = "application/x-www-form-urlencoded" if form else "application/json"
        if nonce and self.nonce:
            h["Nonce"] = self.nonce
        if self.token:
            h["Cart-Token"] = self.token
        request = urllib.request.Request(url, data=data, headers=h, method=method)
        try:
            response = self.opener.open(request, timeout=30)
            status, headers, raw = response.status, response.headers, response.read()
        except urllib.error.HTTPError as error:
            status, headers, raw = error.code, error.headers, error.read()
        if headers.get("Nonce"):
            self.nonce = headers["Nonce"]
        if headers.get("Cart-Token"):
            self.last_token = headers["Cart-Token"]
        text = raw.decode("utf-8", "replace")
        try:
            parsed = json.loads(text)
        except ValueError:
            parsed = None
        return status, headers, parsed, text

    def api(self, method, path, body=None, **kw):
        return self.call(method, self.shop.api + path, body, **kw)


def card(number):
    return [{"key": "test_card-card-number", "value": number},
            {"key": "test_card-card-expiry", "value": "12/30"},
            {"key": "test_card-card-cvc", "value": "123"}]


def with_item(shop, product=POSTER, quantity=1, **kw):
    client = Client(shop, **kw)
    client.api("GET", "/cart")
    status, _, body, _ = client.api("POST", "/cart/add-item", {"id": product, "quantity": quantity})
    return client, status, body


def f1(shop):
    victim, _, _ = with_item(shop)
    email = f"victim{time.time_ns()}@example.com"
    data = card("4242 4242 4242 4242") + [{"key": "wc-test_card-new-payment-method", "value": "true"}]
    status, _, order, _ = victim.api("POST", "/checkout", {
        "billing_address": dict(ADDR, email=email), "payment_method": "test_card",
        "payment_data": data, "create_account": True, "customer_password": "pw-pw-pw-pw"})
    assert status == 200, (status, order)
    token = victim.last_token
    attacker = Client(shop, cookies=False, token=token)
    add, _, _, _ = attacker.api("POST", "/cart/add-item", {"id": POSTER, "quantity": 1}, nonce=False)
    read, _, _, text = attacker.api("GET", f"/order/{order['order_id']}")
    paid = []
    for card_id in range(1, 21):
        code, _, body, _ = attacker.api("POST", "/checkout", {
            "billing_address": dict(ADDR, email="attacker@evil.example"),
            "payment_method": "test_card",
            "payment_data": [{"key": "wc-test_card-payment-token", "value": str(card_id)}]},
            nonce=False)
        if code == 200:
            paid.append(card_id)
    worked = add == 201 or (read == 200 and email in text) or paid
    return not worked, f"token alone: add-item {add}, GET /order {read}, saved-card checkouts paid {len(paid)}"


def f2(shop_factory):
    shop = shop_factory(["--header-timeout-secs", "2", "--shutdown-timeout-secs", "3"])
    try:
        conn = socket.create_connection((shop.host.split(":")[0], int(shop.host.split(":")[1])))
        conn.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")
        conn.settimeout(10)
        started = time.time()
        try:
            closed = conn.recv(1024) == b""
        except (socket.timeout, ConnectionResetError):
            closed = False
        held = time.time() - started
        conn2 = socket.create_connection((shop.host.split(":")[0], int(shop.host.split(":")[1])))
        conn2.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")
        stop_started = time.time()
        shop.proc.send_signal(signal.SIGTERM)
        try:
            shop.proc.wait(timeout=15)
            stopped = time.time() - stop_started
        except subprocess.TimeoutExpired:
            stopped = None
        ok = closed and held < 5 and stopped is not None and stopped < 6
        return ok, f"half-sent request closed after {held:.1f}s; SIGTERM with one open: exit after {stopped if stopped is None else round(stopped, 1)}s"
    finally:
        shop.stop()


def f3(shop, trials=6):
    bad = 0
    for _ in range(trials):
        client, _, _ = with_item(shop)
        status, _, order, _ = client.api("POST", "/checkout", {
            "billing_address": dict(ADDR, email="race@example.com"), "payment_method": "test_card",
            "payment_data": card("4000 0000 0000 3220")})
        assert status == 202, (status, order)
        oid, key = order["order_id"], order["order_key"]
        barrier = threading.Barrier(4)

        def post(decision):
            poster = Client(shop, cookies=False)
            barrier.wait()
            poster.call("POST", f"{shop.base}/checkout/confirm-card/{oid}/",
                        {"key": key, "decision": decision}, form=True, nonce=False,
                        headers={"Origin": shop.base})

        threads = [threading.Thread(target=post, args=(d,)) for d in ("confirm", "decline", "confirm", "decline")]
        [t.start() for t in threads]
        [t.join() for t in threads]
        shown = shop.cli("orders", "show", str(oid))
        found = re.search(r"Status:\s+(\S+)", shown.stdout)
        assert found, f"mercato orders show: {shown.stdout} {shown.stderr}"
        status = found.group(1).lower()
        transaction = re.search(r"Transaction:\s+(\S*)", shown.stdout)
        if "fail" in status and transaction and "confirmed" in transaction.group(1):
            bad += 1
    return bad == 0, f"{trials} trials of 4 simultaneous decisions: {bad} paid orders ended failed"


def f4(shop):
    shop.cli("coupons", "set", "-", stdin=json.dumps(
        {"code": "vip", "discount_type": "percent", "amount": "50", "allowed_emails": ["vip@example.com"]}))
    client, _, _ = with_item(shop)
    client.api("POST", "/cart/update-customer", {"billing_address": dict(ADDR, email="vip@example.com")})
    client.api("POST", "/cart/apply-coupon", {"code": "vip"})
    status, _, body, _ = client.api("POST", "/checkout", {
        "billing_address": dict(ADDR, email="someone.else@example.com"), "payment_method": "bacs"})
    code = (body or {}).get("code")
    return status == 409 and code == "woocommerce_rest_cart_coupon_errors", f"checkout with another email: {status} {code}"


def classic_checkout(shop, headers=None):
    browser = Client(shop, headers=headers)
    browser.call("GET", f"{shop.base}/shop/?add-to-cart={POSTER}")
    _, _, _, page = browser.call("GET", f"{shop.base}/checkout/")
    nonce = re.search(r'name="_wpnonce" value="([^"]+)"', page)
    fields = {"_wpnonce": nonce.group(1) if nonce else "", "billing_first_name": "A",
              "billing_last_name": "B", "billing_country": "US", "billing_address_1": "1 Main",
              "billing_city": "SF", "billing_state": "CA", "billing_postcode": "94103",
              "billing_phone": "4155550100", "billing_email": "rl@example.com",
              "payment_method": "bacs", "terms": "1"}
    status, _, _, _ = browser.call("POST", f"{shop.base}/checkout/", fields, form=True, nonce=False)
    return status


def f5(shop):
    shop.cli("settings", "set", "checkout_rate_limit", "-", stdin='{"enabled":true,"limit":5,"seconds":60}')
    time.sleep(1.1)  # the server keeps settings for up to a second
    client, _, _ = with_item(shop)
    for _ in range(6):
        client.api("POST", "/checkout", {"billing_address": dict(ADDR, email="rl@example.com"),
                                         "payment_method": "bacs"})
    classic = [classic_checkout(shop) for _ in range(3)]
    shop.cli("settings", "set", "checkout_rate_limit", "-",
             stdin='{"enabled":true,"limit":2,"seconds":60,"proxy_support":true}')
    time.sleep(1.1)
    placed = 0
    for i in range(8):
        spoofer, _, _ = with_item(shop, headers={"X-Forwarded-For": f"203.0.113.{i}, 127.0.0.1"})
        status, _, _, _ = spoofer.api("POST", "/checkout", {
            "billing_address": dict(ADDR, email="rl@example.com"), "payment_method": "bacs"})
        placed += status == 200
    shop.cli("settings", "set", "checkout_rate_limit", "-", stdin='{"enabled":false}')
    time.sleep(1.1)
    ok = all(s == 429 for s in classic) and placed <= 2
    return ok, f"classic form over the Store API's spent limit: {classic}; forged X-Forwarded-For first entries: {placed} of 8 placed"


def f6(shop):
    client, _, _ = with_item(shop)
    probes = [
        ("POST", shop.api + "/cart/apply-coupon", {"code": "a\u0000b"}),
        ("POST", shop.api + "/cart/remove-coupon", {"code": "a\u0000b"}),
        ("GET", shop.base + "/product/a%00b/", None),
        ("GET", shop.api + "/products/a%00b", None),
        ("GET", shop.api + "/products?slug=a%00b", None),
        ("GET", shop.base + "/media/a%00b", None),
    ]
    statuses = [client.call(m, u, b)[0] for m, u, b in probes]
    return all(s < 500 for s in statuses), f"NUL bytes (never 500): {statuses}"


def f7(shop):
    client, _, _ = with_item(shop)
    email = f"f7{time.time_ns()}@example.com"
    status, _, order, _ = client.api("POST", "/checkout", {
        "billing_address": dict(ADDR, email=email), "payment_method": "bacs",
        "create_account": True, "customer_password": "pw-pw-pw-pw"})
    assert status == 200, order
    url = order["payment_result"]["redirect_url"]
    status, _, _, page = Client(shop, cookies=False).call("GET", url)
    return email not in page, f"customer's order-received page without their session: {status}, email shown: {email in page}"


def f8(shop):
    client, _, _ = with_item(shop)
    status, _, body, _ = client.api("POST", "/cart/update-customer",
                                    {"billing_address": {"first_name": "A" * 1_000_000}})
    note, _, _, _ = client.api("POST", "/checkout", {
        "billing_address": dict(ADDR, email="big@example.com"), "payment_method": "bacs",
        "customer_note": "N" * 1_900_000})
    return status == 400 and note == 400, f"1 MB first_name: {status}; 1.9 MB note: {note}"


def f9(shop):
    shop.cli("coupons", "set", "-", stdin='{"code":"batch","discount_type":"fixed_cart","amount":"1"}')
    client, _, _ = with_item(shop)
    client.api("POST", "/cart/apply-coupon", {"code": "batch"})
    status, _, _, _ = client.api("DELETE", "/cart/coupons/batch", nonce=False)
    return status == 401, f"DELETE /cart/coupons/batch without a nonce: {status}"


def f11(shop):
    for _ in range(5):
        holder, _, _ = with_item(shop, product=PRINT)
        holder.api("GET", "/checkout")
    _, status, body = with_item(shop, product=PRINT, headers={})
    return status == 201, f"after five anonymous holds of one unit each, a sixth shopper adds one: {status}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bin", default="target/debug/mercato")
    parser.add_argument("--postgres", help="a server URL to run the NUL probes on PostgreSQL too")
    args = parser.parse_args()
    results = []
    with tempfile.TemporaryDirectory() as work:
        def factory(extra=()):
            path = os.path.join(work, f"shop{time.time_ns()}.db")
            return Shop(args.bin, f"sqlite://{path}", work, extra)

        shop = factory()
        # Every probe comes from 127.0.0.1: the checkout rate limit (on by default) would
        # refuse them before the behaviour under test is reached. F5 turns it on itself.
        shop.cli("settings", "set", "checkout_rate_limit", "-", stdin='{"enabled":false}')
        time.sleep(1.1)
        try:
            for name, check in [("F1", f1), ("F3", f3), ("F4", f4), ("F5", f5), ("F6 (SQLite)", f6),
                                ("F7", f7), ("F8", f8), ("F9", f9), ("F11", f11)]:
                try:
                    ok, what = check(shop)
                except Exception as error:  # a probe that could not run says so
                    ok, what = False, f"probe failed: {error!r}"
                results.append((name, ok, what))
        finally:
            shop.stop()
        try:
            results.append(("F2",) + f2(factory))
        except (Exception, SystemExit) as error:
            results.append(("F2", False, f"probe failed: {error!r}"))
        if args.postgres:
            base, _, _ = args.postgres.rpartition("/")
            name = f"mercato_review_{os.getpid()}"
            subprocess.run(["psql", args.postgres, "-qc", f"create database {name}"], check=True)
            try:
                pg = Shop(args.bin, f"{base}/{name}", work)
                try:
                    results.append(("F6 (PostgreSQL)",) + f6(pg))
                finally:
                    pg.stop()
            finally:
                subprocess.run(["psql", args.postgres, "-qc", f"drop database {name}"])
    for name, ok, what in results:
        print(f"{name:16} {'fixed' if ok else 'REPRODUCED'}  {what}")
    sys.exit(0 if all(ok for _, ok, _ in results) else 1)


if __name__ == "__main__":
    main()
