#!/usr/bin/env bash
# tests/mutate.sh — proves that every feature has a test that fails when the feature is removed (DESIGN
# "Testing"). Each mutation of the table (tests/mutations.py, data apart from this runner) removes one feature
# by replacing one exact snippet of the source;
# the script applies it to a private copy of the tree, rebuilds that copy incrementally, runs the test(s) the
# table names, and requires every one of them to fail.
#
#   tests/mutate.sh --all                 every mutation (the whole set; see docs/features.md)
#   tests/mutate.sh SC5-fade GA4-hzd-*    the named ones (shell-style patterns)
#   tests/mutate.sh --sample 3            3 of them, picked by a seed (default: the git commit, so a commit
#                                         always runs the same sample and different commits rotate)
#   tests/mutate.sh --list                the table
#   tests/mutate.sh --check               only that every snippet occurs exactly once (no build; seconds)
#   tests/mutate.sh --sample 3 --fast     a sample of the mutations whose tests need no GPU (unit and schema
#                                         tests: the copy builds only the CPU library; ctest's mutation_sample)
# Options: --seed S, --jobs N (build jobs; default: the number of CPUs), --dir D (the copy and its build;
# default build-mutate/ in the repository), --no-baseline (skip running the named tests unmutated first).
#
# Results: killed (every named test failed), SURVIVED (a named test passed with the feature removed), STALE
# (the snippet no longer occurs exactly once: the code moved, re-anchor the mutation), BUILD-FAILED (the
# mutated tree does not compile: fix the replacement). The exit status is 0 only if every mutation was killed.
# The developer's tree is never modified: the copy is synced from it (tracked and untracked, non-ignored
# files) before each run, and each mutated file is restored, also on Ctrl-C.
set -euo pipefail
exec python3 - "$(cd "$(dirname "$0")/.." && pwd)" "$@" <<'PY'
import argparse, fnmatch, hashlib, os, random, re, shutil, signal, subprocess, sys, time

# ---- the table: tests/mutations.py (M: one dict per mutation, in the table's order) ----
SRC = sys.argv[1]
sys.dont_write_bytecode = True  # no __pycache__ in tests/: the copy of the tree is synced from it
sys.path.insert(0, os.path.join(SRC, "tests"))
from mutations import M  # noqa: E402

# ---- the runner ----
ap = argparse.ArgumentParser(prog="tests/mutate.sh")
ap.add_argument("ids", nargs="*")
ap.add_argument("--all", action="store_true")
ap.add_argument("--list", action="store_true")
ap.add_argument("--check", action="store_true")
ap.add_argument("--sample", type=int)
ap.add_argument("--fast", action="store_true")
ap.add_argument("--seed")
ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
ap.add_argument("--dir", default=os.path.join(SRC, "build-mutate"))
ap.add_argument("--no-baseline", action="store_true")
args = ap.parse_args(sys.argv[2:])

def out(*a):
    print(*a, flush=True)

if args.list:
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    for m in M:
        out(f"{m['id']:<22} {m['spec']:<9} {m['file']:<36} {m['tests']}")
    sys.exit(0)

def count_in(root, m):
    try:
        with open(os.path.join(root, m["file"]), encoding="utf-8") as f:
            return f.read().count(m["find"])
    except FileNotFoundError:
        return 0

ids = [m["id"] for m in M]
assert len(set(ids)) == len(ids), "duplicate mutation ids"
if args.check:
    stale = [m for m in M if count_in(SRC, m) != 1]
    for m in stale:
        out(f"STALE {m['id']}: the snippet occurs {count_in(SRC, m)} times in {m['file']}")
    out(f"{len(M) - len(stale)} of {len(M)} mutation snippets occur exactly once")
    sys.exit(1 if stale else 0)

if args.all:
    chosen = list(M)
elif args.sample:
    seed = args.seed
    if seed is None:
        try:
            seed = subprocess.run(["git", "-C", SRC, "rev-parse", "HEAD"], capture_output=True, text=True,
                                  check=True).stdout.strip()
        except Exception:
            seed = "0"
    rng = random.Random(int(hashlib.sha256(seed.encode()).hexdigest(), 16))
    pool = M
    if args.fast:  # only mutations whose tests need no GPU: the copy builds the CPU library and unit tests
        pool = [m for m in M if all(t.startswith(("unit_", "schema_")) for t in m["tests"].split())]
    chosen = sorted(rng.sample(pool, min(args.sample, len(pool))), key=lambda m: ids.index(m["id"]))
    out(f"mutate: sample of {len(chosen)} (seed {seed[:12]})")
elif args.ids:
    chosen = [m for m in M if any(fnmatch.fnmatchcase(m["id"], p) for p in args.ids)]
    unknown = [p for p in args.ids if not any(fnmatch.fnmatchcase(m["id"], p) for m in M)]
    if unknown:
        out("mutate: unknown mutation id(s): " + " ".join(unknown) + " (see --list)")
        sys.exit(2)
else:
    ap.print_usage()
    sys.exit(2)

WORK = os.path.abspath(args.dir)
TREE = os.path.join(WORK, "src")
BUILD = os.path.join(WORK, "build")

def source_files():
    try:
        r = subprocess.run(["git", "-C", SRC, "ls-files", "-co", "--exclude-standard", "-z"], capture_output=True,
                           check=True)
        files = [f for f in r.stdout.decode().split("\0") if f]
    except Exception:
        files = []
        for d, dirs, fs in os.walk(SRC):
            dirs[:] = [x for x in dirs if x != ".git" and not x.startswith("build")
                       and not os.path.exists(os.path.join(d, x, "CMakeCache.txt"))]
            files += [os.path.relpath(os.path.join(d, f), SRC) for f in fs]
    work_rel = os.path.relpath(WORK, SRC)
    build_dirs = {}  # folders of the tree that are CMake build directories (not ignored by git, perhaps)
    def in_build_dir(f):
        d = os.path.dirname(f)
        while d:
            if d not in build_dirs:
                build_dirs[d] = os.path.exists(os.path.join(SRC, d, "CMakeCache.txt"))
            if build_dirs[d]:
                return True
            d = os.path.dirname(d)
        return False
    return [f for f in files if not f.startswith(work_rel + os.sep) and not in_build_dir(f)
            and os.path.isfile(os.path.join(SRC, f))]

def sync():
    """Makes TREE a copy of the developer's tree; copies only files whose content differs, so the build of the
    copy stays incremental."""
    files = source_files()
    keep = set(files)
    for f in files:
        s, d = os.path.join(SRC, f), os.path.join(TREE, f)
        with open(s, "rb") as fh:
            data = fh.read()
        try:
            with open(d, "rb") as fh:
                same = fh.read() == data
        except FileNotFoundError:
            same = False
        if not same:
            os.makedirs(os.path.dirname(d), exist_ok=True)
            with open(d, "wb") as fh:
                fh.write(data)
            shutil.copymode(s, d)
    for d, dirs, fs in os.walk(TREE):
        for f in fs:
            rel = os.path.relpath(os.path.join(d, f), TREE)
            if rel not in keep:
                os.remove(os.path.join(d, f))

def run(cmd, log, timeout=None):
    with open(log, "ab") as fh:
        fh.write(("\n$ " + " ".join(cmd) + "\n").encode())
        fh.flush()
        return subprocess.run(cmd, stdout=fh, stderr=subprocess.STDOUT, timeout=timeout).returncode

LOG = os.path.join(WORK, "mutate.log")

_known = None
def known_tests():
    """The ctest names of the copy's build."""
    global _known
    if _known is None:
        r = subprocess.run(["ctest", "--test-dir", BUILD, "-N"], capture_output=True, text=True)
        _known = set()
        for line in r.stdout.splitlines():
            line = line.strip()
            if line.startswith("Test") and ":" in line:
                _known.add(line.split(":", 1)[1].strip())
    return _known

def members(name):
    """A table's test name as ctest tests: itself, or the cases of a split GPU program (gpu_raster stands for
    gpu_raster.paths_match, gpu_raster.coverage, ...: tests/CMakeLists.txt SWARD_SPLIT_GPU_TESTS)."""
    known = known_tests()
    if name in known:
        return [name]
    return sorted(t for t in known if t.startswith(name + "."))

def regex_of(names):
    return "^(" + "|".join(re.escape(t) for n in names for t in members(n)) + ")$"

def group_passed(res, name):
    """A split program passes only if all of its cases ran and passed."""
    cases = members(name)
    return bool(cases) and all(res.get(t, False) for t in cases)

def targets_of(names):
    t = set()
    for n in names:
        if n.startswith("cli_"):
            t.add("sward_cli")
            if n == "cli_embed_host": t.add("sward_example_embed")  # it runs the embedding example too
            if n == "cli_interrupt": t.add("sigstep")  # its interposed write and rename
        elif n == "gpu_example_embed":
            t.add("sward_example_embed")
        elif n.startswith("schema_"):
            t.add("schema_scene_check")  # tests/schema/test_schema.py runs the loader through it
        else:
            t.add(n.split(".", 1)[0])  # a split GPU program's case: its program
    return sorted(t)

def build(targets):
    return run(["cmake", "--build", BUILD, "-j", str(args.jobs), "--target"] + targets, LOG) == 0

def run_tests(regex, tag, env=None):
    """Runs the tests matching regex; returns {name: passed} from ctest's result lines
    ("1/2 Test #13: gpu_blades ......   Passed    0.58 sec", "***Failed", "***Timeout", "Not Run", ...)."""
    # A mutation can make a test hang (a freed buffer the GPU still reads): 5 minutes, then it counts as failed.
    cmd = ["ctest", "--test-dir", BUILD, "-R", regex, "-j", str(args.jobs), "--output-on-failure", "--timeout", "300"]
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env={**os.environ, **(env or {})})
    text = r.stdout.decode("utf-8", "replace")
    with open(LOG, "a", encoding="utf-8") as fh:
        fh.write(f"\n$ {' '.join(f'{k}={v}' for k, v in (env or {}).items())}{' ' if env else ''}{' '.join(cmd)}"
                 f"   [{tag}]\n{text}")
    res = {}
    for line in text.splitlines():
        m = re.match(r"\s*\d+/\d+ Test\s+#\d+: (\S+) \.*\s*(.*)$", line)
        if m:
            res[m.group(1)] = m.group(2).startswith("Passed")
    return res

os.makedirs(TREE, exist_ok=True)
open(LOG, "w").close()
t_start = time.time()
results = []
current = None  # (path, original bytes) of the mutated file, restored in `finally`

def restore():
    global current
    if current:
        path, data = current
        with open(path, "wb") as fh:
            fh.write(data)
        current = None

def on_term(signum, frame):
    raise KeyboardInterrupt
signal.signal(signal.SIGTERM, on_term)
signal.signal(signal.SIGINT, signal.default_int_handler)  # also when started in the background
signal.signal(signal.SIGPIPE, signal.SIG_DFL)

status = 0
try:
    sync()
    # (Re)configure every time: cheap, and new test files in the tree become ctest tests before the build.
    if run(["cmake", "-S", TREE, "-B", BUILD, "-DCMAKE_BUILD_TYPE=RelWithDebInfo"], LOG) != 0:
        out(f"mutate: cmake failed, see {LOG}")
        sys.exit(2)
    # Stale snippets are reported before anything is built.
    runnable = []
    for m in chosen:
        n = count_in(TREE, m)
        if n != 1:
            results.append((m, "STALE", f"snippet occurs {n} times", 0.0))
        else:
            runnable.append(m)
    missing = {m["id"]: [t for t in m["tests"].split() if not members(t)] for m in runnable}
    for m in runnable:
        if missing[m["id"]]:
            results.append((m, "STALE", "no such test: " + " ".join(missing[m["id"]]), 0.0))
    runnable = [m for m in runnable if not missing[m["id"]]]
    all_tests = sorted({t for m in runnable for t in m["tests"].split()})
    if runnable and not args.no_baseline:
        out(f"mutate: baseline: building and running {len(all_tests)} test(s) unmutated")
        if not build(targets_of(all_tests)):
            out(f"mutate: the unmutated tree does not build, see {LOG}")
            sys.exit(2)
        base = run_tests(regex_of(all_tests), "baseline")
        bad = [t for t in all_tests if not group_passed(base, t)]
        if bad:
            out("mutate: these tests fail without any mutation, so they prove nothing: " + " ".join(bad) +
                f" (see {LOG})")
            sys.exit(2)
    for k, m in enumerate(runnable):
        t0 = time.time()
        path = os.path.join(TREE, m["file"])
        with open(path, "rb") as fh:
            original = fh.read()
        current = (path, original)
        with open(path, "wb") as fh:
            fh.write(original.decode("utf-8").replace(m["find"], m["repl"], 1).encode("utf-8"))
        names = m["tests"].split()
        out(f"mutate: [{k + 1}/{len(runnable)}] {m['id']}: {m['file']} -> {' '.join(names)}")
        if not build(targets_of(names)):
            verdict, detail = "BUILD-FAILED", f"see {LOG}"
        else:
            res = run_tests(regex_of(names), m["id"], m["env"])
            passed = [t for t in names if group_passed(res, t)]
            if passed:
                verdict, detail = "SURVIVED", "passed: " + " ".join(passed)
            else:
                verdict, detail = "killed", "failed: " + " ".join(names)
        restore()
        results.append((m, verdict, detail, time.time() - t0))
        out(f"mutate:   {verdict} ({detail}) {time.time() - t0:.0f} s")
except KeyboardInterrupt:
    out("mutate: interrupted; the mutated file is restored")
    status = 130
finally:
    restore()

order = {m["id"]: i for i, m in enumerate(M)}
results.sort(key=lambda r: order[r[0]["id"]])
out("")
out(f"{'mutation':<22} {'SPEC':<9} {'test(s) that must fail':<36} {'result':<13} {'time':>6}")
for m, verdict, detail, dt in results:
    out(f"{m['id']:<22} {m['spec']:<9} {m['tests']:<36} {verdict:<13} {dt:5.0f}s")
bad = [r for r in results if r[1] != "killed"]
for m, verdict, detail, dt in bad:
    out(f"  {m['id']}: {verdict}: {detail}")
out(f"mutate: {sum(r[1] == 'killed' for r in results)} of {len(results)} killed in {time.time() - t_start:.0f} s"
    + (f" (build-mutate log: {LOG})" if bad else ""))
sys.exit(status or (1 if bad or len(results) < len(chosen) else 0))
PY
