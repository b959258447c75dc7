#!/usr/bin/env python3
"""Checks the repository's test data and schema files for two mistakes no test would catch.

- `--migrations`: every migration exists for both engines (crates/db/migrations/{sqlite,postgres}
  hold the same numbered names). A migration written for one engine only would leave the other
  engine's shops without the table, and only a test that happens to touch it would notice.
- `--snapshots USED_DIR`: every pinned response under crates/server/tests/snapshots was read by
  the test run that just finished. The suite's snapshot and golden readers leave one empty
  file per name they read in USED_DIR; a snapshot nobody reads any more pins nothing and
  misleads a reader who edits it.

Exit status 1 with one line per problem; 0 and a summary line otherwise.
"""

import argparse
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
MIGRATIONS = ROOT / "crates/db/migrations"
SNAPSHOTS = ROOT / "crates/server/tests/snapshots"
ENGINES = ("sqlite", "postgres")


def migration_problems() -> list[str]:
    names = {engine: {p.name for p in (MIGRATIONS / engine).glob("*.sql")} for engine in ENGINES}
    problems = []
    for engine in ENGINES:
        other = ENGINES[1 - ENGINES.index(engine)]
        for name in sorted(names[engine] - names[other]):
            problems.append(f"migration {engine}/{name} has no {other} counterpart")
    numbers: dict[str, list[str]] = {}
    for name in names["sqlite"] | names["postgres"]:
        match = re.match(r"(\d+)_", name)
        if not match:
            problems.append(f"migration {name} does not start with a number")
            continue
        numbers.setdefault(match.group(1), []).append(name)
    for number, named in sorted(numbers.items()):
        if len(set(named)) > 1:
            problems.append(f"migration number {number} is used by {sorted(set(named))}")
    if not problems:
        print(f"migrations: {len(names['sqlite'])} on each engine, same names")
    return problems


def snapshot_problems(used_dir: pathlib.Path) -> list[str]:
    used = {p.name for p in used_dir.iterdir()} if used_dir.is_dir() else set()
    problems = []
    count = 0
    for path in sorted(SNAPSHOTS.rglob("*.json")):
        count += 1
        key = f"{path.parent.name}--{path.stem}"
        if key not in used:
            problems.append(f"snapshot {path.relative_to(ROOT)} was not read by any test")
    if not problems:
        print(f"snapshots: all {count} read by the test run")
    return problems


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--migrations", action="store_true")
    parser.add_argument("--snapshots", metavar="USED_DIR", type=pathlib.Path)
    args = parser.parse_args()
    problems = []
    if args.migrations:
        problems += migration_problems()
    if args.snapshots is not None:
        problems += snapshot_problems(args.snapshots)
    for line in problems:
        print(line, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
