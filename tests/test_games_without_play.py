"""A game in which nothing was played out has no result: a raspisnoy log or score sheet with no
round played to its end, a six-card session with no hand. Stored, every total would be 0 and
every player would place first and win (RSP-TOTAL gives the game to the highest total after the
last round, and there is none); so such a game is quarantined with its text and a reason in words,
and counts in no mart: not as a game, a win or a placement.

Sheet QA-4 below, worked by hand (max cards 1, no specials, dealers Egor, Zoya, Ivan):

    round  Egor          Zoya          Ivan
      1    0/0  +5  5    0/0  +5  5    0/1  +1  1     (a pass that took 1 scores +1)
      2    0/0  +5 10    1/0 -10 -5    1/1 +10 11
      3    1/0 -10  0    0/0  +5  0    1/1 +10 21

Ivan places first (21), Egor and Zoya share second (0, 0): Ivan 1 game, 1 win, placement 1.0;
Egor and Zoya 1 game each, no win, placement 2.0.
"""

from __future__ import annotations

import pytest

from parsers.source import split
from pipeline.ingest import ingest
from pipeline.warehouse import connect
from pipeline.worker import parse_bytes
from tests.split_oracle import split_reference

SHEET_QA4 = """\
Raspisnoy sheet QA-4
Club: Nevsky
Date: 2026-04-01
Players: Egor | Zoya | Ivan
Rules: max cards 1, specials none
First dealer: Egor

 #  cards kind     | Egor      | Zoya     | Ivan
 1  1     regular  | 0/0 5     | 0/0 5     | 0/1 1
 2  1     regular  | 0/0 10    | 1/0 -5    | 1/1 11
 3  1     regular  | 1/0 0     | 0/0 0     | 1/1 21
"""

LOG_WITHOUT_ROUNDS = """\
Raspisnoy game QA-5
Date: 2026-05-01 19:00
Club: Nevsky
Players: Egor, Zoya, Ivan
Rules: default
First dealer: Egor
"""

SHEET_WITHOUT_ROWS = """\
Raspisnoy sheet QA-6
Date: 2026-06-01
Club: Nevsky
Players: Egor | Zoya | Ivan
First dealer: Egor

 #  cards kind     | Egor      | Zoya     | Ivan
"""

# The log stops inside its only round: the round is not played out (RSP-TRICK), so no round is.
LOG_STOPPED_IN_ITS_FIRST_ROUND = """\
Raspisnoy game QA-9
Date: 2026-05-02 19:00
Club: Nevsky
Players: Egor, Zoya, Ivan
First dealer: Egor

Round 1: 1 card, regular, dealer Egor, trump Td
Hands: Zoya [Qs], Ivan [Ks], Egor [8s]
"""

# docs/formats.md's hand: box 1 +10, box 2 0, so the session's net is +10 and it is won.
SESSION_ONE_HAND = """\
Six-card poker session S-1
Date: 2026-11-30 20:15
Casino: Metropol
Player: Boris

Hand 1
Dealer up: 9d
Box 1: ante 5 [Kc Kd 8s 4h 2c]; plays 10
Box 2: ante 5 [Qh Jh 9h 3h 7c]; buys 2h; plays 10
Dealer: [Jd 8c 6s 3c 9d]
Box 1 buys dealer game: Jd for 8d
Result: box 1 +10, box 2 0
"""

SESSION_WITHOUT_HANDS = """\
Six-card poker session S-2
Date: 2026-12-01 20:15
Casino: Metropol
Player: Boris
"""

SESSION_STOPPED_IN_ITS_FIRST_HAND = """\
Six-card poker session S-3
Date: 2026-12-02 20:15
Casino: Metropol
Player: Boris

Hand 1
Dealer up: 9d
Box 1: ante 5 [Kc Kd 8s 4h 2c]; plays 10
"""


def quarantined(text: str) -> list[dict]:
    result = parse_bytes(text.encode(), "game.txt")
    assert result.count_games == 0
    return [row for (name, _), table in result.tables.items() if name == "quarantine" for row in table.to_pylist()]


@pytest.mark.parametrize("text, reason, line", [
    (LOG_WITHOUT_ROUNDS, "the game log has no rounds", 6),
    (SHEET_WITHOUT_ROWS, "the score sheet has no rounds", 7),
    (LOG_STOPPED_IN_ITS_FIRST_ROUND, "the game log stops inside its first round", 8),
    (SESSION_WITHOUT_HANDS, "the session has no hands", 4),
    (SESSION_STOPPED_IN_ITS_FIRST_HAND, "the session stops inside its first hand", 8),
])
def test_a_game_with_nothing_played_out_is_quarantined_whole_with_its_reason(text, reason, line):
    (row,) = quarantined(text)
    assert row["error"].startswith(reason + ": no ")
    assert "has no result" in row["error"]
    assert (row["first_line"], row["last_line"], row["line"]) == (1, line, line)
    assert row["text"] == text.rstrip("\n")     # every line kept, the last one too


def test_a_score_sheet_ending_at_its_table_header_keeps_that_line():
    # The table header starts with '#', as a comment does: it was left out of the game as trailing
    # filler, and the sheet was quarantined at line 5 for a header it has at line 7.
    chunks = split(SHEET_WITHOUT_ROWS + "\n# the secretary went home\n\n")
    assert [(c.format, c.first_line, c.last_line) for c in chunks] == [("raspisnoy_sheet", 1, 7)]
    assert chunks == split_reference(SHEET_WITHOUT_ROWS + "\n# the secretary went home\n\n")


def test_a_log_with_a_whole_round_before_an_unfinished_one_is_still_stored():
    whole = LOG_STOPPED_IN_ITS_FIRST_ROUND.replace(
        "Hands: Zoya [Qs], Ivan [Ks], Egor [8s]\n",
        "Hands: Zoya [Qs], Ivan [Ks], Egor [8s]\nBids: Zoya 0, Ivan 1, Egor 1\n"
        "Trick 1: Zoya Qs, Ivan Ks, Egor 8s; won by Ivan\n\n"
        "Round 2: 2 cards, regular, dealer Zoya, trump 9h\n")
    result = parse_bytes(whole.encode(), "game.txt")
    assert (result.count_games, result.count_quarantined) == (1, 0)
    nets = result.tables[("game_players", "raspisnoy")].to_pylist()
    # round 1: Zoya passes and takes none (+5), Ivan bids 1 and takes it (+10), Egor bids 1, takes none (-10)
    assert {row["player"]: int(row["net"]) for row in nets} == {"Egor": -10, "Zoya": 5, "Ivan": 10}


@pytest.fixture(scope="module")
def con(tmp_path_factory):
    folder = tmp_path_factory.mktemp("without_play")
    texts = {"sheet4.txt": SHEET_QA4, "empty5.txt": LOG_WITHOUT_ROUNDS, "empty6.txt": SHEET_WITHOUT_ROWS,
             "s1.txt": SESSION_ONE_HAND, "s2.txt": SESSION_WITHOUT_HANDS}
    for name, text in texts.items():
        (folder / name).write_text(text, encoding="utf-8")
    summary = ingest([folder / name for name in texts], folder / "warehouse", jobs=1)
    assert (summary.games, summary.quarantined, summary.findings) == (2, 3, 0)
    with connect(folder / "warehouse") as connection:
        yield connection


def test_a_raspisnoy_game_without_rounds_is_no_game_win_or_placement_on_the_leaderboards(con):
    rows = con.execute("select season_kind, player, count_games, total_points, count_wins, avg_placement, rank "
                   "from leaderboard_raspisnoy where club = 'Nevsky' order by season_kind, player").fetchall()
    expected_all = [("all", "Egor", 1, 0, 0, 2.0, 2), ("all", "Ivan", 1, 21, 1, 1.0, 1),
                    ("all", "Zoya", 1, 0, 0, 2.0, 2)]
    assert [row for row in rows if row[0] == "all"] == expected_all
    assert con.execute("select count(*) from leaderboard_raspisnoy where season in ('2026-05', '2026-06')"
                   ).fetchone()[0] == 0
    for mart in ("leaderboard where season_kind = 'all' and game = 'raspisnoy'", "player_results where true"):
        figures = con.execute(f"select player, count_games, count_wins, avg_placement from {mart} "
                          "and player in ('Egor', 'Zoya', 'Ivan') order by player").fetchall()
        assert figures == [("Egor", 1, 0, 2.0), ("Ivan", 1, 1, 1.0), ("Zoya", 1, 0, 2.0)], mart
    assert con.execute("select player, count_games from player_stats_raspisnoy where season_kind = 'all' "
                       "order by player").fetchall() == [
        ("Egor", 1), ("Ivan", 1), ("Zoya", 1)]
    assert con.execute("select player, count_games from people where player in ('Egor', 'Zoya', 'Ivan') "
                   "order by player").fetchall() == [("Egor", 1), ("Ivan", 1), ("Zoya", 1)]


def test_a_six_card_session_without_hands_counts_nowhere(con):
    # one session with a hand (+10, won), and the one without hands quarantined: 1 everywhere
    assert con.execute("select count_sessions, count_hands, total_net from player_stats_sixcard").fetchall() == [
        (1, 1, 10)]
    assert con.execute("select count_games, count_wins from player_results where game = 'sixcard'").fetchall() == [(1, 1)]
    assert con.execute("select count_games from people where player = 'Boris'").fetchall() == [(1,)]
    assert con.execute("select season, count_games from leaderboard where game = 'sixcard' and season_kind <> 'quarter' "
                   "order by season").fetchall() == [("2026", 1), ("2026-11", 1), ("all time", 1)]
