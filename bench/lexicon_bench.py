"""Dictionary speed and memory: referee.lexicon against plain Python sets, measured in one run.

    python bench/lexicon_bench.py [--words 20000] [--pairs 3000]

Each side runs in a fresh subprocess so the resident memory it adds is its own:
RSS is read before the import and again after every dictionary has been used.
The "set" side is the simplest alternative: one text file per word list
(exported from the same data), each loaded into a Python set.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # a path only: nothing is imported before RSS is measured
LISTS = ("standard", "large", "junior", "american", "british")


def rss_kb() -> int:
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def percentiles(samples_ns: list[int]) -> dict:
    ordered = sorted(samples_ns)
    pick = lambda q: ordered[min(len(ordered) - 1, int(q * len(ordered)))] / 1000  # noqa: E731
    return {"p50_us": pick(0.50), "p99_us": pick(0.99), "max_us": ordered[-1] / 1000,
            "mean_us": statistics.fmean(ordered) / 1000}


def timed(call, items) -> dict:
    """Wall-clock percentiles, plus CPU-time ones (immune to other processes taking the CPU)."""
    wall, cpu = [], []
    for item in items:
        start, start_cpu = time.perf_counter_ns(), time.thread_time_ns()
        call(item)
        cpu.append(time.thread_time_ns() - start_cpu)
        wall.append(time.perf_counter_ns() - start)
    return {**percentiles(wall), "cpu": percentiles(cpu)}


def workload(n_words: int, n_pairs: int) -> dict:
    """Sample words (two thirds real, one third made up) and thesaurus pairs, fixed seed."""
    from referee.lexicon import Dictionaries
    data = Dictionaries()
    rng = random.Random(1234)
    keys = [k for k, _ in data.words.table.items()]
    lemmas = [k for k, _ in data.wordnet.lemmas.items() if " " not in k]
    made_up = ["".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(rng.randint(3, 9)))
               for _ in range(n_words // 3)]
    words = rng.sample(keys, n_words - len(made_up)) + made_up
    rng.shuffle(words)
    checks = [[w, rng.choice(LISTS)] for w in words]
    pairs = [list(rng.sample(lemmas, 2)) for _ in range(n_pairs)]
    pairs += [["abandon", "desert"], ["hot", "cold"], ["hot", "table"], ["happy", "sad"]] * 5
    return {"checks": checks, "pairs": pairs}


def export_sets(folder: Path) -> None:
    """One plain text file per list, one word per line: the input of the simple alternative."""
    from referee.lexicon import Dictionaries
    from referee.lexicon.catalog import BY_ID
    from referee.lexicon.words import unpack
    table = Dictionaries().words.table
    files = {lid: open(folder / f"{lid}.txt", "w", encoding="utf-8") for lid in LISTS}
    for word, value in table.items():
        masks = unpack(value)
        for lid, out in files.items():
            if masks["w"] & BY_ID[lid]["bit"]:
                out.write(word + "\n")
    for out in files.values():
        out.close()


def run_lexicon(job: dict) -> dict:
    if job.get("parent"):
        import referee  # noqa: F401  the app package (Flask...) is loaded in a server anyway
    before = rss_kb()
    start = time.perf_counter()
    import referee.lexicon as lexicon
    imported = time.perf_counter()
    for lid in LISTS:
        lexicon.check("table", lid)
    lexicon.relation("hot", "cold")
    lexicon.define("desert")
    first_use = time.perf_counter()
    checks = timed(lambda item: lexicon.check(item[0], item[1]), job["checks"])
    relations = timed(lambda pair: lexicon.relation(pair[0], pair[1]), job["pairs"])
    valid = sum(lexicon.check(w, lid)["valid"] for w, lid in job["checks"])
    return {"import_ms": (imported - start) * 1000, "first_use_ms": (first_use - imported) * 1000,
            "rss_added_mb": (rss_kb() - before) / 1024, "check": checks, "relation": relations,
            "valid": valid}


def run_sets(job: dict) -> dict:
    before = rss_kb()
    start = time.perf_counter()
    folder = Path(job["folder"])
    sets = {lid: set((folder / f"{lid}.txt").read_text(encoding="utf-8").split()) for lid in LISTS}
    loaded = time.perf_counter()
    checks = timed(lambda item: item[0].strip().lower() in sets[item[1]], job["checks"])
    valid = sum(w.strip().lower() in sets[lid] for w, lid in job["checks"])
    return {"import_ms": 0.0, "first_use_ms": (loaded - start) * 1000,
            "rss_added_mb": (rss_kb() - before) / 1024, "check": checks, "relation": None,
            "valid": valid}


def child(kind: str, job_path: str) -> None:
    job = json.loads(Path(job_path).read_text())
    result = run_lexicon(job) if kind == "lexicon" else run_sets(job)
    print(json.dumps(result))


def spawn(kind: str, job_path: Path) -> dict:
    out = subprocess.run([sys.executable, __file__, "--child", kind, str(job_path)],
                         check=True, capture_output=True, text=True, cwd=ROOT)
    return json.loads(out.stdout)


def table(rows: list[tuple]) -> str:
    widths = [max(len(str(row[i])) for row in rows) for i in range(len(rows[0]))]
    return "\n".join("  ".join(str(cell).rjust(w) for cell, w in zip(row, widths)) for row in rows)


def fmt(value, unit="") -> str:
    return "-" if value is None else f"{value:,.2f}{unit}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--words", type=int, default=20_000)
    parser.add_argument("--pairs", type=int, default=3_000)
    parser.add_argument("--child", nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        return child(*args.child)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        export_sets(folder)
        job = {**workload(args.words, args.pairs), "folder": str(folder)}
        (folder / "job.json").write_text(json.dumps(job))
        lex, sets = spawn("lexicon", folder / "job.json"), spawn("set", folder / "job.json")
        (folder / "job.json").write_text(json.dumps({**job, "parent": True}))
        lex_in_app = spawn("lexicon", folder / "job.json")
        text_mb = sum(os.path.getsize(folder / f"{lid}.txt") for lid in LISTS) / 1e6
    data_mb = sum(p.stat().st_size for p in (ROOT / "dictionaries").glob("*.tbl")) / 1e6
    rows = [("", "referee.lexicon", "python set(s)", "target"),
            ("import (ms)", fmt(lex["import_ms"]), "-", "< 500 with first use"),
            ("  import after `referee` (ms)", fmt(lex_in_app["import_ms"]), "-", ""),
            ("first use of all lists (ms)", fmt(lex["first_use_ms"]), fmt(sets["first_use_ms"]), "< 500"),
            ("added RSS (MB)", fmt(lex["rss_added_mb"]), fmt(sets["rss_added_mb"]), "< 30"),
            ("  added RSS after `referee` (MB)", fmt(lex_in_app["rss_added_mb"]), "-", ""),
            ("word check p50 (us)", fmt(lex["check"]["p50_us"]), fmt(sets["check"]["p50_us"]), ""),
            ("word check p99 (us)", fmt(lex["check"]["p99_us"]), fmt(sets["check"]["p99_us"]), "< 1000"),
            ("word check max (us)", fmt(lex["check"]["max_us"]), fmt(sets["check"]["max_us"]), ""),
            ("  CPU-time p99 (us)", fmt(lex["check"]["cpu"]["p99_us"]), fmt(sets["check"]["cpu"]["p99_us"]), ""),
            ("relation p50 (us)", fmt(lex["relation"]["p50_us"]), "-", ""),
            ("relation p99 (us)", fmt(lex["relation"]["p99_us"]), "-", "< 5000"),
            ("relation max (us)", fmt(lex["relation"]["max_us"]), "-", ""),
            ("  CPU-time p99 (us)", fmt(lex["relation"]["cpu"]["p99_us"]), "-", ""),
            ("data on disk (MB)", fmt(data_mb), fmt(text_mb) + " (word lists only)", "")]
    print(f"{args.words:,} word checks over 5 lists, {len(job['pairs']):,} relation verdicts")
    print(table(rows))
    agree = "yes" if lex["valid"] == sets["valid"] else f"NO ({lex['valid']} vs {sets['valid']})"
    print(f"valid verdicts agree between the two: {agree}")
    print(f"machine: {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.2f} (wall-clock tails include "
          "time the OS gave to other processes; CPU-time rows exclude it)")


if __name__ == "__main__":
    main()
