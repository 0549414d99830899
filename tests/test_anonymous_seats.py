"""Seats whose names are no person's: Bovada's seats named by position, and a player a log gives no
name. Each stays in its hand's facts (pots, nets, players dealt, the players a net ranks among) and
is no row of any mart of a player's grain (docs/warehouse.md, "Anonymous seats").

The two Ignition hands below are worked by hand from their lines:

- hand 1: Hero, in the big blind, gets a walk: Small Blind posts $0.25 and folds, Dealer folds,
  Hero collects the $0.75 pot. Nets: Hero +0.25, Small Blind -0.25, Dealer 0. Hero places first.
- hand 2: Hero, on the button, folds; Small Blind folds; Big Blind collects $0.75. Nets: Big Blind
  +0.25, Hero 0, Small Blind -0.25. Hero places second (of three).

So Hero has 2 hands, nets +0.25, 1 win, an average placement of 1.5; a walk gives him no preflop
decision, so his one VPIP chance is hand 2's fold. "Small Blind" is two strangers, one in each
hand: no player of the statistics.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from parsers.formats import parse_chunk
from parsers.source import split
from pipeline.ingest import ingest
from pipeline.warehouse import connect
from rules.findings import Severity
from rules.holdem_engine import replay
from rules.holdem_hand import Action, ActionKind, BettingStructure, HoldemHand, Seat, Street, Summary
from rules.records import GameInfo, Source
from tests.conftest import corpus

D = Decimal

TWO_HANDS = """\
Ignition Hand #3340409736 TBL#10916521 HOLDEM No Limit - 2016-08-09 12:41:32
Seat 1: Small Blind ($50.65 in chips)
Seat 4: Big Blind [ME] ($50 in chips)
Seat 6: Dealer ($49.25 in chips)
Dealer : Set dealer [6]
Small Blind : Small Blind $0.25
Big Blind  [ME] : Big blind $0.50
*** HOLE CARDS ***
Small Blind : Card dealt to a spot [9c Th]
Big Blind  [ME] : Card dealt to a spot [9d 9s]
Dealer : Card dealt to a spot [4c Kd]
Dealer : Folds
Small Blind : Folds
Big Blind  [ME] : Does not show [9d 9s] (High Card)
Big Blind  [ME] : Hand result $0.75
*** SUMMARY ***
Total Pot($0.75)
Seat+1: Small Blind Folded before the FLOP
Seat+4: Big Blind $0.75 [Does not show]
Seat+6: Dealer Folded before the FLOP

Ignition Hand #3340409800 TBL#10916521 HOLDEM No Limit - 2016-08-09 12:42:10
Seat 1: Big Blind ($50.65 in chips)
Seat 4: Dealer [ME] ($50.25 in chips)
Seat 6: Small Blind ($49.25 in chips)
Dealer  [ME] : Set dealer [4]
Small Blind : Small Blind $0.25
Big Blind : Big blind $0.50
*** HOLE CARDS ***
Big Blind : Card dealt to a spot [Ac 2d]
Dealer  [ME] : Card dealt to a spot [7h 2c]
Small Blind : Card dealt to a spot [8s 3d]
Dealer  [ME] : Folds
Small Blind : Folds
Big Blind : Does not show [Ac 2d] (High Card)
Big Blind : Hand result $0.75
*** SUMMARY ***
Total Pot($0.75)
Seat+1: Big Blind $0.75 [Does not show]
Seat+4: Dealer Folded before the FLOP
Seat+6: Small Blind Folded before the FLOP
"""


@pytest.fixture(scope="module")
def bovada(tmp_path_factory):
    root = tmp_path_factory.mktemp("anonymous")
    (root / "ignition.txt").write_text(TWO_HANDS, encoding="utf-8")
    summary = ingest([root / "ignition.txt"], root / "warehouse", jobs=1)
    assert (summary.games, summary.quarantined) == (2, 0)
    return root / "warehouse"


def _rows(root, sql: str) -> list[tuple]:
    with connect(root) as con:
        return con.execute(sql).fetchall()


def test_the_reader_names_every_seat_but_the_owners_anonymous():
    hand = parse_chunk(split(TWO_HANDS)[1], "ignition.txt")
    assert hand.anonymous_players == ("Big Blind", "Small Blind")
    result = replay(hand)
    assert [f for f in result.findings if f.severity is Severity.ERROR] == []
    assert {(p.player, p.net, p.is_anonymous) for p in result.players} == {
        ("Big Blind", D("0.25"), True), ("Hero", D("0.00"), False), ("Small Blind", D("-0.25"), True)}


def test_anonymous_seats_stay_in_the_hands_facts(bovada):
    players = _rows(bovada, "select hand_id, player, net, is_anonymous from game_players join holdem_results "
                            "using (game_id, player, net, is_anonymous) order by hand_id, player")
    assert players == [
        ("3340409736", "Dealer", D("0.00"), True), ("3340409736", "Hero", D("0.25"), False),
        ("3340409736", "Small Blind", D("-0.25"), True),
        ("3340409800", "Big Blind", D("0.25"), True), ("3340409800", "Hero", D("0.00"), False),
        ("3340409800", "Small Blind", D("-0.25"), True)]
    # the hand's figures count the strangers: three players dealt, a pot of 0.50 (the small blind's 0.25
    # and as much of the big blind's; the big blind's other 0.25 is uncalled: his own again)
    assert _rows(bovada, "select distinct count_players, total_pot from holdem_results") == [(3, D("0.50"))]
    assert _rows(bovada, "select count_players, len(players) from game_list") == [(3, 3), (3, 3)]


def test_only_the_log_owner_is_a_player_of_the_statistics(bovada):
    for mart in ("player_stats_holdem", "player_stats_holdem_by_day", "hand_list", "holdem_sessions",
                 "holdem_report_positions", "player_results", "player_results_by_day", "leaderboard", "people"):
        assert _rows(bovada, f"select distinct player from {mart}") == [("Hero",)], mart
    assert _rows(bovada, "select count_hands, net_won, count_vpip_opportunities, count_vpip "
                         "from player_stats_holdem") == [(2, D("0.25"), 1, 0)]
    # placed among every seat of his hands: first, then second of three
    assert _rows(bovada, "select count_games, count_wins, avg_placement from player_results") == [(2, 1, 1.5)]
    assert _rows(bovada, "select site, count_games from people") == [("Ignition", 2)]


def _nameless_hand() -> HoldemHand:
    """Anna (seat 1, 100) posts the small blind 1; a line with no name posts the big blind 2 (no seat
    line: no chips); Boris (seat 3) and Anna fold; 1 of the 2 is uncalled and returned, and the
    nameless player collects the pot of 2. Nets: Anna -1, Boris 0, the nameless player +1."""
    def act(player, kind, amount=0, line=0):
        return Action(street=Street.PREFLOP, player=player, kind=kind, amount=D(amount), line=line)

    return HoldemHand(
        source=Source(file="broken.txt", first_line=1, last_line=12, game_id="g"), info=GameInfo(game="holdem"),
        hand_id="1", betting=BettingStructure.NO_LIMIT, small_blind=D(1), big_blind=D(2), currency="USD",
        button_seat=3, header_line=1,
        seats=(Seat(seat=1, player="Anna", stack=D(100), line=3), Seat(seat=3, player="Boris", stack=D(100), line=4)),
        actions=(act("Anna", ActionKind.POST_SB, 1, 5), act("", ActionKind.POST_BB, 2, 6),
                 act("Boris", ActionKind.FOLD, line=7), act("Anna", ActionKind.FOLD, line=8),
                 act("", ActionKind.UNCALLED, 1, 9), act("", ActionKind.COLLECT, 2, 10)),
        summary=Summary(total_pot=D(2), rake=D(0), total_line=11))


def test_a_player_with_no_name_is_named_in_words_and_is_an_anonymous_seat():
    result = replay(_nameless_hand())
    assert {(p.player, p.net, p.is_anonymous) for p in result.players} == {
        ("Anna", D(-1), False), ("Boris", D(0), False), ("", D(1), True)}
    said = {(f.rule_id, f.line): f.message for f in result.findings}
    assert said[("HE-ACTION-ORDER", 6)] == "a player with no name acts but has no seat at the table"
    assert said[("HE-STACK", 6)] == "a player with no name puts in 2 with 0 left"
    assert all(not f.message.startswith(" ") for f in result.findings)


def test_the_bovada_corpus_counts_hero_alone(tmp_path):
    folder = corpus("rooms", "Bovada")
    ingest([folder], tmp_path / "warehouse", jobs=1)
    root = tmp_path / "warehouse"
    # every seat but Hero's is anonymous, and every hand keeps its seats
    assert _rows(root, "select bool_and(is_anonymous = (player <> 'Hero')) from game_players") == [(True,)]
    assert _rows(root, "select sum(count_players) = (select count(*) from game_players) from games") == [(True,)]
    for mart in ("player_stats_holdem", "hand_list", "leaderboard", "people", "player_results"):
        assert _rows(root, f"select distinct player from {mart}") == [("Hero",)], mart
    # Hero's figures are his hands' facts, as before: his every hand, his every net
    hands, net = _rows(root, "select count(*), sum(net) from game_players where player = 'Hero'")[0]
    assert _rows(root, "select sum(count_hands), sum(net_won) from player_stats_holdem") == [(hands, net)]
    assert _rows(root, "select count(*), sum(net) from hand_list") == [(hands, net)]


def test_a_blank_name_of_the_winning_corpus_is_worded_and_no_player(tmp_path):
    folder = corpus("rooms", "Winning")
    broken = next(folder.glob("*Unknown.Player.Acts*"), None)
    if broken is None:
        pytest.skip("the Winning sample whose hands name a player with no name is absent")
    ingest([broken], tmp_path / "warehouse", jobs=1, rules=["room Winning: no_limit"])
    root = tmp_path / "warehouse"
    # the log's "Player  has big blind (2)" of its first hand: that 2 is all he puts in there
    assert _rows(root, "select net, is_anonymous from game_players where player = '' order by net") == [
        (D("-2.00"), True), (D("10.15"), True)]
    messages = [message for (message,) in _rows(root, "select message from findings")]
    assert messages and not [m for m in messages if m.startswith(" ") or " : " in m]
    assert "a player with no name acts but has no seat at the table" in messages
    for mart in ("player_stats_holdem", "hand_list", "leaderboard", "people", "player_results"):
        assert ("",) not in _rows(root, f"select distinct player from {mart}"), mart
