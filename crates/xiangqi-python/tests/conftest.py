"""Shared paths and the `xq` command line the tests compare the package with.

The repository's own test data is used: the rule-book corpus of the referee's tests, the
records of the records crate's tests, the fuzz seeds. `xq` is looked up in `XQ_BIN`, then
in the workspace's target directory; CI sets `XQ_BIN` (after `cargo test --workspace` has
built it), and a test that needs `xq` fails there if it is missing instead of skipping.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path
from typing import List, Optional

import pytest

CRATE = Path(__file__).resolve().parents[1]
REPO = CRATE.parents[1]
CORPUS = REPO / "crates" / "xiangqi-referee" / "tests" / "data" / "rulebook-cases.jsonl"
RECORDS = REPO / "crates" / "xiangqi-records" / "tests" / "data"
SEEDS = REPO / "fuzz" / "seeds"


def _find_xq() -> Optional[Path]:
    env = os.environ.get("XQ_BIN")
    if env:
        path = Path(env)
        if not path.is_file():
            raise RuntimeError(f"XQ_BIN={env} is not a file")
        return path
    for profile in ("debug", "release"):
        path = REPO / "target" / profile / "xq"
        if path.is_file():
            return path
    return None


XQ = _find_xq()


@pytest.fixture
def xq():
    """Runs `xq` with arguments; returns stdout. Skips (locally only) without a built xq."""
    if XQ is None:
        if os.environ.get("CI"):
            pytest.fail("xq is not built and CI is set: set XQ_BIN or run cargo build -p xq")
        pytest.skip("no xq binary (cargo build -p xq, or set XQ_BIN)")

    def run(*args: str) -> str:
        done = subprocess.run([str(XQ), *args], capture_output=True, text=True, check=True)
        return done.stdout

    return run


def record_files() -> List[Path]:
    """Every record file of the records crate's test data (not its READMEs and notes)."""
    skip = {".md"}
    return sorted(
        p
        for p in RECORDS.rglob("*")
        if p.is_file() and p.suffix.lower() not in skip and "licences" not in p.parts
    )
