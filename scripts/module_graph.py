#!/usr/bin/env python3
"""Which top-level modules of crates/server/src use which, whether that graph has cycles, and
whether every edge keeps to the layers of docs/architecture.md.

For every top-level module (`cart`, `pages`, `session.rs`, ...) it lists the other top-level
modules its code names through `crate::X`, or through a `super::` chain that climbs to the
crate root. Comments and string literals are ignored; test code counts like any other code.
`lib.rs` itself (the router, which wires every module) is left out.

Then it reports cycles (strongly connected components) and edges that climb to a higher
layer than the module's own (`LAYERS` below, the same picture as the docs). It exits 1
when there is a cycle, an upward edge, a module placed in no layer or a layer entry naming
no module.

    python3 scripts/module_graph.py              # the graph, cycles, upward edges
    python3 scripts/module_graph.py --why pages cart_page   # where pages names cart_page
    python3 scripts/module_graph.py --quiet      # only what is wrong (`make lint` runs this)

Standard library only.
"""

import argparse
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent / "crates" / "server" / "src"

# The layers of crates/server (docs/architecture.md), lowest first. A module may use modules
# of its own layer (without cycles) or of lower ones. A new module is placed here.
LAYERS = [
    ("foundation", ["answer_cache", "assets", "compression", "config", "country_lists", "input", "middleware",
                    "page_cache", "serving", "shop_view", "templates"]),
    ("domain services", ["payments", "services"]),
    ("domain", ["accounts", "cart", "checkout", "downloads", "emails", "extensions", "jobs",
                "session"]),
    ("application state", ["page_settings", "state"]),
    ("shared web helpers", ["forms", "layout"]),
    ("surfaces", ["account_page", "cart_page", "checkout_page", "download_page",
                  "extension_routes", "pages", "store_ajax", "store_api", "storefront"]),
]

IDENT = r"[A-Za-z_][A-Za-z0-9_]*"


def strip_comments_and_strings(text):
    """The source with comments and string/char literals blanked; line breaks are kept."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if text.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif text.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            out.append("\n" * text.count("\n", i, j))
            i = j
        elif (m := re.compile(r'b?r(#*)"').match(text, i)) and (
            i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")
        ):
            end = text.find('"' + m.group(1), m.end())
            j = n if end < 0 else end + 1 + len(m.group(1))
            out.append('""' + "\n" * text.count("\n", i, j))
            i = j
        elif c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            out.append('""' + "\n" * text.count("\n", i, j))
            i = j + 1
        elif c == "'":
            # A char literal ('x', '\n', '\u{1F600}') or a lifetime ('a): only blank the former.
            m = re.compile(r"'(\\u\{[0-9a-fA-F]+\}|\\.|[^\\'])'").match(text, i)
            if m:
                out.append("' '")
                i = m.end()
            else:
                out.append(c)
                i += 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def module_path(file):
    """`cart/view.rs` -> ["cart", "view"]; `cart/mod.rs` -> ["cart"]; `lib.rs` -> []."""
    parts = list(file.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] in ("mod", "lib"):
        parts.pop()
    return parts


def group_heads(text, start):
    """The first segment of each item of the `{...}` group opening at `start`."""
    depth, item_start, heads = 0, start + 1, []
    for j in range(start, len(text)):
        if text[j] == "{":
            depth += 1
        elif text[j] == "}":
            depth -= 1
            if depth == 0:
                heads.append(text[item_start:j])
                break
        elif text[j] == "," and depth == 1:
            heads.append(text[item_start:j])
            item_start = j + 1
    names = []
    for item in heads:
        m = re.match(r"\s*(" + IDENT + r")", item)
        if m and m.group(1) != "self":
            names.append(m.group(1))
    return names


PATH_START = re.compile(r"(?<![A-Za-z0-9_:])(crate|super)\s*::\s*")
INLINE_MOD = re.compile(r"\bmod\s+(" + IDENT + r")\s*\{")


def references(file):
    """(line, top-level module) for every crate-root path in `file`."""
    text = strip_comments_and_strings(file.read_text(encoding="utf-8"))
    base = module_path(file)
    # Inline `mod name { ... }` blocks extend the module path between their braces.
    inline = []  # (open brace offset, close brace offset, name)
    for m in INLINE_MOD.finditer(text):
        depth = 0
        for j in range(m.end() - 1, len(text)):
            if text[j] == "{":
                depth += 1
            elif text[j] == "}":
                depth -= 1
                if depth == 0:
                    inline.append((m.end() - 1, j, m.group(1)))
                    break
    found = []
    for m in PATH_START.finditer(text):
        here = base + [name for (a, b, name) in inline if a < m.start() < b]
        pos, segments = m.start(), []
        # Read the whole path prefix: crate::a::b or super::super::a.
        tail = re.compile(r"(" + IDENT + r")\s*::\s*")
        while (t := tail.match(text, pos)) and t.group(1) in ("crate", "super", "self"):
            segments.append(t.group(1))
            pos = t.end()
        if segments[0] == "crate":
            depth_left = 0
        else:
            ups = len([s for s in segments if s == "super"])
            depth_left = len(here) - ups
            if depth_left < 0 or any(s == "crate" for s in segments):
                continue
        if depth_left > 0:
            # Still inside the file's own top-level module: not a cross-module reference.
            continue
        if text.startswith("{", pos):
            names = group_heads(text, pos)
        else:
            h = re.compile(IDENT).match(text, pos)
            names = [h.group(0)] if h else []
        line = text.count("\n", 0, m.start()) + 1
        for name in names:
            found.append((line, name))
    return found


def build_graph():
    modules = {}
    for file in sorted(ROOT.rglob("*.rs")):
        path = module_path(file)
        if path:
            modules.setdefault(path[0], []).append(file)
    edges = {name: {} for name in modules}  # from -> to -> [file:line]
    for name, files in modules.items():
        for file in files:
            for line, target in references(file):
                if target in modules and target != name:
                    where = f"{file.relative_to(ROOT)}:{line}"
                    edges[name].setdefault(target, []).append(where)
    return edges


def strongly_connected(edges):
    """Tarjan's algorithm: the components with more than one module (each one a cycle)."""
    index, low, stack, on_stack, out = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in sorted(edges[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                out.append(sorted(component))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return out


def short_cycles(edges, component):
    """Two-module cycles inside a component, the easiest ones to read and break."""
    members = set(component)
    pairs = []
    for a in sorted(members):
        for b in sorted(edges[a]):
            if b in members and a < b and a in edges[b]:
                pairs.append((a, b))
    return pairs


def layer_problems(edges):
    """Modules placed in no layer, layer entries naming no module, and edges from a module to
    a higher layer."""
    level = {m: i for i, (_, members) in enumerate(LAYERS) for m in members}
    unplaced = sorted(m for m in edges if m not in level)
    stale = sorted(m for m in level if m not in edges)
    upward = []
    for a in sorted(edges):
        for b in sorted(edges[a]):
            if a in level and b in level and level[b] > level[a]:
                upward.append((a, b))
    return unplaced, stale, upward


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--why", nargs=2, metavar=("FROM", "TO"),
                        help="list each place where module FROM names module TO")
    parser.add_argument("--quiet", action="store_true",
                        help="print only cycles, upward edges and unplaced modules")
    args = parser.parse_args()
    edges = build_graph()
    if args.why:
        a, b = args.why
        for where in edges.get(a, {}).get(b, []):
            print(where)
        return 0
    if not args.quiet:
        width = max(len(name) for name in edges)
        for name in sorted(edges):
            print(f"{name:<{width}}  -> {', '.join(sorted(edges[name])) or '-'}")
        print()
    cycles = strongly_connected(edges)
    if not cycles and not args.quiet:
        print("no cycles")
    for component in cycles:
        print(f"cycle among {len(component)} modules: {', '.join(component)}")
        for a, b in short_cycles(edges, component):
            print(f"  {a} <-> {b}")
    unplaced, stale, upward = layer_problems(edges)
    names = {m: name for name, members in LAYERS for m in members}
    if not upward and not args.quiet:
        print("no edge climbs a layer")
    for a, b in upward:
        where = edges[a][b]
        more = f" (+{len(where) - 1} more)" if len(where) > 1 else ""
        print(f"upward: {a} ({names[a]}) -> {b} ({names[b]}): {where[0]}{more}")
    for m in unplaced:
        print(f"in no layer: {m} (place it in LAYERS)")
    for m in stale:
        print(f"in LAYERS but not in crates/server/src: {m}")
    return 1 if cycles or upward or unplaced or stale else 0


if __name__ == "__main__":
    sys.exit(main())
