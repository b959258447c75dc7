#!/usr/bin/env python3
"""Lets a fresh clone reuse the build a previous CI run left, for the files that did not change.

Cargo decides that a crate of ours is stale when one of its source files is newer than the
last build of it. In a fresh clone every file is new, so every crate of ours was rebuilt on
each CI run, even when nothing in it had changed (docs/testing.md, "Where CI's time goes").

- `save LIST`: after a green run, writes the blob id of every tracked file (`git ls-files -s`)
  to LIST: the sources the kept build was made from.
- `restore LIST`: at the start of a run, dates every tracked file whose blob id is the one in
  LIST back to 2000-01-01, so Cargo finds it older than the kept build; a file that changed
  keeps the clone's time and its crate is rebuilt. LIST is then removed, so a run that does
  not finish green leaves no list and the next run rebuilds our crates in full.

The list only ever describes a green run's sources, so a file is never dated back unless the
kept build was made from exactly its content.
"""

import os
import subprocess
import sys

OLD = 946_684_800  # 2000-01-01T00:00:00Z


def tracked() -> dict[str, str]:
    """Path → blob id of every file git tracks in the working directory."""
    out = subprocess.run(
        ["git", "ls-files", "-s", "-z"], check=True, capture_output=True
    ).stdout.decode()
    blobs = {}
    for entry in out.split("\0"):
        if not entry:
            continue
        meta, path = entry.split("\t", 1)
        blobs[path] = meta.split()[1]
    return blobs


def save(list_path: str) -> None:
    blobs = tracked()
    tmp = list_path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        for path, blob in sorted(blobs.items()):
            f.write(f"{blob} {path}\n")
    os.replace(tmp, list_path)
    print(f"source times: noted {len(blobs)} files for the next run")


def restore(list_path: str) -> None:
    try:
        with open(list_path, encoding="utf-8") as f:
            kept = dict(
                reversed(line.rstrip("\n").split(" ", 1)) for line in f if line.strip()
            )
    except FileNotFoundError:
        print("source times: no list from a green run; our crates are built in full")
        return
    os.remove(list_path)
    same = changed = 0
    for path, blob in tracked().items():
        if kept.get(path) == blob and os.path.isfile(path):
            os.utime(path, (OLD, OLD), follow_symlinks=False)
            same += 1
        else:
            changed += 1
    print(f"source times: {same} files as the kept build saw them, {changed} new or changed")


def main() -> None:
    if len(sys.argv) != 3 or sys.argv[1] not in ("save", "restore"):
        sys.exit("usage: source_times.py save|restore LIST")
    (save if sys.argv[1] == "save" else restore)(sys.argv[2])


if __name__ == "__main__":
    main()
