"""Records: every file of the records crate's test data read from a path and from bytes, the
same games either way; round trips through PGN (Chinese, WXF, ICCS; UTF-8 and GBK), DhtmlXQ
and XQF; the batch helper against one-by-one rulings."""

from __future__ import annotations

from collections import Counter

import pytest

import xiangqi_arbiter as xa
from conftest import RECORDS, record_files

FILES = record_files()


def readable_games():
    for path in FILES:
        for game in xa.read_games(path, errors="skip"):
            yield path, game


def test_every_file_reads_the_same_from_a_path_and_from_bytes():
    total = 0
    for path in FILES:
        by_path = xa.read_games(path, errors="skip")
        games = list(by_path)
        by_bytes = xa.read_games(path.read_bytes(), errors="skip")
        assert games == list(by_bytes), path
        assert len(by_path.errors) == len(by_bytes.errors)
        total += len(games)
    assert total > 150


def test_a_library_counts_its_results():
    games = list(xa.read_games(RECORDS / "cchess" / "1956年全国象棋锦标赛93局.CBL"))
    assert len(games) == 93
    assert Counter(g.result for g in games) == Counter({"1-0": 44, "1/2-1/2": 27, "0-1": 22})


WRITERS = {
    "pgn-chinese": lambda g: g.to_pgn("chinese").encode("utf-8"),
    "pgn-wxf": lambda g: g.to_pgn("wxf").encode("utf-8"),
    "pgn-iccs": lambda g: g.to_pgn("iccs").encode("utf-8"),
    "pgn-gbk": lambda g: g.to_pgn_bytes("chinese", "gbk"),
    "dhtmlxq": lambda g: g.to_dhtmlxq().encode("utf-8"),
    "xqf": lambda g: g.to_xqf(),
}


@pytest.mark.parametrize("writer", sorted(WRITERS))
def test_write_then_read_gives_the_same_game(writer):
    n = 0
    for path, game in readable_games():
        if game.problems:
            continue
        try:
            data = WRITERS[writer](game)
        except xa.RecordError:
            continue  # something the format cannot hold (a tag name, say): said, not dropped
        back = list(xa.read_games(data))
        assert len(back) == 1, (path, writer)
        assert [str(m) for m in back[0].moves] == [str(m) for m in game.moves], (path, writer)
        # XQF keeps no move counters in its position.
        assert back[0].fen.split()[:2] == game.fen.split()[:2], (path, writer)
        assert back[0].result == game.result, (path, writer)
        assert back[0].node_count == game.node_count, (path, writer)
        n += 1
    assert n > 100


def test_from_moves_and_tags():
    game = xa.GameRecord.from_moves("炮二平五 马8进7", tags=[("Red", "许银川")], result="1-0")
    assert [str(m) for m in game.moves] == ["h2e2", "h9g7"]
    assert game.tags["Red"] == "许银川" and game.result == "1-0"
    text = game.to_pgn()
    assert "炮二平五" in text and '[Red "许银川"]' in text
    assert list(xa.read_games(text.encode()))[0] == list(xa.read_games(text.encode()))[0]
    with pytest.raises(xa.MoveError, match="ply 2"):
        xa.GameRecord.from_moves(["h2e2", "a0a5"])


def test_judge_file_and_judge_many_agree_with_one_by_one():
    path = RECORDS / "cchess" / "1956年全国象棋锦标赛93局.CBL"
    games = list(xa.read_games(path))
    one_by_one = [xa.judge(g.moves_to_judge(), g.fen).to_json() for g in games]
    assert [r.to_json() for r in xa.judge_file(path)] == one_by_one
    assert [r.to_json() for r in xa.judge_many(games)] == one_by_one
    assert [r.to_json() for r in xa.judge_many(games, threads=1)] == one_by_one
    pairs = [(g.fen, [str(m) for m in g.moves_to_judge()]) for g in games]
    assert [r.to_json() for r in xa.judge_many(pairs, threads=3)] == one_by_one


def test_judge_file_is_what_xq_judge_prints(xq):
    import json
    for name in ["cchess/1956年全国象棋锦标赛93局.CBL", "XQFTOOLS/SAMPLE.PGN", "cchess/test.xqf"]:
        path = RECORDS / name
        lines = [json.loads(line) for line in xq("judge", "--json", str(path)).splitlines()]
        ours = [r for r in xa.judge_file(path) if isinstance(r, xa.Ruling)]
        for line in lines:
            line.pop("game", None)
        assert [r.raw for r in ours] == lines, name
