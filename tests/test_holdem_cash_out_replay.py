"""What the rules pay a Hold'em player who cashed out, on the replay pages: the cash-out the room paid
him, in place of his share of the pots where he sold it (PokerStars), never that share alone.

The hands are PokerStars' own (fpdb's sample files 2025-NL-6max-USD-0.05-0.10.cashout.txt and
6+Holdem-6max-USD-0.25-0.25.multiple.Cash.Out.txt, players named as there); the figures are
worked by hand from their lines.
"""

from __future__ import annotations

from decimal import Decimal as D

from dashboards.replay_views import cash_out_notes, holdem_results
from pipeline.audit import audit_bytes
from tests.conftest import ROOT

# Player1 (Q♠ J♠) and Player3 (10♥ 10♣) each put in 13.53: 0.90 before the flop, 0.93 on it, and
# Player1's last 11.70 on the turn, which Player3 calls of his 14.96 (3.26 back). The pot is
# 2 × 13.53 + the blinds 0.05 and 0.10 = 27.21, less the rake 1.25: Player1's queens full take 25.96.
# Player3 lost, but cashed out the hand for 22.77 (fee apart): the room pays him that.
LOSER_CASHED_OUT = """\
PokerStars Hand #257180854570: Hold'em No Limit ($0.05/$0.10 USD) - 2025/08/02 11:24:53 CET [2025/08/02 5:24:53 ET]
Table 'Wezen' 6-max Seat #3 is the button
Seat 1: Player1 ($13.53 in chips)
Seat 2: Player2 ($10 in chips)
Seat 3: Player3 ($18.39 in chips)
Seat 4: Hero ($15.35 in chips)
Seat 5: Player5 ($3.67 in chips)
Seat 6: Player6 ($2.76 in chips)
Hero: posts small blind $0.05
Player5: posts big blind $0.10
*** HOLE CARDS ***
Dealt to Hero [9s 6s]
Player6: folds
Player1: raises $0.20 to $0.30
Player2: folds
Player3: raises $0.60 to $0.90
Hero: folds
Player5: folds
Player1: calls $0.60
*** FLOP *** [Qh Ad Ts]
Player1: bets $0.93
Player3: calls $0.93
*** TURN *** [Qh Ad Ts] [As]
Player1: bets $3.62
Player3: raises $3.78 to $7.40
Player1: raises $3.78 to $11.18
Player3: raises $3.78 to $14.96
Player1: calls $0.52 and is all-in
Uncalled bet ($3.26) returned to Player3
*** RIVER *** [Qh Ad Ts As] [Qd]
*** SHOW DOWN ***
Player1: shows [Qs Js] (a full house, Queens full of Aces)
Player3: shows [Th Tc] (a full house, Tens full of Aces)
Player1 collected $25.96 from pot
Player3 cashed out the hand for $22.77 | Cash Out Fee $0.46
*** SUMMARY ***
Total pot $27.21 | Rake $1.25
Board [Qh Ad Ts As Qd]
Seat 1: Player1 showed [Qs Js] and won ($25.96) with a full house, Queens full of Aces
Seat 2: Player2 folded before Flop (didn't bet)
Seat 3: Player3 (button) showed [Th Tc] and lost with a full house, Tens full of Aces (cashed out)
Seat 4: Hero (small blind) folded before Flop
Seat 5: Player5 (big blind) folded before Flop
Seat 6: Player6 folded before Flop (didn't bet)
"""

# Player0 (A♦ K♣) is all in for 36.09 (ante 0.25 and 35.84), Hero (A♥ A♣) calls; Player1, 2 and 3
# leave 0.50 each (ante and the button blind or a call). The pot 73.68, less the rake 2, is Hero's
# 71.68 by the rules (two pair over a pair of queens), but Hero cashed out for 60.26 and Player0,
# who lost, for 10.70: the room paid both, and Hero's share is "not awarded" to him.
WINNER_CASHED_OUT = ("""\
PokerStars Hand #213326978771:  6+ Hold'em No Limit (Button Blind\xa0$0.25 - Ante\xa0$0.25  USD) - 2020/05/05 16:31:20 WET [2020/05/05 11:31:20 ET]
Table 'Harding II' 6-max Seat #2 is the button
Seat 1: Player0 ($36.09 in chips)
Seat 2: Player1 ($74.61 in chips)
Seat 3: Player2 ($6.18 in chips)
Seat 4: Player3 ($62.95 in chips)
Seat 6: Hero ($43.19 in chips)
Player1: posts button blind $0.25
Player0: posts the ante $0.25
Player1: posts the ante $0.25
Player2: posts the ante $0.25
Player3: posts the ante $0.25
Hero: posts the ante $0.25
*** HOLE CARDS ***
Dealt to Hero [Ah Ac]
Player2: calls $0.25
Player3: calls $0.25
Hero: raises $2.25 to $2.50
Player0: raises $33.34 to $35.84 and is all-in
Player1: folds
Player2: folds
Player3: folds
Hero: calls $33.34
*** FLOP *** [Qs 7c Qd]
*** TURN *** [Qs 7c Qd] [8d]
*** RIVER *** [Qs 7c Qd 8d] [9d]
*** SHOW DOWN ***
Hero: shows [Ah Ac] (two pair, Aces and Queens)
Player0: shows [Ad Kc] (a pair of Queens)
Player0 cashed out the hand for $10.70 | Cash Out Fee $0.11
Hero cashed out the hand for $60.26 | Cash Out Fee $0.61
*** SUMMARY ***
Total pot $73.68 | Rake $2
Board [Qs 7c Qd 8d 9d]
Seat 1: Player0 showed [Ad Kc] and lost with a pair of Queens (cashed out).
Seat 2: Player1 (button blind) folded before Flop
Seat 3: Player2 folded before Flop
Seat 4: Player3 folded before Flop
Seat 6: Hero showed [Ah Ac] and won ($71.68) with two pair, Aces and Queens (pot not awarded as player cashed out)
""")


# GGPoker's EV Cashout: d31522d6 (K♦ Q♦) is all in for 44.37 (the big blind 0.50, 3.00, 5.50 and
# 35.37), called by 4d960f58 (A♣ A♠, 1.10 + 7.90 + 6 + 29.37 = 44.37); with Hero's small blind 0.25 the
# pot is 88.99, less the rake 4 and the jackpot 0.50: 84.49, which his straight (A K Q J T) takes.
# He took the EV Cashout on the turn, so the room keeps 19 of it (Cashout Risk): the rules pay him
# 84.49 - 19 = 65.49, his net 65.49 - 44.37 = 21.12.
PAID_THE_ROOM = (ROOT / "tests" / "fixtures" / "ggpoker" / "ev-cashout-HD2735972142.txt").read_text(encoding="utf-8")


def results(text: bytes, room: str = "cash_out") -> tuple[dict, object]:
    """Each player's row: put in, what the rules pay, the net by the rules, what the room paid him
    (``room="cash_out"``) or he paid the room (``"paid_the_room"``), what the log's collect lines pay
    him, and his net in the log."""
    (game,) = audit_bytes(text, "cash-out.txt")
    assert game.replay.owed_known and not game.replay.findings
    table = holdem_results(game.replay)
    return {row["player"]: (row["invested"], row["owed"], row["net"], row[room], row["collected"],
                            row["net_in_log"])
            for row in table.iter_rows(named=True)}, game.replay


def test_a_player_who_lost_and_cashed_out_is_paid_the_cash_out_by_the_rules():
    rows, replay = results(LOSER_CASHED_OUT.encode())
    assert rows["Player1"] == (D("13.53"), D("25.96"), D("12.43"), D(0), D("25.96"), D("12.43"))
    # the pots pay him nothing; the room 22.77: his net by the rules 22.77 - 13.53, as in the log
    assert rows["Player3"] == (D("13.53"), D("22.77"), D("9.24"), D("22.77"), D(0), D("9.24"))
    assert cash_out_notes(replay, whole=False) == [
        ("Player3 cashed out the hand for 22.77: the share of the pots (0.00 by the rules) was sold to the room, "
         "which paid 22.77 in its place; the rules pay that.")]


def test_a_cashed_out_players_allin_ev_is_the_equity_share_of_the_pot_not_the_cash_out():
    # The all-in is on the turn (Qh Ad Ts As). Of the 44 cards left, Qc and Qd (queens full), Ac and Ah
    # (aces full of queens) and Ks (a royal flush) win for Player1, the 39 others for Player3's tens full.
    # The pot's net 25.96: Player3 39/44 x 25.96 = 23.01, Player1 5/44 x 25.96 = 2.95, each less 13.53.
    # The cash-out (22.77, a net of +9.24) is a deal with the room after the all-in, left out of the EV.
    (game,) = audit_bytes(LOSER_CASHED_OUT.encode(), "cash-out.txt")
    facts = {player.player: (player.net, player.allin_ev_net) for player in game.replay.players}
    assert facts["Player3"] == (D("9.24"), D("9.48"))
    assert facts["Player1"] == (D("12.43"), D("-10.58"))


def test_a_winner_who_cashed_out_is_paid_the_cash_out_in_place_of_the_pot_he_sold():
    rows, replay = results(WINNER_CASHED_OUT.encode("latin-1"))    # (the header's spaces are bytes A0)
    # his pot is "not awarded": the collect lines pay him nothing, the room 60.26
    assert rows["Hero"] == (D("36.09"), D("60.26"), D("24.17"), D("60.26"), D(0), D("24.17"))
    assert rows["Player0"] == (D("36.09"), D("10.70"), D("-25.39"), D("10.70"), D(0), D("-25.39"))
    assert {name: row[2] for name, row in rows.items() if name not in ("Hero", "Player0")} == dict.fromkeys(
        ("Player1", "Player2", "Player3"), D("-0.50"))
    assert "Hero cashed out the hand for 60.26: the share of the pots (71.68 by the rules) was sold" in " ".join(
        cash_out_notes(replay, whole=False))


def test_a_hand_without_a_cash_out_has_no_cash_out_column():
    from tests.test_replayer import HAND

    (game,) = audit_bytes(HAND.encode(), "hand.txt")
    assert "cash_out" not in holdem_results(game.replay).columns and cash_out_notes(game.replay, False) == []


def test_what_a_player_paid_the_room_is_shown_as_paid_never_as_a_negative_cash_out():
    rows, replay = results(PAID_THE_ROOM.encode(), room="paid_the_room")
    assert "cash_out" not in holdem_results(replay).columns     # the room paid no one
    # he collected 84.49 from the pot, as the log's collect line says, and paid the room 19
    assert rows["d31522d6"] == (D("44.37"), D("65.49"), D("21.12"), D(19), D("84.49"), D("21.12"))
    assert rows["4d960f58"] == (D("44.37"), D(0), D("-44.37"), D(0), D(0), D("-44.37"))
    assert cash_out_notes(replay, whole=False) == [
        ("d31522d6 took an EV Cashout and paid the room 19.00 of the share of the pots (84.49 by the rules) "
         "as its Cashout Risk: the rules pay that share less 19.00, 65.49.")]
