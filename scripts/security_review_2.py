#!/usr/bin/env python3
"""Replays the reproductions of ../shared/reviews/security-review-2.md against a real binary.

Starts `mercato serve --demo-if-empty` on a fresh SQLite file with its own outbox, runs each
finding's attack as the review wrote it, and prints one line per finding: `fixed` when the
attack no longer works, `REPRODUCED` when it still does. A second, non-demo shop checks the
payment-gateway default of issue 21. Exits non-zero if any attack still works.

    cargo build -p mercato && python3 scripts/security_review_2.py
    python3 scripts/security_review_2.py --bin target/release/mercato

Standard library only. Everything goes to 127.0.0.1; every loop is bounded.
"""

import argparse
import glob
import http.cookiejar
import json
import os
import re
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request

# The review-1 replay's helpers: a redirect handler that follows nothing, and a bounded
# read of the server's first line.
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from security_review_1 import NoRedirect, read_line  # noqa: E402

PASSWORD = "the real passphrase 42"
ADDR = {"first_name": "Ann", "last_name": "Tester", "address_1": "1 Main St",
        "city": "San Francisco", "state": "CA", "postcode": "94103", "country": "US",
        "phone": "4155550100"}
SOLO_CSV = (
    'ID,Type,SKU,Name,Published,"Is featured?","Visibility in catalog",'
    '"Sold individually?","Regular price","In stock?","Meta: _product_addons"\n'
    ',simple,REVIEW2-SOLO,"Solo Mug",1,0,visible,1,18.00,1,'
    '"[{""name"":""Gift wrap"",""type"":""multiple_choice"",""display"":""radiobutton"",'
    '""required"":0,""default"":""No"",""options"":[{""label"":""No"",""price"":"""",'
    '""price_type"":""quantity_based""},{""label"":""Yes"",""price"":""3.00"",'
    '""price_type"":""quantity_based""}]}]"\n'
)


class Shop:
    """A running `mercato serve` with its own database and outbox."""

    def __init__(self, binary, workdir, demo=True):
        self.binary, self.workdir = binary, workdir
        self.db_file = os.path.join(workdir, "shop.db")
        self.outbox = os.path.join(workdir, "outbox")
        self.env = dict(os.environ, DATABASE_URL=f"sqlite://{self.db_file}",
                        MERCATO_LOG="warn", MERCATO_OUTBOX_DIR=self.outbox)
        self.env.pop("MERCATO_PUBLIC_URL", None)
        args = [binary, "serve", "--addr", "127.0.0.1:0"] + (["--demo-if-empty"] if demo else [])
        self.proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                     env=self.env, text=True)
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

    def user(self, email, password=PASSWORD):
        made = self.cli("users", "create", "--email", email, stdin=password + "\n")
        if made.returncode != 0:
            raise SystemExit(f"users create {email}: {made.stderr}")

    def sessions(self):
        with sqlite3.connect(self.db_file) as db:
            return db.execute("select count(*) from sessions").fetchone()[0]

    def emails_to(self, address, containing="", wait=10.0):
        """The outbox emails to `address` (containing a text), waiting for the worker."""
        deadline = time.time() + wait
        while True:
            found = []
            for path in sorted(glob.glob(os.path.join(self.outbox, "*.eml"))):
                with open(path, encoding="utf-8", errors="replace") as f:
                    text = f.read()
                if f"To: {address}" in text and containing in text:
                    found.append(text)
            if found or time.time() > deadline:
                return found
            time.sleep(0.1)

    def stop(self):
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.proc.kill()


class Browser:
    """A cookie jar that does not follow redirects."""

    def __init__(self, shop):
        self.shop = shop
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(self.jar), NoRedirect)

    def call(self, method, path, fields=None, headers=None, body=None):
        url = path if path.startswith("http") else self.shop.base + path
        data = None
        headers = dict(headers or {})
        if fields is not None:
            data = urllib.parse.urlencode(fields).encode()
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        request = urllib.request.Request(url, data=data, method=method, headers=headers)
        try:
            with self.opener.open(request, timeout=60) as response:
                return response.status, dict(response.headers), response.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, dict(error.headers), error.read().decode()

    def get(self, path, **kw):
        return self.call("GET", path, **kw)

    def post(self, path, fields, **kw):
        return self.call("POST", path, fields=fields, **kw)

    def log_in(self, email, password=PASSWORD):
        _, _, page = self.get("/my-account/")
        status, _, _ = self.post("/my-account/", {
            "username": email, "password": password,
            "woocommerce-login-nonce": field(page, "woocommerce-login-nonce")})
        return status

    def details(self, email, **changes):
        _, _, page = self.get("/my-account/edit-account/")
        form = {"account_first_name": "Ann", "account_last_name": "Owner",
                "account_display_name": "Ann", "account_email": email,
                "save-account-details-nonce": field(page, "save-account-details-nonce")}
        form.update(changes)
        return self.post("/my-account/edit-account/", form)[0]

    def ask_reset(self, login, headers=None):
        _, _, page = self.get("/my-account/lost-password/", headers=headers)
        return self.post("/my-account/lost-password/", {
            "user_login": login,
            "woocommerce-lost-password-nonce": field(page, "woocommerce-lost-password-nonce")},
            headers=headers)[0]


def field(page, name):
    found = re.search(f'name="{name}"[^>]*value="([^"]*)"', page)
    return found.group(1) if found else ""


def reset_link(shop, email):
    emails = shop.emails_to(email, "Password Reset")
    if not emails:
        return None
    found = re.findall(r'(https?://[^\s"<]*lost-password/\?key=[^\s"<]*)', emails[-1])
    return found[-1].replace("&amp;", "&") if found else None


def set_password(browser, link, password):
    status, _, page = browser.get(link)
    if status != 200:
        return status
    return browser.post("/my-account/lost-password/", {
        "password_1": password, "password_2": password,
        "reset_key": field(page, "reset_key"), "reset_login": field(page, "reset_login"),
        "woocommerce-reset-password-nonce": field(page, "woocommerce-reset-password-nonce")})[0]


def n1(shop):
    shop.user("n1-victim@example.com")
    Browser(shop).ask_reset("n1-victim@example.com", headers={"Host": "evil.example"})
    link = reset_link(shop, "n1-victim@example.com") or ""
    return "evil.example" in link, f"the emailed link: {link.split('?')[0]}"


def n2(shop):
    shop.user("n2@example.com")
    owner = Browser(shop)
    owner.log_in("n2@example.com")
    answers = [owner.details("n2@example.com", password_current=f"guess {i}",
                             password_1="another passphrase 77",
                             password_2="another passphrase 77") for i in range(12)]
    right = owner.details("n2@example.com", password_current=PASSWORD,
                          password_1="another passphrase 77", password_2="another passphrase 77")
    return right == 303, f"12 wrong then the right one: {answers + [right]}"


def n3(shop):
    shop.user("n3-victim@example.com")
    shop.user("n3-mallory@example.com")
    victim, mallory = Browser(shop), Browser(shop)
    victim.ask_reset("n3-victim@example.com")
    mallory.ask_reset("n3-mallory@example.com")
    link_v, link_m = reset_link(shop, "n3-victim@example.com"), reset_link(shop, "n3-mallory@example.com")
    victim_id = link_v.rsplit("login=", 1)[1]
    _, _, page = mallory.get(link_m)
    nonce = field(page, "woocommerce-reset-password-nonce")
    made_up = [mallory.post("/my-account/lost-password/", {
        "reset_key": f"{i:032d}", "reset_login": victim_id, "password_1": "taken over 99",
        "password_2": "taken over 99", "woocommerce-reset-password-nonce": nonce})[0]
        for i in range(3)]
    genuine = set_password(victim, link_v, "the owner's new passphrase")
    return genuine != 303, f"made-up keys {made_up}, then the owner's link {genuine}"


def n4(shop):
    shop.user("n4@example.com")
    stranger, owner = Browser(shop), Browser(shop)
    stranger.ask_reset("n4@example.com")
    link = reset_link(shop, "n4@example.com")
    owner.log_in("n4@example.com")
    changed = owner.details("n4@example.com", password_current=PASSWORD,
                            password_1="changed by the owner 5", password_2="changed by the owner 5")
    used = set_password(stranger, link, "the attacker's choice 5")
    return used == 303, f"password changed {changed}; the old link then {used}"


def n5(shop):
    shop.user("n5@example.com")
    owner = Browser(shop)
    owner.log_in("n5@example.com")
    silent = owner.details("new-n5@evil.example")
    told = bool(shop.emails_to("n5@example.com", "Email Changed", wait=0.5))
    moved = owner.details("new-n5@evil.example", password_current=PASSWORD)
    told = bool(shop.emails_to("n5@example.com", "Email Changed"))
    return silent == 303 or not told, (
        f"without the password {silent}; with it {moved}; old address told: {told}")


def n6(shop):
    browser = Browser(shop)
    _, _, page = browser.get("/my-account/")
    stranger = "review2-n6-stranger@example.com"
    paragraph = "Your order #4711 was flagged. Confirm your card at https://evil.example/verify"
    status, _, _ = browser.post("/my-account/", {
        "email": stranger, "password": "a registrant passphrase 6",
        "first_name": f"Bob,\n\n{paragraph}\n\nThanks",
        "woocommerce-register-nonce": field(page, "woocommerce-register-nonce")})
    emails = shop.emails_to(stranger, "")
    carried = any("4711" in text or "evil.example" in text for text in emails)
    return carried, f"registered {status}; the welcome email carries the text: {carried}"


def n7(shop):
    with tempfile.NamedTemporaryFile("w", suffix=".csv", delete=False) as f:
        f.write(SOLO_CSV)
    imported = shop.cli("import", f.name)
    found = Browser(shop).call("GET", shop.api + "/products?sku=REVIEW2-SOLO")
    products = json.loads(found[2] or "[]")
    if imported.returncode != 0 or not products:
        return True, f"could not import the probe product: {imported.stderr.strip()[:200]}"
    solo = products[0]["id"]
    client = Browser(shop)
    _, headers, _ = client.call("GET", shop.api + "/cart")
    nonce = headers.get("Nonce") or headers.get("nonce")
    statuses = []
    for choice in ["No", "Yes"]:
        status, headers, _ = client.call("POST", shop.api + "/cart/add-item", headers={"Nonce": nonce},
                                         body={"id": solo, "quantity": 1,
                                               "addons": [{"group": "Gift wrap", "option": choice}]})
        nonce = headers.get("Nonce") or headers.get("nonce") or nonce
        statuses.append(status)
    return statuses == [201, 201], f"add with No, then with Yes: {statuses}"


def n8(shop):
    client = Browser(shop)
    _, headers, _ = client.call("GET", shop.api + "/cart")
    nonce = headers.get("Nonce") or headers.get("nonce")
    _, headers, _ = client.call("POST", shop.api + "/cart/add-item", headers={"Nonce": nonce},
                                body={"id": 144, "quantity": 1})
    nonce = headers.get("Nonce") or headers.get("nonce") or nonce
    status, _, text = client.call("POST", shop.api + "/checkout", headers={"Nonce": nonce}, body={
        "billing_address": dict(ADDR, first_name="Ann\u001b[31m", email="esc@example.com"),
        "payment_method": "cheque", "customer_note": "note \u001b[2K\u001b[1AStatus:   completed",
        "extensions": {"woocommerce/order-attribution": {
            "source_type": "utm",
            "utm_source": "news\u001b]8;;https://evil.example/\u0007click\u001b]8;;\u0007"}}})
    if status != 200:
        return True, f"the checkout answered {status}: {text[:200]}"
    order = json.loads(text)["order_id"]
    shown = shop.cli("orders", "show", str(order)).stdout
    listed = shop.cli("users", "list").stdout
    raw = "\x1b" in shown or "\x07" in shown or "\x1b" in listed
    return raw, f"escape bytes printed by orders show / users list: {raw}"


def n9(shop):
    before = shop.sessions()
    for _ in range(30):
        for path in ["/my-account/", "/my-account/login-popup/", "/my-account/lost-password/"]:
            Browser(shop).get(path)
    grew = shop.sessions() - before
    return grew > 0, f"90 cookie-less GETs made {grew} session rows"


def gateways(binary):
    with tempfile.TemporaryDirectory() as workdir:
        shop = Shop(binary, workdir, demo=False)
        try:
            status, _, text = Browser(shop).call("GET", shop.api + "/cart")
            methods = json.loads(text).get("payment_methods", [])
        finally:
            shop.stop()
    return "test_card" in methods, f"a new shop offers {methods}"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", default="target/debug/mercato")
    args = parser.parse_args()
    reproduced = 0
    with tempfile.TemporaryDirectory() as workdir:
        shop = Shop(args.bin, workdir)
        try:
            probes = [("N1", n1), ("N2", n2), ("N3", n3), ("N4", n4), ("N5", n5), ("N6", n6),
                      ("N7", n7), ("N8", n8), ("N9", n9)]
            for name, probe in probes:
                works, detail = probe(shop)
                reproduced += works
                print(f"{name:<16} {'REPRODUCED' if works else 'fixed':<11} {detail}", flush=True)
        finally:
            shop.stop()
    works, detail = gateways(args.bin)
    reproduced += works
    print(f"{'test card on':<16} {'REPRODUCED' if works else 'fixed':<11} {detail}")
    sys.exit(1 if reproduced else 0)


if __name__ == "__main__":
    main()
