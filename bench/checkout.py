#!/usr/bin/env python3
"""Complete purchases against a running Mercato: each of N shoppers loops over a whole
purchase as a headless Store API client does it (GET /cart for a Cart-Token, add-item,
POST /checkout) on its own keep-alive connection, until the time is up. Prints orders/s and
the latency of a whole purchase and of each step. Not a test: figures for
docs/benchmarks.md. Standard library only (asyncio streams, HTTP/1.1 with Content-Length).

    bench/checkout.py URL PRODUCT_ID [--shoppers 16] [--seconds 5] [--method cod]
"""
import argparse
import asyncio
import json
import time
import urllib.parse

API = "/wp-json/wc/store/v1"
ADDRESS = {
    "first_name": "Bench", "last_name": "Shopper", "company": "",
    "address_1": "123 Valencia St", "address_2": "", "city": "San Francisco",
    "state": "CA", "postcode": "94103", "country": "US", "phone": "4155550100",
}


class Connection:
    def __init__(self, host, port):
        self.host, self.port = host, port

    async def open(self):
        self.reader, self.writer = await asyncio.open_connection(self.host, self.port)

    async def call(self, method, path, token=None, body=None):
        data = json.dumps(body).encode() if body is not None else b""
        head = [f"{method} {API}{path} HTTP/1.1", f"Host: {self.host}:{self.port}",
                "Accept: application/json", f"Content-Length: {len(data)}"]
        if body is not None:
            head.append("Content-Type: application/json")
        if token:
            head.append(f"Cart-Token: {token}")
        self.writer.write(("\r\n".join(head) + "\r\n\r\n").encode() + data)
        await self.writer.drain()
        status = int((await self.reader.readline()).split()[1])
        headers = {}
        while True:
            line = await self.reader.readline()
            if line in (b"\r\n", b""):
                break
            name, value = line.decode("latin-1").split(":", 1)
            headers[name.strip().lower()] = value.strip()
        if "content-length" not in headers:
            raise RuntimeError(f"{method} {path}: no Content-Length ({headers})")
        payload = await self.reader.readexactly(int(headers["content-length"]))
        return status, headers, payload


def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * p))] if ordered else float("nan")


# The test card gateway's always-paid card (METHOD=test_card): the order is charged after it
# is placed, one more write than the offline gateways.
CARD = [
    {"key": "test_card-card-number", "value": "4242 4242 4242 4242"},
    {"key": "test_card-card-expiry", "value": "12/40"},
    {"key": "test_card-card-cvc", "value": "123"},
]


async def shopper(n, args, url, deadline, stats):
    conn = Connection(url.hostname, url.port)
    await conn.open()
    purchase = 0
    while time.monotonic() < deadline:
        purchase += 1
        started = time.monotonic()
        status, headers, _ = await conn.call("GET", "/cart")
        token = headers.get("cart-token")
        if status != 200 or not token:
            raise RuntimeError(f"GET /cart: {status}, no Cart-Token")
        t1 = time.monotonic()
        status, _, body = await conn.call("POST", "/cart/add-item", token,
                                          {"id": args.product, "quantity": 1})
        if status != 201:
            raise RuntimeError(f"add-item: {status} {body[:300]!r}")
        t2 = time.monotonic()
        email = f"bench{n}.{purchase}@example.com"
        status, _, body = await conn.call("POST", "/checkout", token, {
            "billing_address": dict(ADDRESS, email=email),
            "shipping_address": ADDRESS,
            "payment_method": args.method,
            "payment_data": CARD if args.method == "test_card" else [],
        })
        t3 = time.monotonic()
        if status != 200:
            raise RuntimeError(f"checkout: {status} {body[:300]!r}")
        stats["orders"] += 1
        stats["purchase"].append(t3 - started)
        stats["cart"].append(t1 - started)
        stats["add"].append(t2 - t1)
        stats["checkout"].append(t3 - t2)


async def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("url")
    parser.add_argument("product", type=int)
    parser.add_argument("--shoppers", type=int, default=16)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--method", default="cod")
    args = parser.parse_args()
    url = urllib.parse.urlsplit(args.url)
    stats = {"orders": 0, "purchase": [], "cart": [], "add": [], "checkout": []}
    started = time.monotonic()
    deadline = started + args.seconds
    await asyncio.gather(*(shopper(n, args, url, deadline, stats) for n in range(args.shoppers)))
    elapsed = time.monotonic() - started
    ms = lambda v: f"{v * 1000:.1f}ms"
    print(f"{'orders':<18} {stats['orders']:>8} in {elapsed:.1f}s = {stats['orders'] / elapsed:,.0f} orders/s "
          f"({args.shoppers} shoppers, payment {args.method})")
    print(f"{'step':<18} {'p50':>9} {'p99':>9}")
    for name, key in [("whole purchase", "purchase"), ("GET cart", "cart"),
                      ("add-item", "add"), ("POST checkout", "checkout")]:
        print(f"{name:<18} {ms(percentile(stats[key], 0.5)):>9} {ms(percentile(stats[key], 0.99)):>9}")


asyncio.run(main())
