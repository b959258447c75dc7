#!/usr/bin/env python3
"""Self cost (Ir) per source file of a callgrind output file, inlined code counting for its
own file (a release build with line tables only has one function symbol after LTO).

    bench/callgrind_by_file.py FILE [REQUESTS] [ROWS]
    bench/callgrind_by_file.py --crates FILE [REQUESTS] [ROWS]   # the same, added up per crate
"""
import sys, re, collections
def parse(path):
    names = {}
    cur_file = None
    per_file = collections.Counter()
    per_line = collections.Counter()
    skip_next = False
    line = 0
    total = 0
    def name_of(kind, rest):
        m = re.match(r'\((\d+)\)(?: (.*))?', rest)
        if not m: return rest
        key = (kind, m.group(1))
        if m.group(2) is not None: names[key] = m.group(2)
        return names.get(key, '?')
    for raw in open(path, errors='replace'):
        raw = raw.rstrip('\n')
        if not raw: continue
        c = raw[0]
        if raw.startswith(('fl=', 'fi=', 'fe=')):
            cur_file = name_of('f', raw[3:]); continue
        if raw.startswith(('cfi=', 'cfl=')):
            name_of('f', raw[4:]); continue
        if raw.startswith('fn='):
            name_of('n', raw[3:]); continue
        if raw.startswith('cfn='):
            name_of('n', raw[4:]); continue
        if raw.startswith('calls='):
            skip_next = True; continue
        if c.isdigit() or c in '+-*':
            parts = raw.split()
            p = parts[0]
            if p == '*': pass
            elif p[0] in '+-': line += int(p)
            else: line = int(p)
            if skip_next:
                skip_next = False; continue
            cost = int(parts[1]) if len(parts) > 1 else 0
            per_file[cur_file] += cost
            per_line[(cur_file, line)] += cost
            total += cost
    return total, per_file, per_line
args = sys.argv[1:]
by_crate = bool(args) and args[0] == '--crates'
if by_crate:
    args = args[1:]
total, per_file, per_line = parse(args[0])
n = int(args[1]) if len(args) > 1 else 1
print(f"total Ir {total:,} ({total/n:,.0f} per request)")
def short(f):
    f = f or '?'
    f = re.sub(r'.*/registry/src/[^/]+/', '', f)
    f = re.sub(r'/rustc/[0-9a-f]+/', 'rustc:', f)
    return f
def crate(f):
    f = short(f)
    m = re.match(r'([A-Za-z0-9_-]+?)-\d+\.\d+\.\d+[^/]*/', f)
    if m: return m.group(1)
    if f.startswith('rustc:'): return 'Rust std'
    if f.startswith('./') or f.startswith('/usr/'):
        stem = re.sub(r'[-.].*', '', f.rsplit('/', 1)[-1])
        return f'libc {stem}'
    if '/crates/' in f or f.startswith('crates/'): return 'mercato ' + re.sub(r'.*crates/([^/]+)/.*', r'\1', f)
    return f
if by_crate:
    grouped = collections.Counter()
    for f, c in per_file.items():
        grouped[crate(f)] += c
    per_file = grouped
    short = lambda f: f
for f, c in per_file.most_common(int(args[2]) if len(args) > 2 else 40):
    print(f"{c/total*100:6.2f}%  {c/n:12,.0f}  {short(f)}")
