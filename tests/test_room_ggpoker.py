"""GGPoker's reader: hands worked out by hand (straddles, missed blinds, jackpot lines, runs
twice, Short Deck's order), the hands it refuses, and the room's sample folder."""

from __future__ import annotations

from decimal import Decimal as D

import pytest

from parsers.errors import ParseError
from parsers.ggpoker import parse
from pipeline.worker import parse_bytes
from rules.findings import Severity
from rules.holdem_engine import replay
from rules.holdem_hand import ActionKind
from tests.conftest import ROOT, corpus
from tests.room_corpus import in_other_currency, parse_text, read_room

RUN_TWICE = """
Poker Hand #RC100: Hold'em No Limit ($0.05/$0.1) - 2024/01/02 03:04:05
Table 'RushAndCash1' 6-max Seat #1 is the button
Seat 1: Anna ($10 in chips)
Seat 2: Boris ($5 in chips)
Seat 3: Vera ($20 in chips)
Seat 4: Gleb ($8 in chips) is sitting out
Boris: posts small blind $0.05
Vera: posts big blind $0.1
Anna: straddle $0.2
*** HOLE CARDS ***
Dealt to Anna
Dealt to Boris
Dealt to Vera [Ah Kh]
Boris: raises $4.8 to $5 and is all-in
Vera: folds
Anna: calls $4.8
Anna: shows [Qs Qd] (Pair of Queens)
Boris: shows [Ac Ad] (Pair of Aces)
*** FIRST FLOP *** [2c 7d 9h]
*** FIRST TURN *** [2c 7d 9h] [Js]
*** FIRST RIVER *** [2c 7d 9h Js] [3c]
*** SECOND FLOP *** [Qh 8s 4d]
*** SECOND TURN *** [Qh 8s 4d] [5c]
*** SECOND RIVER *** [Qh 8s 4d 5c] [Kc]
*** FIRST SHOWDOWN ***
Boris collected $4.8 from pot
*** SECOND SHOWDOWN ***
Anna collected $4.8 from pot
*** SUMMARY ***
Total pot $10.1 | Rake $0.45 | Jackpot $0.05 | Bingo $0 | Fortune $0 | Tax $0
Hand was run two times
FIRST Board [2c 7d 9h Js 3c]
SECOND Board [Qh 8s 4d 5c Kc]
Seat 1: Anna (button) showed [Qs Qd] and lost with Pair of Queens, and won ($4.8) with Three Queens
Seat 2: Boris (small blind) showed [Ac Ad] and won ($4.8) with Pair of Aces, and lost with Pair of Aces
Seat 3: Vera (big blind) folded before Flop
"""


def nets(hand):
    result = replay(hand, allin_ev=False)
    assert [f for f in result.findings if f.severity is Severity.ERROR] == []
    return {p.player: p.net for p in result.players}, result


def test_ggpoker_run_twice_straddle_and_jackpot_settle_to_the_cent():
    """ROOM-RUN-TWICE and ROOM-RAKE: two runs share the pot after the rake and the jackpot."""
    hand = parse_text(parse, RUN_TWICE)
    # the pot: Boris 5, Anna 0.20 straddle + 4.80 call, Vera 0.10 = 10.10; rake 0.45 and jackpot
    # 0.05 leave 9.60, half a board each: Boris wins the first with aces, Anna the second with trips
    assert (hand.info.site, hand.summary.total_pot, hand.summary.rake) == ("GGPoker", D("10.1"), D("0.50"))
    assert [len(b) for b in hand.boards] == [5, 5]
    got, result = nets(hand)
    assert got == {"Anna": D("-0.20"), "Boris": D("-0.20"), "Vera": D("-0.10")}
    assert result.findings == ()
    assert "Gleb" not in got     # sitting out: not dealt in


def test_ggpoker_an_amount_in_another_currency_is_read_and_a_warning_at_its_line():
    """ROOM-CURRENCY: a dollar table's collect written in euros is read as written, and reported."""
    findings, got, line = in_other_currency(parse, RUN_TWICE, "Anna collected $4.8 from pot",
                                            "Anna collected €4.8 from pot")
    assert findings == [("ROOM-CURRENCY", Severity.WARNING, line, "USD", "EUR")]
    # the nets of the hand as the dollars give them (the test above)
    assert got == {"Anna": D("-0.20"), "Boris": D("-0.20"), "Vera": D("-0.10")}


def test_ggpoker_straddle_states_the_new_total():
    # the button posts his button blind, then straddles to 0.04 and to 0.08: he adds 0.02 and 0.04
    hand = parse_text(parse, """
Poker Hand #SD27208838: ShortDeck No Limit ($0.02) - 2021/03/02 18:21:51
Table 'SDWhite20' 5-max Seat #2 is the button
Seat 1: f1da9c5a ($2.44 in chips)
Seat 2: 27925b27 ($2.41 in chips)
Seat 3: Hero ($2 in chips)
Seat 5: 11294517 ($0.82 in chips)
27925b27: posts the ante $0.02
11294517: posts the ante $0.02
f1da9c5a: posts the ante $0.02
Hero: posts the ante $0.02
27925b27: posts button blind $0.02
27925b27: straddle $0.04
27925b27: straddle $0.08
*** HOLE CARDS ***
Dealt to f1da9c5a
Dealt to 27925b27
Dealt to Hero [6s 9c]
Dealt to 11294517
Hero: folds
11294517: folds
f1da9c5a: calls $0.08
27925b27: raises $0.08 to $0.16
f1da9c5a: calls $0.08
*** FLOP *** [Ah 6d Ks]
f1da9c5a: bets $0.14
27925b27: calls $0.14
*** TURN *** [Ah 6d Ks] [Qc]
f1da9c5a: checks
27925b27: checks
*** RIVER *** [Ah 6d Ks Qc] [8h]
f1da9c5a: checks
27925b27: checks
f1da9c5a: shows [Qh Ts] (Pair of Queens)
27925b27: shows [8d Td] (Pair of Eights)
*** SHOWDOWN ***
f1da9c5a collected $0.63 from pot
*** SUMMARY ***
Total pot $0.68 | Rake $0.03 | Jackpot $0.02 | Bingo $0
Board [Ah 6d Ks Qc 8h]
Seat 1: f1da9c5a showed [Qh Ts] and won ($0.63) with Pair of Queens
Seat 2: 27925b27 (button) showed [8d Td] and lost with Pair of Eights
Seat 3: Hero folded before Flop
Seat 5: 11294517 folded before Flop
""")
    straddles = [a.amount for a in hand.actions if a.kind is ActionKind.POST_STRADDLE]
    assert straddles == [D("0.02"), D("0.04")]
    assert (hand.info.game, hand.ante, hand.big_blind) == ("holdem36", D("0.02"), D("0.02"))
    got, result = nets(hand)
    # antes 0.08 + 0.16 + 0.16 preflop + 0.28 on the flop = 0.68; rake 0.03 and jackpot 0.02 leave
    # 0.63 to f1da9c5a, who put in 0.02 + 0.16 + 0.14 = 0.32
    assert got == {"f1da9c5a": D("0.31"), "27925b27": D("-0.32"), "Hero": D("-0.02"), "11294517": D("-0.02")}
    assert result.findings == ()


def test_ggpoker_short_deck_straight_beats_trips():
    # the first board gives 951600 a straight (A-K-Q-J-T) against three tens: on GGPoker the
    # straight wins, as the log says (PokerStars 6+ ranks trips higher)
    hand = parse_text(parse, """
Poker Hand #1171217378123557259: ShortDeck No Limit ($100) - 2021/04/01 11:44:46
Table 'VS2 100' 5-max Seat #5 is the button
Seat 1: 951600 ($11,965 in chips)
Seat 4: 559023 ($5,647.9 in chips)
Seat 5: 1802531 ($1,334 in chips)
951600: posts the ante $100
559023: posts the ante $100
1802531: posts the ante $100
1802531: posts button blind $100
*** HOLE CARDS ***
Dealt to 559023 [8c 7d]
951600: calls $100
559023: folds
1802531: raises $1,134 to $1,234 and is all-in
951600: calls $1,134
1802531: shows [Td Ts]
951600: shows [Qs Ks]
*** FIRST FLOP ***  [Tc 8h Ah]
*** FIRST TURN *** [Tc 8h Ah] [6h]
*** FIRST RIVER *** [Tc 8h Ah 6h] [Jd]
*** SECOND FLOP ***  [9h 9c Kc]
*** SECOND TURN *** [9h 9c Kc] [6s]
*** SECOND RIVER *** [9h 9c Kc 6s] [As]
*** FIRST SHOW DOWN ***
951600 collected $1,354 from pot
*** SECOND SHOW DOWN ***
951600 collected $1,354 from pot
*** SUMMARY ***
Total pot $2,768 | Rake $60
Hand was run two times
FIRST
Board [Tc 8h Ah 6h Jd]
SECOND
Board [9h 9c Kc 6s As]
Seat 1: 951600 showed [Qs Ks] and won ($1,354) with Aces-High Straight, and won ($1,354) with Pair of Kings and Pair of Nines
Seat 4: 559023 folded before Flop
Seat 5: 1802531 (button) showed [Td Ts] and lost with Three Tens, and lost with Pair of Tens and Pair of Nines
""")
    assert hand.straight_beats_trips
    got, result = nets(hand)
    assert got == {"951600": D(1374), "1802531": D(-1334), "559023": D(-100)}
    assert result.findings == ()


MISSED_BLIND = """
Poker Hand #HD200: Hold'em No Limit ($5/$10) - 2021/01/20 20:13:50
Table 'NLHGold5' 6-max Seat #3 is the button
Seat 1: Anna ($1,000 in chips)
Seat 3: Boris ($1,000 in chips)
Seat 4: Vera ($1,000 in chips)
Seat 5: Hero ($100 in chips)
Seat 6: Gleb ($1,104 in chips)
Vera: posts small blind $5
Hero: posts big blind $10
Gleb: posts missed blind $5
Gleb: posts big blind $10
*** HOLE CARDS ***
Dealt to Anna
Dealt to Boris
Dealt to Vera
Dealt to Hero [4h 3h]
Dealt to Gleb
Gleb: raises $30 to $40
Anna: folds
Boris: folds
Vera: folds
Hero: folds
Uncalled bet ($30) returned to Gleb
*** SHOWDOWN ***
Gleb collected $28.5 from pot
*** SUMMARY ***
Total pot $30 | Rake $1.5 | Jackpot $0 | Bingo $0
Seat 1: Anna folded before Flop (didn't bet)
Seat 3: Boris (button) folded before Flop (didn't bet)
Seat 4: Vera (small blind) folded before Flop
Seat 5: Hero (big blind) folded before Flop
Seat 6: Gleb collected ($28.5)
"""


# A real hand of the samples (NL-ShortDeck-5max-USD-0.2-202103.txt, SD27208848): antes of 0.02,
# Hero's button blind of 0.02, 27925b27's straddle to 0.04; Hero and f1da9c5a call it, 11294517
# folds. 27925b27 bets 0.20 on the flop (Hero folds, f1da9c5a calls) and 0.30 on the turn, which
# f1da9c5a folds to: the 0.30 comes back, and the room still writes its showdown line. The pot is
# 0.08 antes + 0.12 + 0.40 = 0.60; 27925b27 collects 0.56 (rake and jackpot 0.04) on the turn.
FOLDED_ON_THE_TURN = """
Poker Hand #SD27208848: ShortDeck No Limit ($0.02) - 2021/03/02 18:22:40
Table 'SDWhite20' 5-max Seat #3 is the button
Seat 1: f1da9c5a ($2.75 in chips)
Seat 2: 27925b27 ($2.09 in chips)
Seat 3: Hero ($2 in chips)
Seat 5: 11294517 ($0.8 in chips)
27925b27: posts the ante $0.02
11294517: posts the ante $0.02
Hero: posts the ante $0.02
f1da9c5a: posts the ante $0.02
Hero: posts button blind $0.02
27925b27: straddle $0.04
*** HOLE CARDS ***
Dealt to f1da9c5a
Dealt to 27925b27
Dealt to Hero [Tc Ac]
Dealt to 11294517
Hero: calls $0.02
11294517: folds
f1da9c5a: calls $0.04
27925b27: checks
*** FLOP *** [Qh 8s 9d]
f1da9c5a: checks
27925b27: bets $0.2
Hero: folds
f1da9c5a: calls $0.2
*** TURN *** [Qh 8s 9d] [Ah]
f1da9c5a: checks
27925b27: bets $0.3
f1da9c5a: folds
Uncalled bet ($0.3) returned to 27925b27
*** SHOWDOWN ***
27925b27 collected $0.56 from pot
*** SUMMARY ***
Total pot $0.6 | Rake $0.02 | Jackpot $0.02 | Bingo $0
Board [Qh 8s 9d Ah]
Seat 1: f1da9c5a folded on the Turn
Seat 2: 27925b27 won ($0.56)
Seat 3: Hero (button) folded on the Flop
Seat 5: 11294517 folded before Flop
"""


def test_ggpoker_a_pot_the_others_fold_to_is_collected_on_the_street_of_the_last_fold():
    """As PokerStars writes it, though GGPoker writes its showdown line: no showdown when one player is left."""
    hand = parse_text(parse, FOLDED_ON_THE_TURN)
    assert [(a.player, str(a.street), a.amount) for a in hand.actions if a.kind is ActionKind.COLLECT] == [
        ("27925b27", "turn", D("0.56"))]
    # Hero put in his ante, his button blind and a call to the straddle: 0.06
    assert nets(hand)[0] == {"27925b27": D("0.30"), "f1da9c5a": D("-0.26"), "Hero": D("-0.06"),
                             "11294517": D("-0.02")}


def test_ggpoker_missed_blind_is_dead_money():
    """ROOM-DEAD-BLIND: 'posts missed blind' is dead money."""
    hand = parse_text(parse, MISSED_BLIND)
    assert [a.kind for a in hand.actions[:4]] == [ActionKind.POST_SB, ActionKind.POST_BB, ActionKind.POST_DEAD,
                                                   ActionKind.POST_BB]
    got, result = nets(hand)
    # Gleb's 5 is dead, his 10 live: raised to 40, 30 comes back; the pot 5 + 10 + 15 = 30
    assert got == {"Gleb": D("13.5"), "Vera": D(-5), "Hero": D(-10), "Anna": D(0), "Boris": D(0)}
    assert result.findings == ()


def test_ggpoker_tournament_hand_in_chips_with_antes():
    hand = parse_text(parse, """
Poker Hand #TM2199808286: Tournament #25313424, L-03: $52.50 Bounty Hunters Main Event Hold'em No Limit - Level1(100/200) - 2021/04/04 16:06:27
Table '89' 8-max Seat #3 is the button
Seat 1: dee3697a (24,940 in chips)
Seat 2: 23c555f (25,580 in chips)
Seat 3: 5bf8188d (24,440 in chips)
Seat 4: ef3b178a (24,740 in chips)
Seat 5: 598c3984 (24,940 in chips)
Seat 6: Hero (24,940 in chips)
Seat 7: 430ef639 (24,940 in chips)
Seat 8: fd98a38c (25,480 in chips)
5bf8188d: posts the ante 30
fd98a38c: posts the ante 30
598c3984: posts the ante 30
23c555f: posts the ante 30
430ef639: posts the ante 30
ef3b178a: posts the ante 30
Hero: posts the ante 30
dee3697a: posts the ante 30
ef3b178a: posts small blind 100
598c3984: posts big blind 200
*** HOLE CARDS ***
Dealt to dee3697a
Dealt to 23c555f
Dealt to 5bf8188d
Dealt to ef3b178a
Dealt to 598c3984
Dealt to Hero [9s 9h]
Dealt to 430ef639
Dealt to fd98a38c
Hero: raises 200 to 400
430ef639: folds
fd98a38c: raises 1,005 to 1,405
dee3697a: folds
23c555f: folds
5bf8188d: folds
ef3b178a: folds
598c3984: folds
Hero: calls 1,005
*** FLOP *** [4s 2c Ks]
Hero: checks
fd98a38c: bets 1,675
Hero: folds
Uncalled bet (1,675) returned to fd98a38c
*** SHOWDOWN ***
fd98a38c collected 3,350 from pot
*** SUMMARY ***
Total pot 3,350 | Rake 0 | Jackpot 0 | Bingo 0
Board [4s 2c Ks]
Seat 1: dee3697a folded before Flop
Seat 2: 23c555f folded before Flop
Seat 3: 5bf8188d (button) folded before Flop
Seat 4: ef3b178a (small blind) folded before Flop
Seat 5: 598c3984 (big blind) folded before Flop
Seat 6: Hero folded on the Flop
Seat 7: 430ef639 folded before Flop
Seat 8: fd98a38c won (3,350)
""")
    assert (hand.tournament_id, hand.currency, hand.is_tournament, hand.big_blind) == ("25313424", "chips", True,
                                                                                       D(200))
    got, result = nets(hand)
    # the pot: eight antes of 30, the blinds 100 and 200, and 1,405 from Hero and fd98a38c: 3,350
    assert (got["Hero"], got["fd98a38c"], got["598c3984"], got["ef3b178a"]) == (D(-1435), D(1915), D(-230),
                                                                                 D(-130))
    assert sum(got.values()) == 0 and result.findings == ()


def test_ggpoker_ev_cashout_is_settled_outside_the_pot():
    # d31522d6 is all in with a straight draw against aces, takes the EV Cashout on the turn and
    # wins the pot: he collects 84.49 and pays the room 19 of Cashout Risk; he put in 44.37
    hand = parse_text(parse, (ROOT / "tests" / "fixtures" / "ggpoker" / "ev-cashout-HD2735972142.txt").read_text(encoding="utf-8"))
    assert [(c.player, c.amount) for c in hand.cash_outs] == [("d31522d6", D(-19))]
    got, result = nets(hand)
    assert (got["d31522d6"], got["4d960f58"], got["Hero"]) == (D("21.12"), D("-44.37"), D("-0.25"))
    assert result.findings == ()


def test_ggpoker_a_cashout_received_is_added_to_his_result():
    # Boris, all in, cashes out; the boards are split as before and the room pays him 2.10 besides
    text = RUN_TWICE.replace("Anna: calls $4.8\n", "Anna: calls $4.8\nBoris: Chooses to EV Cashout\n")
    text = text.replace("*** SECOND SHOWDOWN ***", "Boris: Receives Cashout ($2.1)\n*** SECOND SHOWDOWN ***")
    assert text.count("Cashout") == 2
    got, _ = nets(parse_text(parse, text))
    assert got["Boris"] == D("1.90")     # 4.80 from the first board and 2.10 from the room, less his 5


def test_ggpoker_insurance_hands_are_refused_by_name():
    line = "23aca38f: pay premium of all-in insurance ($4)"
    text = RUN_TWICE.replace("*** FIRST SHOWDOWN ***", f"{line}\n*** FIRST SHOWDOWN ***")
    with pytest.raises(ParseError, match="insurance") as error:
        parse_text(parse, text)
    assert error.value.line == text.strip("\n").split("\n").index(line) + 1


def test_ggpoker_cash_drop_is_refused():
    text = RUN_TWICE.replace("Boris: posts small blind", "Cash Drop to Pot : total $0.2\nBoris: posts small blind")
    with pytest.raises(ParseError, match="Cash Drop"):
        parse_text(parse, text)


@pytest.mark.parametrize(("header", "game"), [
    ("Poker Hand #OM1: PLO-5 ($2/$5) - 2021/04/13 16:21:36", "GGPoker PLO-5 is not supported yet"),
    ("Poker Hand #RC1: Omaha Pot Limit ($0.01/$0.02) - 2021/04/12 07:43:21",
     "GGPoker Omaha Pot Limit is not supported yet"),
    ("Poker Hand #OM2: PLO ($2/$5) - 2021/06/21 03:13:16", "GGPoker PLO is not supported yet"),
])
def test_ggpoker_other_games_go_to_quarantine_naming_the_game(header, game):
    with pytest.raises(ParseError, match=game):
        parse_text(parse, header)


def test_ggpoker_corpus_every_holdem_hand_stored_without_error():
    run = read_room(corpus("rooms", "GGPoker"))
    # the two Short Deck files hold 5 hands; every other file is Omaha (PLO, PLO-5)
    assert len(run.stored) == 5
    assert run.errors() == []
    assert all(hand.info.game == "holdem36" for _, hand, _ in run.stored)
    assert all("is not supported yet" in reason for reason in run.quarantined), run.quarantined


def test_ggpoker_chat_and_time_bank_lines_are_read_and_change_nothing():
    hand = parse_text(parse, """
Poker Hand #HD900: Hold'em No Limit ($0.05/$0.1) - 2024/01/02 03:04:05
Table 'NLHWhite1' 6-max Seat #1 is the button
Seat 1: Anna ($10 in chips)
Seat 2: Boris ($10 in chips)
Seat 3: Vera ($10 in chips)
Boris: posts small blind $0.05
Vera: posts big blind $0.1
*** HOLE CARDS ***
Dealt to Anna [Ah Kh]
Dealt to Boris
Dealt to Vera
Anna said, "gl: all"
Anna: raises $0.2 to $0.3
Boris: folds
Vera: activates time bank
Vera: calls $0.2
*** FLOP *** [2c 7d 9h]
Vera: checks
Anna: bets $0.4
Vera said, "nh"
Vera: folds
Uncalled bet ($0.4) returned to Anna
*** SHOWDOWN ***
Anna collected $0.63 from pot
*** SUMMARY ***
Total pot $0.65 | Rake $0.02 | Jackpot $0 | Bingo $0
Board [2c 7d 9h]
Seat 1: Anna (button) collected ($0.63)
Seat 2: Boris (small blind) folded before Flop
Seat 3: Vera (big blind) folded on the Flop
""")
    got, _ = nets(hand)
    # a pot of 0.05 + 0.30 + 0.30, less 0.02 rake: Anna collects 0.63 for her 0.30
    assert got == {"Anna": D("0.33"), "Boris": D("-0.05"), "Vera": D("-0.30")}
    assert [a.line for a in hand.actions if a.player == "Vera"] == [7, 16, 18, 21]   # lines 12, 15, 20 are no actions


def _summary_seat_findings(text: str) -> list[tuple[str, int]]:
    result = replay(parse_text(parse, text), allin_ev=False)
    return [(f.severity.value, f.line) for f in result.findings if str(f.rule_id) == "HE-SUMMARY-SEATS"]


def test_ggpoker_summary_lists_every_seat_so_a_seat_left_out_or_twice_is_a_finding():
    # A real hand run twice (seats 1, 4 and 5, all in the summary): as written, nothing to say;
    # without Seat 4's summary line, or with Seat 5's line twice, the summary no longer sums up
    # each seat once (HE-SUMMARY-SEATS), in the full path and in the file's batch alike.
    path = corpus("rooms", "GGPoker") / "Flop" / "NL-ShortDeck-5max-USD-100-202104.internal.txt"
    text = path.read_text().split("\n\n")[0].strip("\n")
    folded = "Seat 4: 559023 folded before Flop"
    assert folded in text
    assert parse_text(parse, text).summary.lists_every_seat
    assert _summary_seat_findings(text) == []
    left_out = text.replace(folded + "\n", "")
    assert [severity for severity, _ in _summary_seat_findings(left_out)] == ["error"]
    last = text.splitlines()[-1]
    twice = text + "\n" + last
    assert _summary_seat_findings(twice) == [("error", len(text.splitlines()) + 1)]
    data = "\n\n".join([text.replace("#1171217378123557259", f"#11712173781235572{k:02}") for k in range(4)]
                       + [left_out.replace("#1171217378123557259", "#1171217378123557299")]) + "\n"
    result = parse_bytes(data.encode(), "gg.txt")
    assert (result.count_games, result.count_batched) == (5, 5)    # the hand with a finding too, worded
    games = result.tables[("games", "holdem36")].to_pylist()
    flawed = {row["game_id"] for row in games if row["count_errors"]}
    assert [row["first_line"] for row in games if row["game_id"] in flawed] == [4 * (len(text.splitlines()) + 1) + 1]
    found = result.tables[("findings", "holdem36")].to_pylist()
    assert [(row["game_id"] in flawed, row["rule_id"]) for row in found] == [(True, "HE-SUMMARY-SEATS")]


def test_ggpoker_seat_sitting_out_leaves_the_summary_unchecked():
    # No sample shows whether GGPoker sums up a seat sitting out: such a hand is not checked.
    assert not parse_text(parse, RUN_TWICE).summary.lists_every_seat
