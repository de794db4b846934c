"""Bad input from a stranger: every error is a documented ValueError subclass naming what and
where, and no input crashes the interpreter — the fuzz targets' seed corpora included, and
mutations of them."""

from __future__ import annotations

import random

import pytest

import xiangqi_arbiter as xa
from conftest import RECORDS, SEEDS, record_files


def test_every_error_is_a_value_error():
    for exc in (xa.XiangqiError, xa.FenError, xa.MoveError, xa.GameOverError, xa.RecordError):
        assert issubclass(exc, ValueError) and issubclass(exc, xa.XiangqiError)
        assert exc.__module__ == "xiangqi_arbiter" and exc.__doc__


@pytest.mark.parametrize(
    "fen,where",
    [
        ("", "empty"),
        ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x", "side"),
        ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9 w", "rank"),
        ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNQ w", "Q"),
        ("3k5/9/9/9/9/9/9/9/9/3K5 w", "general"),
    ],
)
def test_bad_fen_says_what(fen, where):
    with pytest.raises(xa.FenError) as err:
        xa.Position(fen)
    assert where.lower() in str(err.value).lower() or fen in str(err.value)
    with pytest.raises(xa.FenError):
        xa.judge([], fen)
    with pytest.raises(xa.FenError):
        xa.Game(fen)


def test_bad_moves_name_the_ply():
    with pytest.raises(xa.MoveError, match="ply 3"):
        xa.judge(["h2e2", "h9g7", "no-such-move"])
    game = xa.Game()
    game.play("h2e2")
    with pytest.raises(xa.MoveError, match="ply 2"):
        game.play("h2e2")  # the cannon is gone from h2
    assert len(game.moves) == 1
    # An illegal coordinate move is ruled, as `xq judge` rules it: its author loses.
    ruling = xa.judge("h2e2 h9g7 a0a5")
    assert (ruling.result, ruling.reason, ruling.ply, ruling.offender) == (
        "black_wins", "illegal_move", 3, "red")
    with pytest.raises(TypeError):
        xa.Position().push(3.5)


def test_game_over_refuses_moves():
    game = xa.Game("3k5/1R7/9/9/9/9/9/9/9/R3K4 w")
    ruling = game.play("a0a9")
    assert (ruling.result, ruling.reason) == ("red_wins", "checkmate") and game.is_over
    with pytest.raises(xa.GameOverError, match="over"):
        game.play("d9e9")


def truncated_xqf() -> bytes:
    return (RECORDS / "cchess" / "test.xqf").read_bytes()


def test_truncated_xqf_names_game_and_offset():
    data = truncated_xqf()
    for cut in (10, 200, 1023, 1026, 1100, len(data) - 5):
        try:
            games = list(xa.read_games(data[:cut]))
        except xa.RecordError as e:
            assert e.game == 1 and (e.offset is not None or e.ply is not None), str(e)
            assert "game 1" in str(e)
        else:  # a cut inside the move list keeps the moves before it and says so
            assert games[0].problems, cut


def test_bad_pgn_game_names_game_and_line_and_reading_goes_on():
    text = (
        '[Game "Chinese Chess"]\n1. h2e2 h9g7 1-0\n\n'
        '[Game "Chinese Chess"]\n[Red "x"\n1. h2e2 {never closed\n\n'
        '[Game "Chinese Chess"]\n1. b2e2 0-1\n'
    ).encode()
    reader = xa.read_games(text)
    assert len(next(reader).moves) == 2
    with pytest.raises(xa.RecordError) as err:
        next(reader)
    assert err.value.game == 2 and err.value.line is not None and "game 2" in str(err.value)
    assert [str(m) for m in next(reader).moves] == ["b2e2"]
    skipped = xa.read_games(text, errors="skip")
    assert len(list(skipped)) == 2 and [e.game for e in skipped.errors] == [2]


def test_illegal_move_in_a_record_is_a_problem_with_its_ply():
    game = next(xa.read_games(b'[Game "Chinese Chess"]\n1. h2e2 h9g7 2. a0a5 *\n'))
    assert [str(m) for m in game.moves] == ["h2e2", "h9g7"]
    (problem,) = game.problems
    assert isinstance(problem, xa.RecordError) and problem.ply == 3 and problem.line == 2
    assert [str(m) for m in game.moves_to_judge()] == ["h2e2", "h9g7", "a0a5"]


def test_unsupported_and_missing_files():
    with pytest.raises(xa.RecordError, match="CCBridge"):
        xa.read_games(b"CCBridge Notebook")
    with pytest.raises(xa.RecordError, match="cannot open"):
        xa.read_games(RECORDS / "no-such-file.pgn")
    with pytest.raises(TypeError):
        xa.read_games(42)
    with pytest.raises(ValueError, match="errors="):
        xa.read_games(b"", errors="ignore")


def feed(data: bytes) -> None:
    """Everything a stranger's bytes can reach; only documented errors may come out."""
    try:
        for game in xa.read_games(data, errors="skip"):
            game.to_dhtmlxq()
            try:
                game.to_pgn()
                game.to_xqf()
            except xa.RecordError:
                pass
    except xa.RecordError:
        pass
    text = data.decode("utf-8", "replace")
    for call in (lambda: xa.Position(text), lambda: xa.Position().parse_move(text),
                 lambda: xa.Position().parse_line(text), lambda: xa.judge(text)):
        try:
            call()
        except xa.XiangqiError:
            pass


def seed_files():
    return sorted(p for p in SEEDS.rglob("*") if p.is_file() and p.name != "README.md")


def test_fuzz_seeds_and_their_mutations_never_crash():
    seeds = seed_files() + record_files()
    assert len(seeds) > 80
    rng = random.Random(2026)
    fed = 0
    for path in seeds:
        data = path.read_bytes()
        feed(data)
        for _ in range(8):
            mutated = bytearray(data)
            for _ in range(rng.randint(1, 8)):
                if not mutated:
                    break
                i = rng.randrange(len(mutated))
                choice = rng.random()
                if choice < 0.5:
                    mutated[i] = rng.randrange(256)
                elif choice < 0.8:
                    del mutated[i:]
                else:
                    mutated[i:i] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 16)))
            feed(bytes(mutated))
            fed += 1
    assert fed > 600
