#!/usr/bin/env python3
"""Hostile-input generator for the `puzzles` CLI: every command and every batch flag.

Usage: scripts/hostile-inputs.py PUZZLES_BINARY FIXTURES_DIR [SEED] [SCALE]
  e.g. cargo build --release -p puzzles &&
       scripts/hostile-inputs.py target/release/puzzles fixtures 41 3

Runs about 1,700 x SCALE commands (2 at a time) in a fresh temporary folder, which it
leaves behind for a look at what broke: every JSON command and `render` on mangled fixture
inputs (random edits, huge numbers, deep nesting, repeated keys, byte-order marks, raw bytes),
every command on paths that are fifos, devices and links out, the interactive games, and
`batch` with every flag and many combinations over folders of hostile cases and files (a
settings file, links planted at the names it writes, read-only and hard-linked case files,
inputs by path out of the tree, a fifo or device as the step summary). It prints one JSON
object: runs, exits by code, breaks by kind with the first 25. GEN_TIME_LIMIT (seconds,
default 30) is how long a run may take before it counts as a hang.

Oracles (a "break" is any of these):
  - a run killed by a signal, an exit code outside {0,1,2}, or a run over TIME_LIMIT s
  - an `internal` error anywhere (stdout JSON or a batch line)
  - stdout not what its format promises (one JSON value, JSON Lines, XML for junit/svg)
  - a raw control character on stderr
  - the content of a file outside the tree (victim) in any output or picture
  - any change to a file outside the work tree (victim files, planted-link targets)
  - a temporary file left in a case, picture or report folder
  - after --update: a file that no longer parses, lost its BOM, has repeated keys, or
    whose updated cases do not pass on the next run (unless refused on stderr)
  - a read-only file or a hard-linked file changed
"""
import hashlib
import json
import os
import random
import re
import shutil
import stat
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

BIN = os.path.abspath(sys.argv[1])
FIXTURES = os.path.abspath(sys.argv[2])
SEED = int(sys.argv[3]) if len(sys.argv) > 3 else 1
SCALE = int(sys.argv[4]) if len(sys.argv) > 4 else 1
TIME_LIMIT = int(os.environ.get("GEN_TIME_LIMIT", "30"))
rng = random.Random(SEED)
ROOT = tempfile.mkdtemp(prefix="puzzles-hostile-")
VICTIM_DIR = os.path.join(ROOT, "victim")
os.makedirs(VICTIM_DIR)
VICTIM = os.path.join(VICTIM_DIR, "secret.txt")
VICTIM_TEXT = "VICTIM-SECRET-7f3a root:x:0:0\n"
with open(VICTIM, "w") as f:
    f.write(VICTIM_TEXT)

runs = 0
exits = {}
breaks = []
kinds = {}


def digest(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def victim_state():
    # hard links made later into this folder are checked as protected files
    return {VICTIM: digest(VICTIM), VICTIM_DIR: sorted(n for n in os.listdir(VICTIM_DIR) if not n.startswith("hard-"))}


VICTIM0 = victim_state()


def broke(kind, what):
    breaks.append((kind, what[:600]))
    kinds[kind] = kinds.get(kind, 0) + 1


CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f\x80-\x9f]")


def check_stderr(stderr, what):
    # a `\u{1b}` written as text is fine; a raw ESC is not.
    if CONTROL.search(stderr.replace("\n", "").replace("\t", "")):
        broke("raw control character on stderr", what + " :: " + repr(stderr[:200]))


def run(args, stdin=b"", cwd=None, env=None, what="", may_read_victim=False):
    global runs
    runs += 1
    full_env = dict(os.environ)
    full_env.pop("GITHUB_STEP_SUMMARY", None)
    full_env["PUZZLES_CACHE_DIR"] = os.path.join(ROOT, "cache-default")
    if env:
        full_env.update(env)
    try:
        p = subprocess.run([BIN] + args, input=stdin, capture_output=True, cwd=cwd or ROOT,
                           env=full_env, timeout=TIME_LIMIT)
    except subprocess.TimeoutExpired:
        broke("hang", f"{what} {args}")
        return None
    exits[p.returncode] = exits.get(p.returncode, 0) + 1
    if p.returncode < 0:
        broke("signal", f"{what} {args} signal {-p.returncode}")
    elif p.returncode not in (0, 1, 2):
        broke("exit code", f"{what} {args} exit {p.returncode}")
    out = p.stdout.decode("utf-8", "replace")
    err = p.stderr.decode("utf-8", "replace")
    if "panicked" in err or "internal error" in err:
        broke("internal", f"{what} {args}: {err[:300]}")
    check_stderr(err, f"{what} {args}")
    if not may_read_victim and ("VICTIM-SECRET" in out or "VICTIM-SECRET" in err):
        broke("victim content in output", f"{what} {args}")
    return p, out, err


# ---------------------------------------------------------------- seeds
def seeds():
    cases = []
    for dirpath, _, names in os.walk(FIXTURES):
        for n in sorted(names):
            p = os.path.join(dirpath, n)
            if n.endswith(".json"):
                try:
                    cases.append((p, json.load(open(p))))
                except Exception:
                    pass
            elif n.endswith(".jsonl"):
                for line in open(p):
                    if line.strip():
                        try:
                            cases.append((p, json.loads(line)))
                        except Exception:
                            pass
    out = []
    for p, c in cases:
        if isinstance(c, dict) and isinstance(c.get("input"), dict):
            inp = dict(c["input"])
            # short limits so a mangled number cannot make a long job
            if "timeout_ms" in inp or c["command"] in ("solve", "simulate", "tree", "mate", "selfplay"):
                inp["timeout_ms"] = 300
            out.append((c["game"], c["command"], inp, c.get("expect")))
    return out


SEEDS = seeds()
COMMANDS = sorted({(g, c) for g, c, _, _ in SEEDS})
RENDER_OF = {"nonogram": "solve", "fitpuzzle": "solve", "blockdoku": "clear", "baseball": "solve",
             "renju": "check"}

PIECES = ["\u0000", "\u001b[2J", "\u009b", "\uffff", "\ufffe", "\u202e", "\ud7ff", "<", "&", "]]>",
          "\n", "\r", "\t", "\\", "\"", "%", "::", ",", "{", "}", "[", "]", "é", "𝕏" * 3, "\u0085"]
NUMBERS = [0, -1, 1, 2 ** 31, 2 ** 53 + 1, 2 ** 64, -(2 ** 63), 1e308, 1.5, 4096, 65536, 10 ** 6, 10 ** 400,
           -(10 ** 30)]


def mangle_value(v, depth=0):
    r = rng.random()
    if isinstance(v, dict) and v:
        k = rng.choice(list(v))
        v = dict(v)
        if r < 0.15:
            del v[k]
        elif r < 0.25:
            v["unknown" + rng.choice(PIECES)] = 1
        else:
            v[k] = mangle_value(v[k], depth + 1)
        return v
    if isinstance(v, list) and v:
        v = list(v)
        i = rng.randrange(len(v))
        if r < 0.2:
            del v[i]
        elif r < 0.35:
            v.append(v[i])
        elif r < 0.4:
            v = v * rng.choice([2, 50, 500])
        else:
            v[i] = mangle_value(v[i], depth + 1)
        return v
    if isinstance(v, str):
        if r < 0.4:
            i = rng.randrange(len(v) + 1)
            return v[:i] + rng.choice(PIECES) + v[i:]
        if r < 0.5:
            return v * rng.choice([2, 100, 5000])
        if r < 0.6:
            return ""
        return rng.choice([None, 7, [], {}, True])
    if isinstance(v, bool) or v is None:
        return rng.choice([True, False, None, 0, "x"])
    if isinstance(v, (int, float)):
        return rng.choice(NUMBERS + [v + 1, v - 1, -v])
    return v


def text_mangle(text):
    r = rng.random()
    if r < 0.2:
        # a repeated key somewhere
        m = list(re.finditer(r'"(\w+)":\s*([^,{}\[\]]+)', text))
        if m:
            x = rng.choice(m)
            return text[:x.end()] + f', "{x.group(1)}": {x.group(2)}' + text[x.end():]
    if r < 0.3:
        return "\ufeff" + text
    if r < 0.4:
        i = rng.randrange(len(text) + 1)
        return text[:i] + rng.choice(PIECES + ["\\u0000", "\\ud800", "\\uffff"]) + text[i:]
    if r < 0.45:
        return text[: rng.randrange(len(text) + 1)]
    if r < 0.5:
        return "[" * 200 + text
    if r < 0.53:
        # deep nesting inside a value
        m = list(re.finditer(r':\s*', text))
        if m:
            x = rng.choice(m)
            depth = rng.choice([100, 5000, 200000])
            return text[:x.end()] + "[" * depth + "1" + "]" * depth + ", \"zz\": " + text[x.end():]
    if r < 0.56:
        m = list(re.finditer(r'-?\d+(\.\d+)?', text))
        if m:
            x = rng.choice(m)
            return text[:x.start()] + rng.choice(["1e999999", "-0", "9" * 500, "0.0000000001e-400", "1E+2"]) + text[x.end():]
    return text


def hostile_input(game, command, inp):
    v = inp
    for _ in range(rng.choice([0, 1, 1, 2, 3])):
        v = mangle_value(v)
    if isinstance(v, dict) and "timeout_ms" in v and not isinstance(v["timeout_ms"], int):
        v["timeout_ms"] = 300
    if isinstance(v, dict) and ("timeout_ms" in v or command in ("solve", "simulate", "tree", "mate", "selfplay")):
        v["timeout_ms"] = rng.choice([0, 1, 300])
    return text_mangle(json.dumps(v, ensure_ascii=rng.random() < 0.5))


def check_single(res, args, what, svg=False, pretty=False):
    if res is None:
        return
    p, out, err = res
    if p.returncode == 0:
        if svg:
            if not out.startswith("<?xml") or not xml_ok(out):
                broke("svg not XML", what)
        else:
            try:
                json.loads(out)
            except Exception:
                broke("stdout not JSON", f"{what}: {out[:200]}")
    elif p.returncode == 2:
        try:
            e = json.loads(out)["error"]
            if e["kind"] == "internal":
                broke("internal", f"{what}: {e}")
        except Exception:
            broke("error not JSON", f"{what}: {out[:200]} {err[:200]}")
        if "\n" in err.rstrip("\n"):
            broke("error is not one stderr line", f"{what}: {err[:300]}")


def xml_ok(text):
    import xml.dom.minidom
    try:
        xml.dom.minidom.parseString(text.encode("utf-8"))
        return True
    except Exception:
        return False


# ---------------------------------------------------------------- single commands
def single_jobs():
    jobs = []
    work = os.path.join(ROOT, "single")
    os.makedirs(work)
    os.symlink(VICTIM, os.path.join(work, "link-to-victim.json"))
    os.symlink("/dev/zero", os.path.join(work, "zero.non"))
    os.mkfifo(os.path.join(work, "fifo.json"))
    for n in range(60 * SCALE):
        for game, command in COMMANDS:
            inp = rng.choice([s[2] for s in SEEDS if s[0] == game and s[1] == command])
            text = hostile_input(game, command, inp)
            flags = []
            if rng.random() < 0.3:
                flags.append("--pretty")
            if command in ("solve", "simulate", "tree", "mate", "selfplay") and rng.random() < 0.3:
                # (`--timeout 0` is no limit at all: a hostile size may then run for hours,
                # as the user asked)
                flags += ["--timeout", rng.choice(["1", "300"])]
            jobs.append(("single", [game, command] + flags, text.encode("utf-8", "surrogatepass"), None))
        for game, of in RENDER_OF.items():
            seeds_of = [s[2] for s in SEEDS if s[0] == game and s[1] == of]
            if seeds_of:
                text = hostile_input(game, "render", rng.choice(seeds_of))
                jobs.append(("render", [game, "render"], text.encode("utf-8", "surrogatepass"), None))
    # INPUT paths that are not regular files, links out, formats
    for path in ["fifo.json", "zero.non", "link-to-victim.json", "/dev/urandom", "/proc/self/environ",
                 ".", "missing.json"]:
        for game, command in COMMANDS:
            extra = ["--format", "non"] if (game, command) == ("nonogram", "solve") and rng.random() < 0.5 else []
            jobs.append(("single-path", [game, command] + extra + [path], b"", work))
    # raw bytes on stdin
    for n in range(20 * SCALE):
        game, command = rng.choice(COMMANDS)
        blob = bytes(rng.randrange(256) for _ in range(rng.choice([0, 1, 10, 1000, 100000])))
        jobs.append(("single", [game, command], blob, None))
    # interactive games with hostile lines
    for n in range(10 * SCALE):
        lines = "\n".join(rng.choice(["123", "1s1b", "undo", "quit", "3s", "x" * 5000, "\u001b[2J", "0s0b", "", "9" * 40])
                          for _ in range(rng.randrange(1, 30)))
        cmd = rng.choice([["baseball", "play", "--secret", "123"], ["baseball", "guess"],
                          ["baseball", "play", "--length", rng.choice(["0", "1", "11", "4"])]])
        jobs.append(("interactive", cmd, lines.encode(), None))
    # schema, completions, man
    for a in (["schema"], ["schema", "batch"], ["schema", "renju", "mate", "--pretty"], ["schema", "x\u001b"],
              ["completions", "bash"], ["completions", "zsh"], ["man"], ["nonogram"], [], ["batch"],
              ["--version"], ["renju", "check", "--timeout", "5"], ["nonogram", "solve", "--format", "gif"],
              ["man", "--dir", "single/fifo.json"], ["man", "--dir", "single/link-to-victim.json"],
              ["man", "--dir", "/dev/null"], ["man", "--dir", "single/pages"], ["schema", "baseball", "play"],
              ["completions", "nosuch"], ["baseball", "play", "--length", "99"], ["baseball", "guess", "--alphabet", ""]):
        jobs.append(("tool", a, b"", None))
    return jobs


def do_single(job):
    kind, args, stdin, cwd = job
    # A path the user names as INPUT is read, wherever it leads: that is the user's choice.
    res = run(args, stdin, cwd=cwd, what=kind, may_read_victim=(kind == "single-path"))
    if kind == "interactive":
        return
    if kind == "tool":
        return
    check_single(res, args, f"{kind} {args} {stdin[:120]!r}", svg=(kind == "render"))


# ---------------------------------------------------------------- batch
FLAG_SETS = [
    [], ["--jobs", "1"], ["--jobs", "7"], ["--shard", "1/3"], ["--shard", "3/3"], ["--filter", "judge"],
    ["--skip", "renju"], ["--exclude", "*.jsonl"], ["--exclude", "sub/**"], ["--fail-fast"],
    ["--durations", "3"], ["--no-cache"], ["--last-failed"], ["--render", "PICS"],
    ["--report", "junit"], ["--report", "github"], ["--report", "summary"],
    ["--report", "junit=REP/r.xml", "--report", "github=REP/g.txt"],
    ["--report", "junit=REP/r.xml", "--report", "jsonl=REP/./r.xml"],
    ["--report", "summary=REP/s.json", "--report", "jsonl"],
    ["--report", "junit=/dev/stdout"], ["--report", "jsonl=/dev/null"],
    ["--report", "junit=REP/link.xml"],
    ["--update"], ["--update=missing"], ["--update", "--render", "PICS"], ["--allow-input-outside"],
    ["--update=missing", "--allow-input-outside"],
    ["--changed", "c/a.jsonl"], ["--changed", "c/in/dancer.non"], ["--changed", "missing.json"],
    ["--list"], ["--list", "--report", "human"], ["--name-missing"], ["--name-missing", "--update"],
    ["--report", "human"], ["--report", "human=REP/h.txt"], ["--report", "jsonl=REP/j.jsonl"],
    ["--report", "summary=REP/s.json"], ["--report", "bogus"], ["--report", "junit=REP"],
    ["--render", "REP/r.xml"], ["--render", "c"], ["--jobs", "0"], ["--jobs", "100000"],
    ["--shard", "0/3"], ["--shard", "4/3"], ["--shard", "x"], ["--durations", "0"],
    ["--durations", "-1"], ["--filter", ""], ["--skip", ""], ["--exclude", "["],
    ["--lf"], ["--update=bogus"], ["--changed", "c/in/fifo.non"], ["--changed", "/dev/zero"], ["--report", "junit=REP/j\u001b.xml"],
]


def build_tree(n):
    """A folder of cases: good, mangled, bad bytes, BOMs, inputs by path (inside, outside,
    links, fifos), read-only and hard-linked and symlinked files, planted links at old
    temporary names and picture names, a cache folder, a fifo case file."""
    d = os.path.join(ROOT, f"tree{n}")
    os.makedirs(os.path.join(d, "c/sub"))
    os.makedirs(os.path.join(d, "c/in"))
    os.makedirs(os.path.join(d, "PICS"))
    os.makedirs(os.path.join(d, "REP"))
    shutil.copy(os.path.join(FIXTURES, "nonogram/solve-dancer.non"), os.path.join(d, "c/in/dancer.non"))
    os.symlink(VICTIM, os.path.join(d, "c/in/victim.non"))
    os.symlink(VICTIM, os.path.join(d, "REP/link.xml")) if rng.random() < 0.3 else None
    os.mkfifo(os.path.join(d, "c/in/fifo.non"))
    lines = []
    for k in range(rng.choice([5, 30, 120])):
        game, command, inp, expect = rng.choice(SEEDS)
        case = {"game": game, "command": command}
        r = rng.random() * (0.5 if n % 3 == 0 else 1)  # a third of the trees hold only good cases
        if r < 0.5:
            case["input"] = json.loads(json.dumps(inp))
            if "timeout_ms" in case["input"]:
                case["input"]["timeout_ms"] = 300
        elif r < 0.75:
            case["input"] = "@@INPUT@@"
        else:
            case["input"] = rng.choice(["in/dancer.non", "in/victim.non", "../../victim/secret.txt",
                                        VICTIM, "in/fifo.non", "/dev/zero", "in/../in/dancer.non",
                                        "sub/../../c/in/dancer.non", "missing.non"])
            case["game"], case["command"] = "nonogram", rng.choice(["solve", "solve", "check"])
        if expect is not None and rng.random() < 0.7:
            case["expect"] = mangle_value(expect) if rng.random() < 0.4 else expect
        text = json.dumps(case, ensure_ascii=rng.random() < 0.5)
        if "@@INPUT@@" in text:
            text = text.replace('"@@INPUT@@"', hostile_input(game, command, inp).replace("\n", " ").replace("\r", " "))
        if rng.random() < 0.15 and n % 3:
            text = text_mangle(text).replace("\n", " ")
        lines.append(text)
    bom = "\ufeff" if rng.random() < 0.3 else ""
    half = len(lines) // 2
    with open(os.path.join(d, "c/a.jsonl"), "w", encoding="utf-8", errors="surrogatepass") as f:
        f.write(bom + "\n".join(lines[:half]) + "\n")
    for i, text in enumerate(lines[half:half + 10]):
        with open(os.path.join(d, f"c/sub/{i}.json"), "w", encoding="utf-8", errors="surrogatepass") as f:
            f.write(("\ufeff" if rng.random() < 0.3 else "") + text)
    with open(os.path.join(d, "c/b.jsonl"), "wb") as f:
        bad = b"\xff\xfe not utf-8\n" if rng.random() < 0.5 else b""
        f.write(bad + "\n".join(lines[half + 10:]).encode("utf-8", "surrogatepass"))
    # hostile file kinds
    if rng.random() < 0.3:
        os.mkfifo(os.path.join(d, "c/sub/fifo.jsonl"))
    if rng.random() < 0.3:
        os.symlink("/dev/zero", os.path.join(d, "c/sub/zero.jsonl"))
    if rng.random() < 0.3:
        os.symlink(VICTIM, os.path.join(d, "c/sub/victim.json"))
    if rng.random() < 0.5:
        os.symlink(VICTIM, os.path.join(d, "c/.a.jsonl.puzzles-update"))
        os.symlink(VICTIM, os.path.join(d, "PICS/a-1.svg"))
    protected = []
    if rng.random() < 0.4:
        p = os.path.join(d, "c/sub/0.json")
        if os.path.exists(p):
            os.chmod(p, 0o444)
            protected.append(p)
    if rng.random() < 0.3:
        p = os.path.join(d, "c/sub/1.json")
        if os.path.exists(p):
            os.link(p, os.path.join(VICTIM_DIR, f"hard-{n}.json"))
            protected.append(p)
    if rng.random() < 0.3:
        # the linked case file lives outside: update follows the link (that is the
        # contract), so it is not a victim but must still parse afterwards
        real = os.path.join(d, "real.jsonl")
        shutil.copy(os.path.join(d, "c/a.jsonl"), real)
        os.symlink(real, os.path.join(d, "c/linked.jsonl"))
    if rng.random() < 0.3:
        # the repository root is this tree, with a hostile settings file
        os.makedirs(os.path.join(d, ".git"))
        toml = os.path.join(d, "puzzles.toml")
        kind = rng.choice(["good", "bom", "broken", "repeated", "report", "fifo", "zero", "huge", "ctl"])
        text = {"good": '[batch]\npaths = ["c"]\n', "bom": '\ufeff[batch]\npaths = ["c"]\nexclude = ["sub"]\n',
                "broken": "[batch\npaths = \n", "repeated": '[batch]\npaths = ["c"]\npaths = ["c/sub"]\n',
                "report": '[batch]\npaths = ["c"]\nreport = ["junit=REP/t.xml", "jsonl=REP/./t.xml"]\n',
                "huge": "[batch]\npaths = [" + ", ".join(['"c"'] * 100000) + "]\n",
                "ctl": '[batch]\npaths = ["c\u001b[2J"]\nunknown = 1\n'}.get(kind)
        if kind == "fifo":
            os.mkfifo(toml)
        elif kind == "zero":
            os.symlink("/dev/zero", toml)
        else:
            with open(toml, "w", encoding="utf-8") as f:
                f.write(text)
    return d, [(p, digest(p)) for p in protected]


def temp_leftovers(d):
    left = []
    for dirpath, _, names in os.walk(d):
        for n in names:
            if n.endswith(".tmp") and n.startswith("."):
                left.append(os.path.join(dirpath, n))
    return left


def do_batch(n):
    try:
        do_batch_checked(n)
    except Exception as e:  # a fault of the generator, counted apart
        kinds["generator error"] = kinds.get("generator error", 0) + 1
        print(f"generator error in tree{n}: {e!r}", file=sys.stderr)


def do_batch_checked(n):
    d, protected = build_tree(n)
    flags = list(rng.choice(FLAG_SETS))
    if rng.random() < 0.4:
        flags += rng.choice(FLAG_SETS)
    env = {}
    r = rng.random()
    if r < 0.2:
        env["PUZZLES_CACHE_DIR"] = os.path.join(d, "c")  # a folder puzzles did not make
    elif r < 0.4:
        env["PUZZLES_CACHE_DIR"] = os.path.join(d, ".cache")
    else:
        env["PUZZLES_CACHE_DIR"] = os.path.join(d, ".cache")
    if rng.random() < 0.2:
        fifo = os.path.join(d, "summary-fifo")
        os.mkfifo(fifo)
        env["GITHUB_STEP_SUMMARY"] = rng.choice([os.path.join(d, "summary.md"), "/dev/zero", fifo,
                                                 os.path.join(d, "REP/r.xml")])
    paths = rng.choice([["c"], ["c", "c/a.jsonl"], ["c/a.jsonl", "./c/a.jsonl"], ["c/a.jsonl:1", "c/a.jsonl"],
                        ["c/sub", "c"], ["c", "missing.json"], ["."], ["c/a.jsonl#nosuch"], ["c/a.jsonl:999999"]])
    if os.path.isdir(os.path.join(d, ".git")) and rng.random() < 0.5:
        paths = []  # the settings file says what to run
    from_stdin = rng.random() < 0.15 and not any(f.startswith("--update") or f == "--last-failed" for f in flags)
    args = ["batch"] + flags
    stdin = b""
    if from_stdin:
        args += ["-"]
        with open(os.path.join(d, "c/a.jsonl"), "rb") as f:
            stdin = f.read()
    else:
        args += paths
    before = {p: open(p, "rb").read() for p in [os.path.join(d, "c/a.jsonl")] if os.path.exists(p)}
    allowed = "--allow-input-outside" in args
    res = run(args, stdin, cwd=d, env=env, what=f"batch tree{n}", may_read_victim=allowed)
    if res is None:
        return
    p, out, err = res
    # stdout format
    report_on_stdout = "jsonl"
    for i, f in enumerate(flags):
        if f == "--report" and i + 1 < len(flags) and "=" not in flags[i + 1]:
            report_on_stdout = flags[i + 1]
    if p.returncode in (0, 1) or (p.returncode == 2 and not out.startswith('{"error"')):
        if report_on_stdout == "human":
            if CONTROL.search(out.replace("\n", "").replace("\t", "")):
                broke("raw control character in the human report", f"tree{n} {args}")
        elif report_on_stdout in ("jsonl", "github"):
            for line in out.split("\n")[:-1]:
                try:
                    obj = json.loads(line)
                except Exception:
                    broke("batch line not JSON", f"tree{n} {args}: {line[:200]}")
                    break
                e = obj.get("error") or {}
                if e.get("kind") == "internal":
                    broke("internal in batch", f"tree{n} {args}: {e}")
        elif report_on_stdout == "junit" and out.strip():
            if not xml_ok(out):
                broke("junit not XML", f"tree{n} {args}")
        elif report_on_stdout == "summary" and out.strip():
            try:
                json.loads(out)
            except Exception:
                broke("summary not JSON", f"tree{n} {args}")
    for pic in os.listdir(os.path.join(d, "PICS")):
        pp = os.path.join(d, "PICS", pic)
        if os.path.islink(pp):
            continue
        t = open(pp, encoding="utf-8", errors="replace").read()
        if "VICTIM" in t and not allowed:
            broke("victim content in picture", f"tree{n} {pic}")
        if not xml_ok(t):
            broke("picture not XML", f"tree{n} {pic}")
    for rep in ("r.xml", "g.txt", "s.json"):
        rp = os.path.join(d, "REP", rep)
        if env.get("GITHUB_STEP_SUMMARY") == rp:
            continue  # the step summary's Markdown, appended where the environment said
        if os.path.isfile(rp) and not os.path.islink(rp) and rep == "r.xml":
            t = open(rp, encoding="utf-8", errors="replace").read()
            if t and not xml_ok(t):
                broke("junit file not XML", f"tree{n} {args}")
    for path, h in protected:
        if digest(path) != h:
            broke("protected file changed", f"tree{n} {path} {args}")
    left = temp_leftovers(d)
    if left:
        broke("temporary file left", f"tree{n} {left}")
    gi = os.path.join(d, "c/.gitignore")
    if os.path.exists(gi):
        broke(".gitignore written into a folder puzzles did not make", f"tree{n} {args}")
    if any(f.startswith("--update") for f in flags) and not from_stdin:
        check_updated(d, n, args, env, err, before)


def check_updated(d, n, args, env, err, before):
    path = os.path.join(d, "c/a.jsonl")
    raw = open(path, "rb").read()
    old = before.get(path, b"")
    if old.startswith(b"\xef\xbb\xbf") and not raw.startswith(b"\xef\xbb\xbf"):
        broke("BOM lost by --update", f"tree{n}")
    if "updated" not in err:
        return
    kinds["note: runs that updated a file"] = kinds.get("note: runs that updated a file", 0) + 1
    # the rewritten cases pass now (those the update accepted), and no key repeats
    flags = [a for a in args if a != "--render" and a != "PICS"]
    allowed = "--allow-input-outside" in args
    res = run(["batch", "--no-cache", "c/a.jsonl"] + (["--allow-input-outside"] if allowed else []),
              cwd=d, env=env, what=f"rerun tree{n}", may_read_victim=allowed)
    if res is None:
        return
    p, out, e2 = res
    updated = set(re.findall(r"puzzles batch: updated (\S+):", err))
    for line in out.split("\n")[:-1]:
        try:
            obj = json.loads(line)
        except Exception:
            continue
        if obj.get("case") in updated and obj.get("pass") is False:
            # a verdict that depends on the clock (timeouts) may move; say which
            v = json.dumps(obj.get("verdict"))
            if "timeout" in v or "elapsed" in v or "nodes" in v:
                kinds["note: clock-dependent verdict moved after update"] = kinds.get(
                    "note: clock-dependent verdict moved after update", 0) + 1
                continue
            broke("updated case fails next run", f"tree{n} {obj['case']}: {obj['mismatches'][:2]}")
        e = obj.get("error") or {}
        if obj.get("case") in updated and "duplicate field" in e.get("message", ""):
            broke("update wrote a repeated key", f"tree{n} {obj['case']}")


def do_watch(n):
    """`batch --watch`: the first run, one change to a case file, a second run, then Ctrl-C."""
    import signal
    import time
    global runs
    d, _ = build_tree(10000 + n)
    args = ["batch", "--watch", "--no-cache"] + rng.choice([[], ["--report", "human"], ["--fail-fast"]]) + ["c"]
    runs += 1
    env = dict(os.environ)
    env.pop("GITHUB_STEP_SUMMARY", None)
    p = subprocess.Popen([BIN] + args, cwd=d, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    time.sleep(2)
    with open(os.path.join(d, "c/a.jsonl"), "a", encoding="utf-8") as f:
        f.write(rng.choice(['{"game":"baseball","command":"judge","input":{"secret":"123","guess":"134"}}\n',
                            "\ufeff{not json\n", '{"game":"x","game":"y"}\n']))
    time.sleep(2)
    p.send_signal(signal.SIGINT)
    try:
        out, err = p.communicate(timeout=10)
    except subprocess.TimeoutExpired:
        p.kill()
        out, err = p.communicate()
        broke("hang", f"watch tree{n} ignores Ctrl-C")
        return
    err = err.decode("utf-8", "replace")
    if "panicked" in err:
        broke("internal", f"watch tree{n}: {err[:300]}")
    check_stderr(err, f"watch tree{n} {args}")


def main():
    jobs = single_jobs()
    rng.shuffle(jobs)
    with ThreadPoolExecutor(max_workers=2) as pool:
        list(pool.map(do_single, jobs))
        list(pool.map(do_batch, range(150 * SCALE)))
        list(pool.map(do_watch, range(4 * SCALE)))
    if victim_state() != VICTIM0:
        broke("victim changed", str(victim_state()))
    print(json.dumps({"seed": SEED, "runs": runs, "exits": {str(k): v for k, v in sorted(exits.items())},
                      "breaks": len(breaks), "by_kind": kinds,
                      "first": breaks[:25]}, indent=1, ensure_ascii=False))


main()
