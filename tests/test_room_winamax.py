"""Winamax's reader: hands worked out by hand (pots after rake named in the collect lines, the
uncalled part collected back within a pot and returned, out-of-position blinds, Limit blinds), the hands it refuses,
and the room's sample folder with fpdb's per-player results."""

from __future__ import annotations

from decimal import Decimal as D

import pytest

from parsers.errors import ParseError
from parsers.winamax import parse
from rules.findings import Severity
from rules.holdem_engine import replay
from rules.holdem_hand import ActionKind, BettingStructure, Street
from tests.conftest import corpus
from tests.room_corpus import expected_nets, in_other_currency, nets, parse_text, read_room


def replayed(text):
    hand = parse_text(parse, text)
    result = replay(hand, allin_ev=False)
    assert [f for f in result.findings if f.severity is Severity.ERROR] == []
    return hand, result, {p.player: p.net for p in result.players}


def test_winamax_side_pot_holding_the_uncalled_part_is_raked_as_the_log_splits_it():
    """ROOM-UNCALLED and ROOM-RAKE: the uncalled part collected back within a side pot is returned
    and taken off that collect; the total is after the rake."""
    # Boris all-in for 2, Vera for 6, Anna for 10: the main pot 6 (all three), a side pot 8
    # (Vera and Anna) and Anna's 4 nobody matched. Boris wins the main pot after a rake of 0.30;
    # Anna the side pot after 0.40, and her 4 back in it: 7.60 + 4 = 11.60. The reader returns
    # the 4: she put in 6 and won 7.60, the pot is 14.
    hand, result, got = replayed("""
Winamax Poker - CashGame - HandId: #10-20-30 - Holdem no limit (0.05€/0.10€) - 2020/01/02 03:04:05 UTC
Table: 'Paris' 6-max (real money) Seat #1 is the button
Seat 1: Anna (10€)
Seat 2: Boris (2€)
Seat 3: Vera (6€)
*** ANTE/BLINDS ***
Boris posts small blind 0.05€
Vera posts big blind 0.10€
Dealt to Anna [Kh Kd]
*** PRE-FLOP ***
Anna raises 9.90€ to 10€ and is all-in
Boris calls 1.95€ and is all-in
Vera calls 5.90€ and is all-in
*** FLOP *** [2c 7d 9s]
*** TURN *** [2c 7d 9s][Jh]
*** RIVER *** [2c 7d 9s Jh][3c]
*** SHOW DOWN ***
Boris shows [Ah Ad] (One pair : Ace)
Vera shows [Qh Qd] (One pair : Queen)
Anna shows [Kh Kd] (One pair : King)
Anna collected 11.60€ from side pot 1
Boris collected 5.70€ from main pot
*** SUMMARY ***
Total pot 17.30€ | Rake 0.70€
Board: [2c 7d 9s Jh 3c]
Seat 1: Anna (button) showed [Kh Kd] and won 11.60€ with One pair : King
Seat 2: Boris (small blind) showed [Ah Ad] and won 5.70€ with One pair : Ace
Seat 3: Vera (big blind) showed [Qh Qd] and lost with One pair : Queen
""")
    # Winamax's total is after the rake: the pot is 17.30 + 0.70 = 18, less the 4 returned
    assert (hand.summary.total_pot, hand.summary.rake, hand.summary.pots) == (D("14.00"), D("0.70"),
                                                                             (D("5.70"), D("7.60")))
    assert [(a.player, a.kind, a.amount) for a in hand.actions[-3:]] == [
        ("Anna", ActionKind.SHOW, D(0)), ("Anna", ActionKind.COLLECT, D("7.60")), ("Boris", ActionKind.COLLECT,
                                                                                    D("5.70"))]
    assert [(a.player, a.amount, a.street) for a in hand.actions if a.kind is ActionKind.UNCALLED] == [
        ("Anna", D(4), Street.PREFLOP)]
    assert {p.player: (p.invested, p.collected) for p in result.players} == {
        "Anna": (D(6), D("7.60")), "Boris": (D(2), D("5.70")), "Vera": (D(6), D(0))}
    assert result.total_pot == D(14) and [s.won for s in hand.summary.seats][:1] == [(D("7.60"),)]
    assert got == {"Anna": D("1.60"), "Boris": D("3.70"), "Vera": D(-6)}
    assert result.findings == ()


def test_winamax_a_collect_that_is_only_the_bet_nobody_matched_is_no_win():
    """ROOM-UNCALLED: a loser who collects his own unmatched bet back as a side pot won nothing."""
    # (game 069a238c of the samples, Invalid.side.pot.Player8) Player8 puts in 0.22 + 1.30 and bets
    # 4.70 on the river; Player3 calls all-in for 3.41 and wins the showdown with a pair. The 1.29
    # nobody matched is Player8's "side pot 1": returned, Player8 put in 0.22 + 1.30 + 3.41 = 4.93
    # and collected nothing. The pot: 4.93 x 2 + Player9's 1.52 + the blinds 0.02 + 0.05 and
    # Player1's 0.05 = 11.50, what Player3 collects (10.92) and the rake (0.58); Winamax's total 12.21 + 0.58 holds the 1.29.
    hand, result, got = replayed(LOST_WITH_THE_BET_BACK)
    assert [(a.player, a.kind, a.amount, a.street, a.line) for a in hand.actions
            if a.kind in (ActionKind.UNCALLED, ActionKind.COLLECT)] == [
        ("Player8", ActionKind.UNCALLED, D("1.29"), Street.RIVER, 43), ("Player3", ActionKind.COLLECT, D("10.92"),
                                                                       Street.SHOWDOWN, 44)]
    assert (hand.summary.total_pot, hand.summary.rake, hand.summary.pots) == (D("11.50"), D("0.58"), (D("10.92"),))
    facts = {p.player: (p.invested, p.collected, p.went_to_showdown, p.won_at_showdown) for p in result.players}
    assert facts["Player8"] == (D("4.93"), D(0), True, False)
    assert facts["Player3"] == (D("4.93"), D("10.92"), True, True)
    assert result.total_pot == D("11.50") and result.rake == D("0.58")
    assert got["Player8"] == D("-4.93") and got["Player3"] == D("5.99")
    assert result.findings == ()


LOST_WITH_THE_BET_BACK = """
Winamax Poker - CashGame - HandId: #323549-11-1286000000 - Holdem no limit (0.02€/0.05€) - 2010/10/02 10:00:00 UTC
Table: 'Reims' 9-max (real money) Seat #5 is the button
Seat 1: Player1 (5€)
Seat 2: Player2 (5€)
Seat 3: Player3 (4.93€)
Seat 4: Hero (4.93€)
Seat 5: Player5 (3.58€)
Seat 6: Player6 (1.98€)
Seat 7: Player7 (2.95€)
Seat 8: Player8 (6.43€)
Seat 9: Player9 (6.52€)
*** ANTE/BLINDS ***
Player6 posts small blind 0.02€
Player7 posts big blind 0.05€
Player1 posts big blind 0.05€ out of position
Dealt to Hero [8d 8h]
*** PRE-FLOP ***
Player8 raises 0.17€ to 0.22€
Player9 calls 0.22€
Player1 folds
Player2 folds
Player3 calls 0.22€
Hero folds
Player5 folds
Player6 folds
Player7 folds
*** FLOP *** [Jd 9d 2s]
Player8 bets 0.39€
Player9 raises 0.91€ to 1.30€
Player3 calls 1.30€
Player8 calls 0.91€
*** TURN *** [Jd 9d 2s][Kh]
Player8 checks
Player9 checks
Player3 checks
*** RIVER *** [Jd 9d 2s Kh][8s]
Player8 bets 4.70€
Player9 folds
Player3 calls 3.41€ and is all-in
*** SHOW DOWN ***
Player3 shows [Jh 4s] (One pair : Jack)
Player8 shows [Ac 7c] (High card : Ace)
Player8 collected 1.29€ from side pot 1
Player3 collected 10.92€ from main pot
*** SUMMARY ***
Total pot 12.21€ | Rake 0.58€
Board: [Jd 9d 2s Kh 8s]
Seat 1: Player1 folded on the pre-flop
Seat 2: Player2 folded on the pre-flop
Seat 3: Player3 showed [Jh 4s] and won 10.92€ with One pair : Jack
Seat 4: Hero folded on the pre-flop
Seat 5: Player5 (button) folded on the pre-flop
Seat 6: Player6 (small blind) folded on the pre-flop
Seat 7: Player7 (big blind) folded on the pre-flop
Seat 8: Player8 showed [Ac 7c] and won 1.29€ with High card : Ace
Seat 9: Player9 folded on the river
"""


WALK_IN_EUROS = """
Winamax Poker - CashGame - HandId: #1-2-3 - Holdem no limit (1€/2€) - 2017/03/28 16:50:52 UTC
Table: 'Buzau' 2-max (real money) Seat #1 is the button
Seat 1: Anna (100€)
Seat 2: Boris (100€)
*** ANTE/BLINDS ***
Anna posts small blind 1€
Boris posts big blind 2€
*** PRE-FLOP ***
Anna raises 2€ to 4€
Boris folds
Anna collected 6€ from pot
*** SUMMARY ***
Total pot 6€ | No rake
Seat 1: Anna (small blind) (button) won 6€
"""


def test_winamax_an_amount_in_another_currency_is_read_and_a_warning_at_its_line():
    """ROOM-CURRENCY: a euro table's amount written in dollars is read as written, and reported."""
    assert replay(parse_text(parse, WALK_IN_EUROS), allin_ev=False).findings == ()
    findings, got, line = in_other_currency(parse, WALK_IN_EUROS, "Anna raises 2€ to 4€", "Anna raises 2$ to 4$")
    assert findings == [("ROOM-CURRENCY", Severity.WARNING, line, "EUR", "USD")]
    assert got == {"Anna": D(2), "Boris": D(-2)}     # Boris's big blind


OUT_OF_POSITION = """
Winamax Poker - CashGame - HandId: #11-21-31 - Holdem no limit (1€/2€) - 2016/11/15 08:31:17 UTC
Table: 'Port Elizabeth 02' 5-max (real money) Seat #2 is the button
Seat 1: Hero (445.97€)
Seat 2: Anna (399.11€)
Seat 3: Boris (118.92€)
Seat 4: Vera (200€)
Seat 5: Gleb (57.43€)
Seat 6: Dasha (100€)
*** ANTE/BLINDS ***
Boris posts small blind 1€
Vera posts big blind 2€
Gleb posts small blind 3€ out of position
Gleb posts big blind 0€ out of position
Dasha denies big blind
Dealt to Hero [Qs 5s]
*** PRE-FLOP ***
Gleb checks
Hero folds
Anna calls 2€
Boris folds
Vera checks
*** FLOP *** [3c 4s 9h]
Vera checks
Gleb bets 8€
Anna folds
Vera folds
Gleb collected 15.48€ from pot
*** SUMMARY ***
Total pot 15.48€ | Rake 0.52€
Board: [3c 4s 9h]
Seat 5: Gleb won 15.48€
"""


def test_winamax_out_of_position_blinds_and_a_player_who_denies_his():
    # Gleb posts both blinds at once (3€ = 1€ dead + 2€ live) and a big blind of 0€; Dasha
    # declines hers. Gleb checks his option: his live 2€ match the big blind.
    hand, _result, got = replayed(OUT_OF_POSITION)
    assert [a.kind for a in hand.actions[:3]] == [ActionKind.POST_SB, ActionKind.POST_BB, ActionKind.POST_DEAD]
    # the pot: 1 + 2 + 3 + 2 = 8, and Gleb's 8 on the flop collected back; 16 - 0.52 = 15.48 for
    # Gleb, who put in 3 + 8
    assert got == {"Gleb": D("4.48"), "Anna": D(-2), "Boris": D(-1), "Vera": D(-2), "Hero": D(0)}
    assert "Dasha" not in got


def test_winamax_limit_stakes_are_the_bets():
    hand, _, got = replayed("""
Winamax Poker - CashGame - HandId: #2769259-665-1335035306 - Holdem fixed limit (0.05€/0.10€) - 2012/04/21 21:08:26 UTC
Table: 'Ostrava' 2-max (real money) Seat #2 is the button
Seat 1: Hero (10€)
Seat 2: Player0 (1€)
*** ANTE/BLINDS ***
Player0 posts small blind 0.02€
Hero posts big blind 0.05€
Dealt to Hero [7s Kd]
*** PRE-FLOP ***
Player0 calls 0.03€
Hero checks
*** FLOP *** [Qc 4d 4s]
Hero checks
Player0 checks
*** TURN *** [Qc 4d 4s][6s]
Hero checks
Player0 bets 0.10€
Hero folds
Player0 collected 0.19€ from pot
*** SUMMARY ***
Total pot 0.19€ | Rake 0.01€
Board: [Qc 4d 4s 6s]
Seat 1: Hero (big blind) folded on the turn
Seat 2: Player0 (small blind) (button) won 0.19€
""")
    assert hand.betting is BettingStructure.LIMIT
    assert (hand.small_blind, hand.big_blind, hand.small_bet, hand.big_bet) == (D("0.02"), D("0.05"), D("0.05"),
                                                                                D("0.10"))
    # Player0 puts in 0.02 + 0.03 + 0.10 and collects 0.19 (his 0.10 back, the rake 0.01 taken)
    assert got == {"Player0": D("0.04"), "Hero": D("-0.05")}


def test_winamax_play_money_has_no_currency_sign():
    """ROOM-CURRENCY: a table of play money writes no sign."""
    hand = parse_text(parse, """
Winamax Poker - CashGame - HandId: #4489532-965-1366095481 - Holdem no limit (0.50/1) - 2013/04/16 06:58:01 UTC
Table: 'Lexington 02' 5-max (play money) Seat #2 is the button
Seat 1: Player0 (212.27)
Seat 3: Player2 (112.20)
*** ANTE/BLINDS ***
Player2 posts small blind 0.50
Player0 posts big blind 1
*** PRE-FLOP ***
Player2 folds
Player0 collected 1.50 from pot
*** SUMMARY ***
Total pot 1.50 | No rake
Seat 1: Player0 (big blind) won 1.50
""")
    assert (hand.currency, hand.summary.rake, hand.info.site) == ("play", D(0), "Winamax")


@pytest.mark.parametrize(("header", "game"), [
    ("Winamax Poker - CashGame - HandId: #1-2-3 - Omaha pot limit (1€/2€) - 2016/11/15 08:31:17 UTC",
     "Winamax Omaha pot limit is not supported yet"),
    ("Winamax Poker - CashGame - HandId: #1-2-3 - Omaha5 pot limit (5€/10€) - 2017/03/18 08:51:13 UTC",
     "Winamax Omaha5 pot limit is not supported yet"),
])
def test_winamax_other_games_go_to_quarantine_naming_the_game(header, game):
    with pytest.raises(ParseError, match=game):
        parse_text(parse, header)


def test_winamax_tournament_summary_is_not_taken_for_a_hand():
    with pytest.raises(ParseError, match="tournament summary is not a hand"):
        parse_text(parse, "Winamax Poker - Tournament summary : Freeroll 150€(5142226)\nPlayer : Hero")


def test_winamax_corpus_every_holdem_hand_stored_without_error_and_nets_as_fpdb():
    folder = corpus("rooms", "Winamax")
    run = read_room(folder)
    assert len(run.stored) == 9
    assert run.errors() == []
    assert all("is not supported yet" in reason for reason in run.quarantined), run.quarantined
    checked = 0
    for hp in sorted(folder.rglob("*.hp")):
        if hp.name.startswith(("NLHE", "LHE")):
            assert nets(run, hp.with_suffix("").name) == expected_nets(hp), hp.name
            checked += 1
    assert checked == 4


def test_winamax_chat_and_timed_out_lines_are_read_and_change_nothing():
    _, _, got = replayed("""
Winamax Poker - CashGame - HandId: #1-2-3 - Holdem no limit (1€/2€) - 2017/03/28 16:50:52 UTC
Table: 'Buzau' 3-max (real money) Seat #1 is the button
Seat 1: Anna (100€)
Seat 2: Boris (100€)
Seat 3: Vera (100€)
*** ANTE/BLINDS ***
Boris posts small blind 1€
Vera posts big blind 2€
*** PRE-FLOP ***
Anna said, "gl all"
Anna raises 4€ to 6€
Boris folds
Vera has timed out
Vera folds
Anna collected 9€ from pot
*** SUMMARY ***
Total pot 9€ | No rake
Seat 1: Anna (button) won 9€
""")
    # Winamax's collect holds the raise nobody called: 9 = her 6 back, the blinds' 1 + 2
    assert got == {"Anna": D(3), "Boris": D(-1), "Vera": D(-2)}
