"""The package README's examples, run as written: each ```python block is executed in a
directory holding the files it names (`games.pgn`: the 93 games of the 1956 national
championship from the records crate's test data, as PGN), and what it prints must be the
```text block that follows it."""

from __future__ import annotations

import contextlib
import io
import re

import pytest

import xiangqi_arbiter as xa
from conftest import CRATE, RECORDS

README = (CRATE / "README.md").read_text("utf-8")
BLOCK = re.compile(r"```python\n(.*?)```\s*```text\n(.*?)```", re.S)
EXAMPLES = BLOCK.findall(README)


def test_readme_has_its_examples():
    assert len(EXAMPLES) == 2
    assert all(len(code.strip().splitlines()) <= 6 for code, _ in EXAMPLES)


@pytest.mark.parametrize("code,expected", EXAMPLES)
def test_readme_example_runs_as_written(code, expected, tmp_path, monkeypatch):
    library = RECORDS / "cchess" / "1956年全国象棋锦标赛93局.CBL"
    pgn = "\n".join(game.to_pgn() for game in xa.read_games(library))
    (tmp_path / "games.pgn").write_text(pgn, "utf-8")
    monkeypatch.chdir(tmp_path)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "README.md", "exec"), {"__name__": "__readme__"})
    assert out.getvalue() == expected
