#!/usr/bin/env python3
"""Peak resident memory of the server under concurrent password checks (security review 2,
N2: 128 concurrent wrong current-password posts took the server from 0.1 to 2.0 GB). Not a
test: figures for docs/benchmarks.md. Standard library only.

Starts MERCATO_BIN (default target/release/mercato) on a fresh SQLite shop in a temporary
folder, on 127.0.0.1, and runs two bounded rounds while sampling /proc/PID/status:

  details  the review's reproduction: one customer, one session, CLIENTS concurrent posts of
           the account-details form with a wrong current password, 3 each;
  logins   CLIENTS concurrent login posts with a wrong password, 3 each, each client from its
           own loopback address (127.0.x.y) and naming its own account, so no rate limit
           stops them first and every post reaches the password hashing.

    MERCATO_BIN=target/release/mercato CLIENTS=128 python3 bench/password-memory.py
"""
import http.client
import os
import re
import subprocess
import tempfile
import threading
import time
import urllib.parse

BIN = os.environ.get("MERCATO_BIN", "target/release/mercato")
CLIENTS = int(os.environ.get("CLIENTS", "128"))
POSTS = 3
PASSWORD = "a long enough bench passphrase"


def rss_mib(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS"):
                return int(line.split()[1]) // 1024
    return 0


class Client:
    """One keep-alive connection from `source` with its own cookies."""

    def __init__(self, port, source="127.0.0.1"):
        self.port, self.source, self.cookies = port, source, {}
        self.conn = None

    def request(self, method, path, fields=None):
        for _ in range(2):
            if self.conn is None:
                self.conn = http.client.HTTPConnection(
                    "127.0.0.1", self.port, timeout=120, source_address=(self.source, 0))
            headers = {"Host": f"127.0.0.1:{self.port}"}
            if self.cookies:
                headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
            body = None
            if fields is not None:
                body = urllib.parse.urlencode(fields)
                headers["Content-Type"] = "application/x-www-form-urlencoded"
            try:
                self.conn.request(method, path, body=body, headers=headers)
                response = self.conn.getresponse()
                text = response.read().decode("utf-8", "replace")
            except (ConnectionError, http.client.HTTPException):
                self.conn.close()
                self.conn = None
                continue
            for value in response.headers.get_all("Set-Cookie") or []:
                name, _, rest = value.partition("=")
                self.cookies[name] = rest.split(";")[0]
            return response.status, text
        raise RuntimeError(f"{method} {path} failed twice")


def field(page, name):
    found = re.search(f'name="{name}"[^>]*value="([^"]*)"', page)
    return found.group(1) if found else ""


def sample(pid, stop, peak):
    while not stop.is_set():
        peak[0] = max(peak[0], rss_mib(pid))
        time.sleep(0.01)


def round_of(pid, name, work):
    answers, lock = {}, threading.Lock()

    def run(i):
        for status in work(i):
            with lock:
                answers[status] = answers.get(status, 0) + 1

    stop, peak = threading.Event(), [rss_mib(pid)]
    before = peak[0]
    sampler = threading.Thread(target=sample, args=(pid, stop, peak))
    sampler.start()
    threads = [threading.Thread(target=run, args=(i,)) for i in range(CLIENTS)]
    started = time.time()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    elapsed = time.time() - started
    stop.set()
    sampler.join()
    print(f"{name}: {CLIENTS} clients x {POSTS} posts in {elapsed:.1f} s, answers "
          f"{dict(sorted(answers.items()))}; RSS {before} -> peak {peak[0]} MiB")


def main():
    folder = tempfile.mkdtemp(prefix="mercato-pwmem-")
    env = dict(os.environ, DATABASE_URL=f"sqlite://{folder}/shop.db",
               MERCATO_OUTBOX_DIR=f"{folder}/outbox", MERCATO_LOG="error")
    env.pop("MERCATO_PUBLIC_URL", None)
    subprocess.run([BIN, "migrate"], env=env, check=True, capture_output=True)
    email = "bench@example.com"
    subprocess.run([BIN, "users", "create", "--email", email], env=env, check=True,
                   input=PASSWORD + "\n", text=True, capture_output=True)
    server = subprocess.Popen([BIN, "serve", "--addr", "127.0.0.1:0"], env=env,
                              stdout=subprocess.PIPE, text=True)
    try:
        line = server.stdout.readline()
        port = int(line.strip().rsplit(":", 1)[1])
        print(f"{BIN} (pid {server.pid}) on port {port}; RSS at rest {rss_mib(server.pid)} MiB")

        owner = Client(port)
        _, page = owner.request("GET", "/my-account/")
        status, _ = owner.request("POST", "/my-account/", {
            "username": email, "password": PASSWORD,
            "woocommerce-login-nonce": field(page, "woocommerce-login-nonce")})
        assert status == 303, f"login answered {status}"
        _, page = owner.request("GET", "/my-account/edit-account/")
        form = {
            "account_first_name": "Bench", "account_last_name": "Owner",
            "account_display_name": "Bench", "account_email": email,
            "save-account-details-nonce": field(page, "save-account-details-nonce"),
            "password_current": "wrong guess", "password_1": "another long passphrase 9",
            "password_2": "another long passphrase 9"}

        def details(_):
            client = Client(port)
            client.cookies = dict(owner.cookies)
            return [client.request("POST", "/my-account/edit-account/", form)[0]
                    for _ in range(POSTS)]

        round_of(server.pid, "details (one session, wrong current password)", details)

        def logins(i):
            client = Client(port, source=f"127.0.{1 + i // 250}.{1 + i % 250}")
            _, page = client.request("GET", "/my-account/")
            nonce = field(page, "woocommerce-login-nonce")
            return [client.request("POST", "/my-account/", {
                "username": f"nobody{i}@example.com", "password": "wrong guess",
                "woocommerce-login-nonce": nonce})[0] for _ in range(POSTS)]

        round_of(server.pid, "logins (one address and account each, wrong password)", logins)
        print(f"RSS after both rounds {rss_mib(server.pid)} MiB")
    finally:
        server.terminate()
        server.wait(timeout=30)


if __name__ == "__main__":
    main()
