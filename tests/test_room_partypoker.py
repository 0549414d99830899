"""PartyPoker hands: read by parsers/partypoker.py, replayed by the one Hold'em engine.

The hands written here are worked by hand: the expected nets are counted from the lines, not
copied from the code. The corpus tests read ../shared/corpora (skipped when absent): the
rooms/PartyPoker samples, fpdb's expected results (.hp) and the 224 PartyPoker hands kept
among the PokerStars texts.
"""

from __future__ import annotations

import ast
import collections
import re
from decimal import Decimal

import pytest

from parsers.errors import ParseError
from parsers.formats import HEADERS, parse_chunk
from parsers.partypoker import money, parse
from parsers.source import decode, normalize_lines, split, split_games
from pipeline.worker import parse_bytes
from rules.findings import Severity
from rules.holdem_engine import replay
from rules.holdem_hand import ActionKind, BettingStructure, Street
from tests.conftest import corpus
from tests.room_corpus import in_other_currency, parse_text

D = Decimal


def _hands(text: str):
    chunks = split(text.strip("\n"))
    assert [c.format for c in chunks] == ["partypoker"] * len(chunks), [c.format for c in chunks]
    return [parse_chunk(c, "hand.txt") for c in chunks]


def _nets(hand) -> dict[str, Decimal]:
    result = replay(hand)
    assert [f for f in result.findings if f.severity is Severity.ERROR] == []
    return {p.player: p.net for p in result.players}


UNCALLED_IN_THE_WIN = """
Game #9582251255 starts.

#Game No : 9582251255
***** Hand History for Game 9582251255 *****
$0.10/$0.25 USD NL Texas Hold'em - Tuesday, June 19, 23:00:41 EDT 2018
Table Clifton (Real Money)
Seat 1 is the button
Total number of players : 4/9
Seat 1: Anna ( $10 USD )
Seat 2: Boris ( $20 USD )
Seat 3: Vera ( $5 USD )
Seat 4: Gleb ( $7 USD )
Gleb is sitting out
Boris posts small blind [$0.10 USD].
Vera posts big blind [$0.25 USD].
** Dealing down cards **
Dealt to Anna [  Js Th ]
Anna raises [$0.75 USD]
Vera has joined the table.
Anna will be using their time bank for this hand.
Boris calls [$0.65 USD].
Vera folds
Anna: nice
** Dealing Flop ** [ As, 6h, Qc ]
Boris checks
Anna bets [$1.20 USD]
Boris folds
Anna does not show cards.
Anna wins $2.85 USD
Game #9582251256 starts.
"""


def test_partypoker_win_pays_the_uncalled_bet_back_and_the_rake_is_what_it_leaves():
    """ROOM-UNCALLED and ROOM-RAKE: the win holds the uncalled bet; the rake is what it leaves."""
    # The preamble lines open the hand; the next hand's "Game #… starts." is no part of it.
    # Gleb sits out: seated, not dealt in.
    # Pot: Anna 0.75 + Boris 0.75 + Vera 0.25 = 1.75; Anna's flop bet of 1.20 comes back.
    # "wins $2.85" = 1.20 back + 1.65 of the pot: the rake is 0.10.
    [hand] = _hands(UNCALLED_IN_THE_WIN)
    assert hand.source.first_line == 1 and hand.hand_id == "9582251255"
    assert hand.big_blind == D("0.25") and hand.currency == "USD" and hand.button_seat == 1
    tail = [(a.player, a.kind, a.amount) for a in hand.actions[-2:]]
    assert tail == [("Anna", ActionKind.UNCALLED, D("1.20")), ("Anna", ActionKind.COLLECT, D("1.65"))]
    assert hand.summary.total_pot == D("1.75") and hand.summary.rake == D("0.10")
    assert _nets(hand) == {"Anna": D("1.65") - D("0.75"), "Boris": D("-0.75"), "Vera": D("-0.25")}


def test_partypoker_a_win_that_is_only_the_bet_nobody_called_is_no_win_at_the_showdown():
    """ROOM-UNCALLED: a win line that pays a player back only his own bet, from a side pot of his chips
    alone, is the return of that bet: he lost the showdown."""
    # (a sample of 2010) Player5's small blind of 0.01 is all he has; Hero's big blind 0.04, and all
    # the others fold. 0.03 of Hero's blind nobody could match is his "side pot 1"; Player5's pair
    # wins the main pot, 0.01 + 0.01 = 0.02. Hero put in 0.01 and won nothing.
    [hand] = _hands("""
#Game No : 9498788316
***** Hand History for Game 9498788316 *****
$1.60 USD NL Texas Hold'em - Wednesday, August 04, 15:02:33 EDT 2010
Table 20BB Min #1847547 (No DP) (Real Money)
Seat 2 is the button
Total number of players : 5/6
Seat 5: Player1 ( $1.60 USD )
Seat 1: Player2 ( $2.45 USD )
Seat 4: Hero ( $2.18 USD )
Seat 2: Player4 ( $2.80 USD )
Seat 3: Player5 ( $0.01 USD )
Player5 posts small blind [$0.01 USD].
Hero posts big blind [$0.04 USD].
** Dealing down cards **
Dealt to Hero [  6s 2c ]
Player1 folds
Player2 folds
Player4 folds
** Dealing Flop ** [ 9d, Ah, 3h ]
** Dealing Turn ** [ Js ]
** Dealing River ** [ Kc ]
Player5 shows [ 5h, 5s ]a pair of Fives.
Hero shows [ 6s, 2c ]high card Ace.
Hero wins $0.03 USD from the side pot 1 with high card, Ace.
Player5 wins $0.02 USD from the main pot with a pair of Fives.
""")
    assert [(a.player, a.kind, a.amount, a.street, a.line) for a in hand.actions
            if a.kind in (ActionKind.UNCALLED, ActionKind.COLLECT)] == [
        ("Hero", ActionKind.UNCALLED, D("0.03"), Street.PREFLOP, 24),
        ("Player5", ActionKind.COLLECT, D("0.02"), Street.SHOWDOWN, 25)]
    assert (hand.summary.total_pot, hand.summary.rake, hand.summary.pots) == (D("0.02"), D(0), ())
    result = replay(hand)
    facts = {p.player: (p.invested, p.collected, p.went_to_showdown, p.won_at_showdown) for p in result.players}
    assert facts["Hero"] == (D("0.01"), D(0), True, False)
    assert facts["Player5"] == (D("0.01"), D("0.02"), True, True)
    assert result.total_pot == D("0.02")
    assert _nets(hand) == {"Player1": D(0), "Player2": D(0), "Hero": D("-0.01"), "Player4": D(0),
                           "Player5": D("0.01")}


# A real hand of the room's samples (NLHE-6max-USD-0.02-0.04-201209.club.wpt.format.txt, game
# 12085686644): Hero raises the limper, 0.08 more over his big blind to 0.12, Player0 calls; Hero's
# flop bet of 0.18 is folded to. Pot: Player3's small blind 0.02 + 0.12 + 0.12 = 0.26. "wins $0.43"
# holds the 0.18 back: 0.25 of the pot, a rake of 0.01, taken on the flop, where Player0 folded.
# Hero +0.13, Player0 -0.12, Player3 -0.02.
FOLDED_ON_THE_FLOP = """
Game #12085686644 starts.

#Game No : 12085686644
***** Hand History for Game 12085686644 *****
$5 USD NL Texas Hold'em - Saturday, September 08, 15:40:50 EDT 2012
Table Supersonic (Real Money)
Seat 1 is the button
Total number of players : 6/6
Seat 5: Player0 ( $1.66 USD )
Seat 6: Player1 ( $6.14 USD )
Seat 3: Hero ( $4 USD )
Seat 4: Player2 ( $17.28 USD )
Seat 2: Player3 ( $2.29 USD )
Seat 1: Player4 ( $1.56 USD )
Player3 posts small blind [$0.02 USD].
Hero posts big blind [$0.04 USD].
** Dealing down cards **
Dealt to Hero [  Jh Kh ]
Player2 folds
Player0 calls [$0.04 USD]
Player1 folds
Player4 folds
Player3 folds
Hero raises [$0.08 USD]
Player0 calls [$0.08 USD]
** Dealing Flop ** [ 8s, Jd, 5h ]
Hero bets [$0.18 USD]
Player0 folds
Hero does not show cards.
Hero wins $0.43 USD
"""


def test_partypoker_a_pot_the_others_fold_to_is_won_on_the_street_of_the_last_fold():
    """As PokerStars writes it: no showdown when one player is left, the win taken where the last folded."""
    [hand] = _hands(FOLDED_ON_THE_FLOP)
    assert [(a.player, a.kind, a.amount, a.street) for a in hand.actions
            if a.kind in (ActionKind.UNCALLED, ActionKind.COLLECT)] == [
        ("Hero", ActionKind.UNCALLED, D("0.18"), Street.FLOP), ("Hero", ActionKind.COLLECT, D("0.25"), Street.FLOP)]
    assert (hand.summary.total_pot, hand.summary.rake) == (D("0.26"), D("0.01"))
    assert _nets(hand) == {"Hero": D("0.13"), "Player0": D("-0.12"), "Player3": D("-0.02"), "Player1": D(0),
                           "Player2": D(0), "Player4": D(0)}


def test_partypoker_room_currency_an_amount_in_euros_at_a_table_of_dollars_is_read_and_a_warning():
    """ROOM-CURRENCY: every amount of a PartyPoker hand carries the game line's currency, sign or code."""
    # Boris calls in euros (sign and code) at a table of dollars: read as written, the nets unchanged
    findings, got, line = in_other_currency(parse, UNCALLED_IN_THE_WIN, "Boris calls [$0.65 USD].",
                                            "Boris calls [€0.65 EUR].")
    assert findings == [("ROOM-CURRENCY", Severity.WARNING, line, "USD", "EUR")]
    assert got == {"Anna": D("0.90"), "Boris": D("-0.75"), "Vera": D("-0.25")}
    # a dollar sign with a code of pounds: the code names another currency
    findings, _, line = in_other_currency(parse, UNCALLED_IN_THE_WIN, "Anna bets [$1.20 USD]", "Anna bets [$1.20 GBP]")
    assert findings == [("ROOM-CURRENCY", Severity.WARNING, line, "USD", "GBP")]
    # the euro table's sign after the digits, a dollar's
    findings, _, line = in_other_currency(parse, DEAD_AND_ALL_IN_EUR, "Player5 posts big blind + dead [0,35 €].",
                                          "Player5 posts big blind + dead [0,35 $].")
    assert findings == [("ROOM-CURRENCY", Severity.WARNING, line, "EUR", "USD")]


def test_partypoker_room_currency_bare_amounts_and_tournament_chips_are_no_finding():
    """ROOM-CURRENCY: an amount without a mark is in the hand's currency."""
    findings, _, _ = in_other_currency(parse, UNCALLED_IN_THE_WIN, "Boris calls [$0.65 USD].", "Boris calls [0.65].")
    assert findings == []


def test_partypoker_room_rake_a_win_that_pays_only_the_uncalled_bet_leaves_the_whole_pot_to_rake():
    """ROOM-RAKE: the rake PartyPoker leaves unwritten (the pot less the wins) is never the whole pot."""
    # Anna's win pays back only her uncalled 1.20: the 1.75 pot would all be rake, an error at the win line
    text = UNCALLED_IN_THE_WIN.replace("Anna wins $2.85 USD", "Anna wins $1.20 USD")
    result = replay(parse_text(parse, text), allin_ev=False)
    line = text.strip("\n").split("\n").index("Anna wins $1.20 USD") + 1
    assert [(f.rule_id, f.severity, f.line, f.actual) for f in result.findings] == [
        ("ROOM-RAKE", Severity.ERROR, line, "1.75")]


DEAD_AND_ALL_IN_EUR = """
***** Hand History for Game 11253035050 *****
€25 EUR NL Texas Hold'em - Friday, December 30, 20:52:00 CET 2011
Table Table  187339 (Real Money)
Seat 1 is the button
Total number of players : 4/6
Seat 1: Player3 ( €72.87 EUR )
Seat 2: Player0 ( €25.28 EUR )
Seat 3: Player4 ( €2,50 EUR )
Seat 4: Player5 ( €20 EUR )
Player0 posts small blind [€0.10 EUR].
Player4 posts big blind [€0.25 EUR].
Player5 posts big blind + dead [0,35 €].
** Dealing down cards **
Player5 raises [€0.75 EUR]
Player3 folds
Player0 folds
Player4 is all-In  [€2,25 EUR]
Player5 calls [€1.50 EUR]
** Dealing Flop ** [ 5s, Jc, 7c ]
** Dealing Turn ** [ 2d ]
** Dealing River ** [ 9h ]
Player4 shows [ Ah, Ad ]a pair of Aces.
Player5 shows [ Kh, Kd ]a pair of Kings.
Player4 wins €5.00 EUR from the main pot with a pair of Aces.
"""


def test_partypoker_dead_blind_decimal_comma_and_all_in_raise():
    """ROOM-DEAD-BLIND, ROOM-ALL-IN and ROOM-CURRENCY: 'big blind + dead', 'is all-In [X]' as chips added, euros."""
    # "big blind + dead [0,35 €]": 0.25 live and 0.10 dead. Player5 raises 0.75 more: to 1.00.
    # Player4 all-in for 2,25 more: to 2.50, a raise of 1.50. Player5 calls 1.50.
    # Pot: 0.10 + 2.50 + 2.50 + 0.10 dead = 5.20; the win pays 5.00: rake 0.20.
    [hand] = _hands(DEAD_AND_ALL_IN_EUR)
    dead = next(a for a in hand.actions if a.kind is ActionKind.POST_DEAD)
    assert (dead.player, dead.amount) == ("Player5", D("0.35"))
    allin = next(a for a in hand.actions if a.is_all_in and a.kind is ActionKind.RAISE)
    assert (allin.player, allin.amount, allin.raise_to) == ("Player4", D("1.50"), D("2.50"))
    assert hand.currency == "EUR" and hand.summary.rake == D("0.20")
    assert _nets(hand) == {"Player0": D("-0.10"), "Player4": D("2.50"), "Player5": D("-2.60"), "Player3": D(0)}


NEW_FORMAT_WITH_SUMMARY = """
***** Hand History For Game 12566995177 *****
0.50/1 Texas Hold'em Game Table (NL)  -  Sun Jan 20 13:58:07 EST 2013
Table Table Calarasi  (Real Money) -- Seat 4 is the button
Total number of players : 4/6
Seat 1: Player3 ($137.41)
Seat 2: Player0 ($30)
Seat 3: Hero ($100)
Seat 4: Player2 ($95)
Player3 posts small blind (0.5)
Player0 posts big blind (1.0)
** Dealing down cards **
Dealt to Hero [ Ad, 5d ]
Hero raises 3.0 to 3.0
Player2 calls (3.0)
Player3 folds
Player0 folds
** Dealing Flop ** :  [ 9h, Kh, Qc ]
Hero checks
Player2 checks
** Dealing Turn ** :  [ 9d ]
Hero checks
Player2 checks
** Dealing River ** :  [ 2d ]
Hero checks
Player2 checks
Hero shows [ Ad, 5d ]a pair of Nines.
Player2 shows [ As, Th ]a pair of Nines.
Hero wins $3.57 USD from the main pot with a pair of Nines.Player2 wins $3.56 USD from the main pot with a pair of Nines.
** Summary **
Main Pot: $7.13 Rake: $0.37
Board: [ 9h Kh Qc 9d 2d ]
Player0 balance $29, lost $1 (folded)
Hero balance $100.57, bet $3, collected $3.57, net +$0.57 [ Ad 5d ] [ a pair of nines -- Ad,Kh,Qc,9h,9d ]
"""


def test_partypoker_2013_format_split_pot_two_wins_on_one_line():
    """ROOM-ODD-CHIP: the odd cent of a split to the first winner clockwise from the button."""
    # Pot 3 + 3 + 0.5 + 1 = 7.50, rake 0.37: 7.13 split, the odd cent to Hero (first from the button).
    [hand] = _hands(NEW_FORMAT_WITH_SUMMARY)
    assert hand.summary.total_pot == D("7.50") and hand.summary.rake == D("0.37")
    assert _nets(hand) == {"Hero": D("0.57"), "Player2": D("0.56"), "Player3": D("-0.5"), "Player0": D("-1.0")}


def test_partypoker_limit_stakes_are_the_bet_sizes_and_the_blinds_the_posts():
    text = UNCALLED_IN_THE_WIN.replace("$0.10/$0.25 USD NL Texas Hold'em", "$0.25/$0.50 USD Texas Hold'em")
    text = text.replace("raises [$0.75 USD]", "raises [$0.50 USD]").replace("calls [$0.65 USD]", "calls [$0.40 USD]")
    text = text.replace("bets [$1.20 USD]", "bets [$0.25 USD]").replace("wins $2.85 USD", "wins $1.40 USD")
    [hand] = _hands(text)
    assert hand.betting is BettingStructure.LIMIT
    assert (hand.small_blind, hand.big_blind, hand.small_bet, hand.big_bet) == (D("0.10"), D("0.25"), D("0.25"),
                                                                              D("0.50"))
    # the stakes are named by the bets, as PokerStars names Limit stakes (not by the blinds, 0.10/0.25)
    assert hand.stakes == "$0.25/$0.50 USD"
    # pot 0.50 + 0.50 + 0.25 = 1.25; the win pays 0.25 back and 1.15: rake 0.10
    assert _nets(hand) == {"Anna": D("0.65"), "Boris": D("-0.50"), "Vera": D("-0.25")}


SMALL_BLIND_ALL_IN_SHORT = """
***** Hand History for Game 2 *****
$1.60 USD NL Texas Hold'em - Wednesday, August 04, 15:02:33 EDT 2010
Table Oslo (Real Money)
Seat 1 is the button
Total number of players : 3/6
Seat 1: Anna ( $2 USD )
Seat 2: Boris ( $0.01 USD )
Seat 3: Vera ( $2 USD )
Boris posts small blind [$0.01 USD].
Vera posts big blind [$0.04 USD].
** Dealing down cards **
Anna calls [$0.04 USD]
Vera checks
** Dealing Flop ** [ 9d, Ah, 3h ]
Vera checks
Anna checks
** Dealing Turn ** [ Js ]
Vera checks
Anna checks
** Dealing River ** [ Kc ]
Vera checks
Anna checks
Boris shows [ 5h, 5s ]a pair of Fives.
Vera shows [ Tc, 2c ]high card Ace.
Anna shows [ 7c, 4d ]high card Ace.
Vera wins $0.06 USD from the side pot 1 with high card, Ace.
Boris wins $0.03 USD from the main pot with a pair of Fives.
"""


def test_partypoker_a_small_blind_posted_all_in_short_at_a_buy_in_table_is_not_the_stakes():
    """A game line of the buy-in alone: Boris's last cent is a small blind short of the table's,
    whose small blind is the room's of a $0.04 big blind, half of it."""
    [hand] = _hands(SMALL_BLIND_ALL_IN_SHORT)
    assert (hand.small_blind, hand.big_blind, hand.stakes) == (D("0.02"), D("0.04"), "$0.02/$0.04 USD")
    assert not hand.small_blind_stated      # the hand shows no small blind posted in full
    # main pot 3 × 0.01 = 0.03 (Boris's fives); side pot 2 × 0.03 = 0.06 (Vera's ace-king-jack-ten); no rake
    assert hand.summary.total_pot == D("0.09") and hand.summary.rake == 0
    assert _nets(hand) == {"Anna": D("-0.04"), "Boris": D("0.02"), "Vera": D("0.02")}


AT_A_QUARTER_BIG_BLIND = """
***** Hand History for Game 3 *****
{game} - Tuesday, June 19, 23:00:41 EDT 2018
Table Clifton (Real Money)
Seat 1 is the button
Total number of players : 3/9
Seat 1: Anna ( $10 USD )
Seat 2: Boris ( {stack} USD )
Seat 3: Vera ( $10 USD )
{posts}Vera posts big blind [$0.25 USD].
** Dealing down cards **
Anna folds
{play}
"""
_ALL_IN_FOR_5 = ("Boris posts small blind [$0.05 USD].\n",
                 ("** Dealing Flop ** [ 9d, Ah, 3h ]\n** Dealing Turn ** [ Js ]\n** Dealing River ** [ Kc ]\n"
                  "Boris shows [ 5h, 5s ]a pair of Fives.\nVera shows [ Tc, 2c ]high card Ace.\n"
                  "Vera wins $0.20 USD from the side pot 1 with high card, Ace.\n"
                  "Boris wins $0.10 USD from the main pot with a pair of Fives."))


@pytest.mark.parametrize(("game", "stack", "posts", "play", "stakes", "stated"), [
    # the room's $0.10/$0.25 tables: its small blind of a $0.25 big blind is $0.10, not half of it
    ("$25 USD NL Texas Hold'em", "$0.05", *_ALL_IN_FOR_5, "$0.10/$0.25 USD", False),
    # nobody posts the small blind (its player left): the room's small blind of the big blind
    ("$25 USD NL Texas Hold'em", "$10", "", "Boris folds\nVera wins $0.25 USD", "$0.10/$0.25 USD", False),
    # a small blind posted in full is the table's
    ("$25 USD NL Texas Hold'em", "$10", "Boris posts small blind [$0.10 USD].\n", "Boris folds\nVera wins $0.35 USD",
     "$0.10/$0.25 USD", True),
    # stakes the game line states win over the posts
    ("$0.05/$0.25 USD NL Texas Hold'em", "$0.05", *_ALL_IN_FOR_5, "$0.05/$0.25 USD", True),
])
def test_partypoker_small_blind_of_a_buy_in_table_is_the_first_posted_in_full_else_the_rooms(
        game, stack, posts, play, stakes, stated):
    [hand] = _hands(AT_A_QUARTER_BIG_BLIND.format(game=game, stack=stack, posts=posts, play=play))
    assert (hand.stakes, hand.small_blind_stated) == (stakes, stated)
    # Boris's 0.05 all in against 0.05 of Vera's blind, the main pot of 0.10; her 0.20 over it is her side pot
    assert _nets(hand) == ({"Anna": 0, "Boris": D("0.05"), "Vera": D("-0.05")} if posts == _ALL_IN_FOR_5[0] else
                           {"Anna": 0, "Boris": D("-0.10") if posts else 0, "Vera": D("0.10") if posts else 0})


def test_partypoker_corpus_a_blind_posted_all_in_short_leaves_the_tables_stakes():
    """The samples of each case: the small blind all in for $0.01 at a $0.02/$0.04 table (the
    game line gives the $1.60 buy-in), and the big blind all in for $0.01 at a $0.01/$0.02 one,
    which Player1's call of $0.02 shows."""
    folder = corpus("rooms", "PartyPoker", "Flop")
    stakes = {}
    for name in ("NLHE-USD-0.02-0.04-20100804.smallBlindIsForcedAllIn.txt",
                 "NLHE-USD-0.01-0.02-20100731.bigBlindIsForcedAllIn.txt"):
        for chunk in split(decode((folder / name).read_bytes())):
            hand = parse_chunk(chunk, name)
            stakes[hand.hand_id] = hand.stakes
    assert stakes == {"9498788316": "$0.02/$0.04 USD", "9485557849": "$0.01/$0.02 USD"}


# The samples whose file name does not give their hands' stakes: the Mac client's hands of a
# $0.25/$0.50 file post $0.10 and $0.25 (Player2's $0,10 and Player4's $0,25).
NAMED_OTHER_STAKES = {"NLHE-6max-USD-0.25-0.50-201212.Mac.Format.txt": ("0.10", "0.25")}


def test_partypoker_corpus_every_no_limit_and_pot_limit_hand_has_the_stakes_its_file_names():
    """Every sample's name gives its table's blinds (`NLHE-USD-0.02-0.04-…`): the stakes read, from
    the game line or from the posts, are those, whatever blind a short stack posted all in."""
    checked, unlike = 0, []
    for path, chunk in _corpus_hands("rooms", "PartyPoker"):
        named = re.search(r"-(\d+(?:\.\d+)?)-(\d+(?:\.\d+)?)[-.]", path.name)
        if chunk.format != "partypoker" or named is None:
            continue
        try:
            hand = parse_chunk(chunk, str(path))
        except ParseError:
            continue
        if hand.betting is BettingStructure.LIMIT or hand.is_tournament:
            continue
        expected = tuple(map(D, NAMED_OTHER_STAKES.get(path.name, named.groups())))
        checked += 1
        if (hand.small_blind, hand.big_blind) != expected:
            unlike.append(f"{path.name} #{hand.hand_id}: {hand.stakes}, named {expected}")
    assert checked >= 25, checked
    assert not unlike, "\n".join(unlike)


def test_partypoker_money_decimal_comma_and_thousands():
    assert money("$0,25 USD") == D("0.25") and money("0,35 €") == D("0.35")
    assert money("3,000") == D("3000") and money("$1,234.50") == D("1234.50")
    assert money("$9.08  USD") == D("9.08") and money("0,5") == D("0.5")


@pytest.mark.parametrize(("written", "as_written", "line", "column"), [
    # worked by hand from UNCALLED_IN_THE_WIN, whose "Game #… starts." is line 1
    ("Boris calls [$0..65 USD].", "$0..65 USD", 21, 14),
    ("Anna wins $2.8.5 USD", "$2.8.5 USD", 29, 11),
    ("Anna wins $2.8x5 USD", "$2.8x5", 29, 11),      # the pattern takes $2.8: the rest is no word of its own
    ("Seat 2: Boris ( $2,0,0 USD )", "$2,0,0 USD", 10, 17),
    ("$0.10/$0.2.5 USD NL Texas Hold'em - Tuesday, June 19, 23:00:41 EDT 2018", "0.2.5", 5, 8),
])
def test_partypoker_an_amount_not_written_as_one_quarantines_the_hand_at_its_line_and_column(
        written, as_written, line, column):
    # never at the hand's first line, nor read as another amount (0.65, 2.8, 2.85, 200)
    lines = UNCALLED_IN_THE_WIN.strip("\n").split("\n")
    right = {21: "Boris calls [$0.65 USD].", 29: "Anna wins $2.85 USD", 10: "Seat 2: Boris ( $20 USD )",
             5: "$0.10/$0.25 USD NL Texas Hold'em - Tuesday, June 19, 23:00:41 EDT 2018"}[line]
    assert lines[line - 1] == right
    lines[line - 1] = written
    with pytest.raises(ParseError) as caught:
        _hands("\n".join(lines))
    assert (caught.value.line, caught.value.column, caught.value.line_text) == (line, column, written)
    assert caught.value.reason.startswith(f"{as_written!r} is not an amount: expected digits")


@pytest.mark.parametrize(("game_line", "named"), [
    ("$100 USD PL Omaha Hi-Lo - Monday, January 04, 13:33:15 EST 2016", "PartyPoker Omaha Hi-Lo is not supported"),
    ("$2 USD NL Double Hold'em - Monday, May 21, 16:56:05 MSKS 2012", "PartyPoker Double Hold'em is not supported"),
    ("Texas Hold'em  Trny: 71487580 Level: 1  Blinds(20/40) - Friday, July 27, 23:00:33 MSKS 2012",
     "PartyPoker tournament hands that name no betting structure are not supported"),
])
def test_partypoker_other_games_go_to_quarantine_naming_the_game(game_line, named):
    text = UNCALLED_IN_THE_WIN.replace("$0.10/$0.25 USD NL Texas Hold'em - Tuesday, June 19, 23:00:41 EDT 2018",
                                       game_line)
    with pytest.raises(ParseError, match=named) as caught:
        _hands(text)
    assert caught.value.line == 5


def test_partypoker_tournament_blinds_are_posted_without_a_line_by_the_two_after_the_button():
    [hand] = _hands("""
#Game No : 11960068174
***** Hand History for Game 11960068174 *****
NL Texas Hold'em  Trny: 71487580 Level: 2  Blinds(25/50) - Friday, July 27, 23:00:33 MSKS 2012
Table $50 Freeroll (2695506) Table #173 (Real Money)
Seat 3 is the button
Total number of players : 3/10
Seat 1: Anna ( 1,000 )
Seat 2: Boris ( 40 )
Seat 3: Vera ( 2,500 )
Trny: 71487580 Level: 2
Blinds(25/50)
** Dealing down cards **
Vera calls [50]
Anna calls [25]
** Dealing Flop ** [ 2h, 6s, Ts ]
Anna checks
Vera checks
** Dealing Turn ** [ Qd ]
Anna will be using her time bank for this hand.
Anna checks
Vera checks
** Dealing River ** [ 3c ]
Anna checks
Vera checks
Boris shows [ Ah, Ad ]a pair of Aces.
Vera shows [ Kh, Kd ]a pair of Kings.
Anna shows [ 7c, 4d ]Queen high.
Boris wins 120 chips from the main pot with a pair of Aces.
Vera wins 20 chips from the side pot 1 with a pair of Kings.
Player Anna finished in 3.
""")
    # the button is seat 3: Anna (seat 1) posts the small blind 25, Boris (seat 2) the big blind
    # all-in for his 40. A pot of 50 + 40 + 50: the main pot 3 x 40 to Boris's aces, the side
    # pot 2 x 10 to Vera's kings over Anna's queen high
    posts = [(a.player, a.kind, a.amount, a.is_all_in) for a in hand.actions if a.kind.is_post]
    assert posts == [("Anna", ActionKind.POST_SB, D(25), False), ("Boris", ActionKind.POST_BB, D(40), True)]
    assert (hand.is_tournament, hand.tournament_id, hand.currency) == (True, "71487580", "chips")
    assert (hand.small_blind, hand.big_blind) == (D(25), D(50))
    assert _nets(hand) == {"Anna": D(-50), "Boris": D(80), "Vera": D(-30)}


def test_partypoker_tournament_blinds_skip_a_seat_the_hand_does_not_deal_in():
    # Lev, moved in from another table, sits at seat 4 between the button (seat 3) and Anna: no line
    # names him, so the hand does not deal him in, and the blinds are Anna's and Boris's (real 2012
    # hands, ours in names). Anna posts 30 and goes all in for 1,258 more (her 1,288); Gleb raises
    # to 180 and calls 1,108 more; Boris folds his 60. Pot 1,288 + 1,288 + 60 = 2,636 to Gleb's aces.
    [hand] = _hands("""
#Game No : 11939390999
***** Hand History for Game 11939390999 *****
NL Texas Hold'em  Trny: 71276326 Level: 2  Blinds(30/60) - Thursday, July 19, 22:06:48 EDT 2012
Table Americas Summer Million Qualifier Speed (2686373) Table #51 (Real Money)
Seat 3 is the button
Total number of players : 5/10
Seat 1: Vera ( 3,000 )
Seat 3: Gleb ( 2,870 )
Seat 4: Lev ( 2,690 )
Seat 5: Anna ( 1,288 )
Seat 6: Boris ( 3,000 )
Player Lev has been moved from table 12 to this table
Trny: 71276326 Level: 2
Blinds(30/60)
** Dealing down cards **
Vera folds
Gleb raises [180]
Anna is all-In  [1,258]
Boris folds
Gleb calls [1,108]
Chat has been disabled till the end of this hand as one or more players have gone All-in. Chat will be enabled as soon as this hand ends.
** Dealing Flop ** [ Jd, Ah, 3h ]
** Dealing Turn ** [ Td ]
** Dealing River ** [ Kc ]
Anna shows [ Jc, Js ]three of a kind, Jacks.
Gleb shows [ As, Ac ]three of a kind, Aces.
Gleb wins 2,636 chips from the main pot with three of a kind, Aces.
Player Anna finished in 1,494.
""")
    posts = [(a.player, a.kind, a.amount) for a in hand.actions if a.kind.is_post]
    assert posts == [("Anna", ActionKind.POST_SB, D(30)), ("Boris", ActionKind.POST_BB, D(60))]
    nets = _nets(hand)
    assert {name: nets[name] for name in ("Vera", "Gleb", "Anna", "Boris")} == {
        "Vera": D(0), "Gleb": D(1348), "Anna": D(-1288), "Boris": D(-60)}
    assert nets.get("Lev", D(0)) == D(0)


# A freeroll's first hands (real 2012 hands, ours in names): Lev, Gleb and Anna never came to the
# table, and PartyPoker writes their folds before anyone acts, the reverse of their turns; then Vera
# and Boris act in turn. The button is seat 7 (Vera): Oleg posts the small blind (seat 8), Petr the
# big blind (seat 9); the first turn is Anna's (seat 1), then Gleb's, Lev's, Boris's, Vera's. Boris
# and Vera call 40, Oleg folds, Petr checks: the pot 40 + 40 + 20 + 40 = 140 to Petr's flop bet
# (his win of 220 pays back the 80 nobody called, ROOM-UNCALLED).
AWAY_FOLDS = """
#Game No : 11938917023
***** Hand History for Game 11938917023 *****
NL Texas Hold'em  Trny: 71272376 Level: 1  Blinds(20/40) - Thursday, July 19, 18:03:52 EDT 2012
Table $250 Freeroll (2686225) Table #176 (Real Money)
Seat 7 is the button
Total number of players : 7/10
Seat 1: Anna ( 3,000 )
Seat 2: Gleb ( 3,000 )
Seat 3: Lev ( 3,000 )
Seat 6: Boris ( 3,000 )
Seat 7: Vera ( 2,920 )
Seat 8: Oleg ( 3,000 )
Seat 9: Petr ( 3,000 )
Trny: 71272376 Level: 1
Blinds(20/40)
** Dealing down cards **
Lev folds
Gleb folds
Anna folds
Boris calls [40]
Vera calls [40]
Oleg folds
Petr checks
** Dealing Flop ** [ 2d, Qs, 3s ]
Petr bets [80]
Boris folds
Vera folds
Petr does not show cards.
Petr wins 220 chips
"""


def test_partypoker_tournament_folds_of_players_away_written_first_are_no_finding():
    """ROOM-AWAY-FOLDS: the folds written before their turn take the players out, and the turn stays."""
    [hand] = _hands(AWAY_FOLDS)
    assert hand.away_folds_out_of_turn
    assert _nets(hand) == {"Anna": D(0), "Gleb": D(0), "Lev": D(0), "Boris": D(-40), "Vera": D(-40),
                           "Oleg": D(-20), "Petr": D(100)}
    # every other turn is still checked: Vera calling before Boris is out of turn
    swapped = AWAY_FOLDS.replace("Boris calls [40]\nVera calls [40]", "Vera calls [40]\nBoris calls [40]")
    found = {(f.rule_id, f.line) for f in replay(_hands(swapped)[0]).findings}
    assert ("HE-ACTION-ORDER", 20) in found


def test_partypoker_side_pots_are_read_by_number_and_the_bet_nobody_called_is_none():
    # Four all in for 40, 3,000, 3,020 and 5,960 (real 2012 hands, ours in names): the main pot
    # 4 x 40 = 160 and side pot 1, 3 x 2,960 = 8,880, to Boris's full house; side pot 2, 2 x 20 =
    # 40, to Vera's ace kicker over Gleb's king; the room writes Gleb's 2,940 nobody called as side
    # pot 3, his chips alone, which the reader returns to him: no pot, no win (ROOM-UNCALLED).
    # Nets: Boris +6,040, Vera -2,980, Gleb -3,020, Anna -40.
    [hand] = _hands("""
#Game No : 11939390888
***** Hand History for Game 11939390888 *****
NL Texas Hold'em  Trny: 71276326 Level: 1  Blinds(20/40) - Thursday, July 19, 21:56:00 EDT 2012
Table Americas Summer Million Qualifier Speed (2686373) Table #51 (Real Money)
Seat 5 is the button
Total number of players : 5/10
Seat 1: Vera ( 3,020 )
Seat 2: Boris ( 3,000 )
Seat 3: Anna ( 40 )
Seat 4: Gleb ( 5,960 )
Seat 5: Lev ( 3,000 )
Trny: 71276326 Level: 1
Blinds(20/40)
** Dealing down cards **
Anna is all-In  [40]
Gleb is all-In  [5,960]
Lev folds
Vera is all-In  [3,000]
Boris is all-In  [2,960]
** Dealing Flop ** [ Td, 3c, 8d ]
** Dealing Turn ** [ 8c ]
** Dealing River ** [ 9h ]
Vera shows [ 6d, Ac ]a pair of Eights with Ace kicker.
Anna shows [ As, 9s ]two pairs, Nines and Eights.
Boris shows [ Ts, 8s ]a full house, Eights full of Tens.
Gleb shows [ Qd, Kd ]a pair of Eights.
Gleb wins 2,940 chips from the side pot 3 with a pair of Eights.
Vera wins 40 chips from the side pot 2 with a pair of Eights with Ace kicker.
Boris wins 8,880 chips from the side pot 1 with a full house, Eights full of Tens.
Boris wins 160 chips from the main pot with a full house, Eights full of Tens.
Player Anna finished in 526.
""")
    assert hand.summary.pots == (D(160), D(8880), D(40))
    assert [(a.player, a.kind, a.amount) for a in hand.actions if a.player == "Gleb" and not a.kind.is_betting] == [
        ("Gleb", ActionKind.UNCALLED, D(2940)), ("Gleb", ActionKind.SHOW, D(0))]
    assert (hand.summary.total_pot, hand.summary.rake) == (D(9080), D(0))
    assert _nets(hand) == {"Vera": D(-2980), "Boris": D(6040), "Anna": D(-40), "Gleb": D(-3020), "Lev": D(0)}


def test_partypoker_tournament_antes_are_written_and_a_short_big_blind_posts_what_they_leave():
    # From the antes on (real 2012 hands, ours in names): 'Blinds-Antes(600/1,200 -50)', every
    # player's ante written, the blinds not. Gleb (seat 7) posts the small blind 600, Anna (seat 1)
    # the big blind: all she has after her ante, 710. Vera calls 1,200: the main pot 4 x 50 + 600 +
    # 710 + 710 = 2,220 to Anna's queens; the room writes Vera's 490 nobody called as side pot 1.
    [hand] = _hands("""
#Game No : 11931653999
***** Hand History for Game 11931653999 *****
NL Texas Hold'em  Trny:71196310 Level:9  Blinds-Antes(600/1,200 -50) - Monday, July 16, 22:42:29 EDT 2012
Table Americas Summer Million Qualifier Speed (2685917) Table #20 (Real Money)
Seat 5 is the button
Total number of players : 4/10
Seat 1: Anna ( 760 )
Seat 3: Boris ( 5,000 )
Seat 5: Vera ( 26,600 )
Seat 7: Gleb ( 9,000 )
Trny:71196310 Level:9
Blinds-Antes(600/1,200 -50)
Anna posts ante [50]
Boris posts ante [50]
Vera posts ante [50]
Gleb posts ante [50]
** Dealing down cards **
Boris folds
Vera calls [1,200]
Gleb folds
** Dealing Flop ** [ Qd, Qs, 9h ]
** Dealing Turn ** [ 2s ]
** Dealing River ** [ 4h ]
Anna shows [ Qh, 6c ]three of a kind, Queens.
Vera shows [ 3s, As ]a pair of Queens.
Vera wins 490 chips from the side pot 1 with a pair of Queens.
Anna wins 2,220 chips from the main pot with three of a kind, Queens.
The tournament is now finished as the remaining prizes are of equal value.
""")
    posts = [(a.player, a.kind, a.amount, a.is_all_in) for a in hand.actions if a.kind.is_post]
    assert posts[-2:] == [("Gleb", ActionKind.POST_SB, D(600), False), ("Anna", ActionKind.POST_BB, D(710), True)]
    assert (hand.small_blind, hand.big_blind, hand.ante) == (D(600), D(1200), D(50))
    assert _nets(hand) == {"Anna": D(1460), "Boris": D(-50), "Vera": D(-760), "Gleb": D(-650)}


def test_partypoker_tournament_hand_without_a_small_blind_has_the_first_after_the_button_post_the_big():
    # 'There is no Small Blind in this hand as the Big Blind of the previous hand left the table':
    # Lev, first after the button (seat 4), posts the big blind 800 and acts last (real 2012 hands,
    # ours in names). Vera calls; the pot 4 x 25 + 800 + 800 = 1,700 is hers.
    [hand] = _hands("""
#Game No : 11939454999
***** Hand History for Game 11939454999 *****
NL Texas Hold'em  Trny:71276745 Level:8  Blinds-Antes(400/800 -25) - Thursday, July 19, 23:34:36 EDT 2012
Table Canadian 50 Seat Frenzy Qualifier Speed (2686405) Table #60 (Real Money)
Seat 4 is the button
Total number of players : 4/10
Seat 1: Anna ( 10,795 )
Seat 4: Vera ( 24,435 )
Seat 7: Lev ( 835 )
Seat 8: Boris ( 715 )
Trny:71276745 Level:8
Blinds-Antes(400/800 -25)
Anna posts ante [25]
Vera posts ante [25]
Lev posts ante [25]
Boris posts ante [25]
There is no Small Blind in this hand as the Big Blind of the previous hand left the table.
** Dealing down cards **
Boris folds
Anna folds
Vera calls [800]
Lev folds
Vera does not show cards.
Vera wins 1,700 chips
""")
    posts = [(a.player, a.kind, a.amount) for a in hand.actions if a.kind in (ActionKind.POST_SB, ActionKind.POST_BB)]
    assert posts == [("Lev", ActionKind.POST_BB, D(800))]
    assert _nets(hand) == {"Anna": D(-25), "Vera": D(875), "Lev": D(-825), "Boris": D(-25)}


def test_partypoker_second_small_blind_is_a_live_bet():
    """ROOM-DEAD-BLIND: a second small blind is live at PartyPoker."""
    [hand] = _hands("""
Game #10398176832 starts.

#Game No : 10398176832
***** Hand History for Game 10398176832 *****
$15/$30 USD Texas Hold'em - Monday, April 25, 09:42:13 BST 2011
Table Table  125413 (Real Money)
Seat 3 is the button
Total number of players : 4/6
Seat 3: Player0 ( $964 USD )
Seat 5: Hero ( $905 USD )
Seat 6: Player1 ( $150 USD )
Seat 4: Player2 ( $638.50 USD )
Player2 posts small blind [$10 USD].
Hero posts big blind [$15 USD].
Player1 posts small blind [$10 USD].
** Dealing down cards **
Dealt to Hero [  9c Ad ]
Player1 calls [$5 USD]
Player0 folds
Player2 folds
Hero raises [$15 USD]
Player1 calls [$15 USD]
** Dealing Flop ** [ Ah, 2h, Kh ]
Hero bets [$15 USD]
Player1 raises [$30 USD]
Hero raises [$30 USD]
Player1 calls [$15 USD]
** Dealing Turn ** [ 5h ]
Hero checks
Player1 bets [$30 USD]
Hero calls [$30 USD]
** Dealing River ** [ 7c ]
Hero checks
Player1 bets [$30 USD]
Hero calls [$30 USD]
Player1 shows [ Th, 5c ]a flush, Ace high.
Hero doesn't show [ 9c, Ad ]a pair of Aces.
Player1 wins $278 USD from the main pot with a flush, Ace high.
""")
    assert hand.second_small_blind_live
    # Player1's small blind of 10 is live: he calls 5 to the big blind's 15. Then each of Player1
    # and Hero puts in 30 preflop, 45 on the flop, 30 and 30: 135; with Player2's dead small blind
    # of 10 the pot is 280, of which the flush collects 278 (a rake of 2)
    assert _nets(hand) == {"Player0": D(0), "Hero": D(-135), "Player1": D(143), "Player2": D(-10)}
    assert hand.summary.rake == D(2)


JOINS_AS_BIG_BLIND = """
#Game No : 4552168752
***** Hand History for Game 12385840660 *****
$25 USD NL Texas Hold'em - Thursday,December 6, 21:31:27 ICT 2012
Table Skagen ( Real Money )
Seat 6 is the button
Total number of players : 5/6
seat 1: Player0 ( $48,47 USD )
seat 3: Player1 ( $31,06 USD )
seat 4: Hero ( $25 USD )
seat 5: Player2 ( $26,70 USD )
seat 6: Player3 ( $21,64 USD )
Player0 posts small blind [$0,10 USD].
Player4 posts big blind [$0,25 USD].
** Dealing down cards **
Dealt to Hero [ Td, 7d ]
Player1 folds
Hero folds
Player2 raises [ $0,75 USD ]
Player3 folds
Player0 folds
Player4 folds
Player2 does not show cards.Player2 wins $1,10 USD
"""


def test_partypoker_a_player_who_joins_with_no_seat_line_plays_with_no_stack_stated():
    # The room's own hand: Player4 sat down after the seat list and posts the big blind with no
    # seat line. He sits between the small blind (seat 1) and Player1 (seat 3), who acts first.
    # Pot 0.10 + 0.25 + 0.75 = 1.10, all to Player2 (no rake): Player2 +0.35.
    hand = _hands(JOINS_AS_BIG_BLIND)[0]
    assert hand.stack_not_stated == ("Player4",)
    assert _nets(hand) == {"Player0": D("-0.10"), "Player4": D("-0.25"), "Player1": D(0), "Hero": D(0),
                           "Player2": D("0.35"), "Player3": D(0)}
    players = {p.player: p for p in replay(hand).players}
    assert players["Player4"].stack_start is None and players["Player4"].position == "BB"
    assert (players["Player0"].position, players["Player1"].position) == ("SB", "UTG")


def test_partypoker_a_stack_not_stated_is_stored_empty():
    # The warehouse row of Player4 (joined, no seat line) has no starting stack, not 0: the sums
    # over stacks leave it out; the seated players' are as written
    result = parse_bytes(JOINS_AS_BIG_BLIND.strip("\n").encode(), "hand.txt")
    rows = result.tables[("holdem_results", "holdem")].to_pylist()
    stacks = {r["player"]: r["stack_start"] for r in rows}
    assert stacks["Player4"] is None and stacks["Player0"] == D("48.47") and stacks["Player2"] == D("26.70")


def test_partypoker_a_player_of_no_stated_seat_leaves_the_others_turns_checked():
    # The same hand with Hero folding before Player1, whose turn it is after the big blind: the
    # newcomer's unknown seat does not excuse the seated players' order.
    text = JOINS_AS_BIG_BLIND.replace("Player1 folds\nHero folds\n", "Hero folds\nPlayer1 folds\n")
    found = [(str(f.rule_id), f.line) for f in replay(_hands(text)[0]).findings]
    assert ("HE-ACTION-ORDER", 16) in found


def test_partypoker_a_newcomer_all_in_with_no_stack_stated_is_no_stack_finding():
    # The hand with Player4, who joined, going all-in for 2 over Player2's raise to 1: nothing says
    # what he holds, so no HE-STACK; Player2 (0.75 in) calls the 1.50 more, and the turn order goes on.
    # Pot: 0.10 + 2.25 + 2.25 = 4.60; Player2 wins it all ('wins $4,60 USD', no rake): +2.35.
    text = JOINS_AS_BIG_BLIND.replace("Player4 folds\nPlayer2 does not show cards.Player2 wins $1,10 USD",
                                      "Player4 is all-In [$2 USD]\nPlayer2 calls [$1,50 USD]\n"
                                      "** Dealing Flop ** [ 2c, 3c, 4c ]\n** Dealing Turn ** [ 5d ]\n"
                                      "** Dealing River ** [ 9s ]\nPlayer2 wins $4,60 USD")
    hand = _hands(text)[0]
    result = replay(hand)
    assert not [f for f in result.findings if f.severity is Severity.ERROR]
    assert {p.player: p.net for p in result.players}["Player4"] == D("-2.25")
    assert [a.is_all_in for a in result.actions if a.action.player == "Player4"][-1]


def test_partypoker_a_seat_line_of_zero_before_the_buy_in_states_no_stack():
    # Player8's seat line (seat 2) gives $0, then he joins, posts a big blind of his own out of
    # turn and checks in turn after the big blind (seat 5): his chips are not stated, so nothing
    # checks them, and nothing puts him all-in.
    text = """
#Game No : 9507514114
***** Hand History for Game 9507514114 *****
$2 USD NL Texas Hold'em - Saturday, August 07, 17:05:05 CEST 2010
Table Table  178053 (Real Money)
Seat 3 is the button
Total number of players : 4/9
Seat 4: Player2 ( $1.98 USD )
Seat 3: Player4 ( $1.97 USD )
Seat 5: Player7 ( $2 USD )
Seat 2: Player8 ( $0 USD )
Player8 has joined the table.
Player2 posts small blind [$0.01 USD].
Player7 posts big blind [$0.02 USD].
Player8 posts big blind [$0.02 USD].
** Dealing down cards **
Player8 checks
Player4 folds
Player2 calls [$0.01 USD]
Player7 checks
** Dealing Flop ** [ 5d, 2s, 8h ]
Player2 checks
Player7 bets [$0.09 USD]
Player8 folds
Player2 folds
Player7 does not show cards.
Player7 wins $0.15 USD
"""
    # preflop 0.02 each from Player8, Player2, Player7: 0.06, and Player7's uncalled 0.09 back:
    # Player7 wins 0.15 = 0.06 + 0.09 returned, net +0.04
    hand = _hands(text)[0]
    assert hand.stack_not_stated == ("Player8",)
    assert _nets(hand) == {"Player8": D("-0.02"), "Player4": D(0), "Player2": D("-0.02"), "Player7": D("0.04")}


def test_partypoker_a_name_cut_short_in_the_seat_line_is_the_player_of_the_long_name():
    # 'Seat 2: Hero ($100)', then 'Dealt to Hero Name', 'Hero Name raises' and 'Hero checks':
    # one player. Preflop Hero Name and Player2 put in 3 each, the blinds 0.5 and 1: 7.50 less
    # the rake of 0.37 is 7.13, split 3.57 / 3.56 as the summary says: +0.57 and +0.56.
    text = """
***** Hand History For Game 12566995177 *****
0.50/1 Texas Hold'em Game Table (NL)  -  Sun Jan 20 13:58:07 EST 2013
Table Table Calarasi  (Real Money) -- Seat 4 is the button
Total number of players : 4/6
Seat 2: Hero ($100)
Seat 4: Player2 ($95)
Seat 5: Player3 ($137.41)
Seat 6: Player4 ($191.91)
Player3 posts small blind (0.5)
Player4 posts big blind (1.0)
** Dealing down cards **
Dealt to Hero Name [ Ad, 5d ]
Hero Name raises 3.0 to 3.0
Player2 calls (3.0)
Player3 folds
Player4 folds
** Dealing Flop ** :  [ 9h, Kh, Qc ]
Hero checks
Player2 checks
** Dealing Turn ** :  [ 9d ]
Hero checks
Player2 checks
** Dealing River ** :  [ 2d ]
Hero checks
Player2 checks
** Summary **
Main Pot: $7.13 Rake: $0.37
Board: [ 9h Kh Qc 9d 2d ]
Hero Name balance $100.57, bet $3, collected $3.57, net +$0.57 [ Ad 5d ] [ a pair of nines -- Ad,Kh,Qc,9h,9d ]
Player2 balance $95.56, bet $3, collected $3.56, net +$0.56 [ As Th ] [ a pair of nines -- As,Kh,Qc,9h,9d ]
Player3 balance $136.91, lost $0.5 (folded)
Player4 balance $190.91, lost $1 (folded)
"""
    hand = _hands(text)[0]
    assert hand.seats[0].player == "Hero Name" and hand.stack_not_stated == ()
    assert _nets(hand) == {"Hero Name": D("0.57"), "Player2": D("0.56"), "Player3": D("-0.5"), "Player4": D(-1)}


def test_partypoker_blinds_posted_both_without_a_line_are_put_back_by_the_check_facing_the_big_blind():
    # The room's own hand: Player2 (the button) checks facing the big blind of 0.10 with no post
    # line: he posted both blinds silently, 0.05 dead and 0.10 live. Player4 bets 0.20 on the
    # river, uncalled, and 'wins $0.58': the 0.20 back and 0.38 of a pot of 0.05 + 0.10 + 0.10
    # + 0.15 = 0.40 (a rake of 0.02). Player4 +0.28, Player2 -0.15, Player1 -0.10, Player3 -0.05.
    text = """
#Game No : 14067958
***** Hand History for Game 14067958 *****
$10 USD NL Texas Hold'em - Monday, September 3, 00:26:18 ET 2012
Table Gibuti1 (Real Money)
Seat 3 is the button
Total number of players : 6
Seat 1: Player0 ( $5.87 USD )
Seat 2: Player1 ( $9.72 USD )
Seat 3: Player2 ( $14.77 USD )
Seat 4: Hero ( $10.51 USD )
Seat 5: Player3 ( $15.76 USD )
Seat 6: Player4 ( $7.36 USD )
Player3 posts small blind [$0.05 USD].
Player4 posts big blind [$0.10 USD].
** Dealing down cards **
Player0 folds.
Player1 calls [$0.10 USD].
Player2 checks.
Hero folds.
Player3 folds.
Player4 checks.
** Dealing Flop ** [ Td, Qc, 6d ]
Player4 checks.
Player1 checks.
Player2 checks.
** Dealing Turn ** [ 8s ]
Player4 checks.
Player1 checks.
Player2 checks.
** Dealing River ** [ 5d ]
Player4 bets [$0.20 USD].
Player1 folds.
Player2 folds.
Player4 wins $0.58 USD
"""
    hand = _hands(text)[0]
    posts = [(a.player, a.kind, a.amount) for a in hand.actions if a.kind.is_post]
    assert posts == [("Player3", ActionKind.POST_SB, D("0.05")), ("Player4", ActionKind.POST_BB, D("0.10")),
                     ("Player2", ActionKind.POST_DEAD, D("0.15"))]
    assert _nets(hand) == {"Player0": D(0), "Player1": D("-0.10"), "Player2": D("-0.15"), "Hero": D(0),
                           "Player3": D("-0.05"), "Player4": D("0.28")}
    assert replay(hand).rake == D("0.02")


def test_partypoker_a_check_facing_a_raise_is_still_a_finding():
    # A check with nothing in facing a raise (not the big blind) is no silent post: HE-CHECK.
    text = UNCALLED_IN_THE_WIN.replace("Dealt to Anna [  Js Th ]\nAnna raises [$0.75 USD]\n",
                                       "Dealt to Anna [  Js Th ]\nAnna raises [$0.75 USD]\nGleb checks\n")
    assert "HE-CHECK" in {str(f.rule_id) for f in replay(_hands(text)[0]).findings}


def test_partypoker_a_sitting_out_line_run_into_the_next_is_read_as_the_next():
    # The Mac client's 'Player3 is sitting outPlayer4 posts big blind [$0,25 USD].': Player4
    # posts the big blind; Player3 is not dealt in. Player0 calls 0.25, Player4 checks, both put
    # 0.42 and 1 in after the flop: a pot of 0.10 + 2 x 1.67 = 3.44, of which Player4 wins 3.27.
    text = """
#Game No : 4491819184
***** Hand History for Game 12395237393 *****
$25 USD NL Texas Hold'em - Sunday,December 9, 14:29:49 ICT 2012
Table Ponce ( Real Money )
Seat 2 is the button
Total number of players : 6/6
seat 1: Player0 ( $24,72 USD )
seat 2: Player1 ( $26,43 USD )
seat 3: Player2 ( $27,03 USD )
seat 4: Player3 ( $25 USD )
seat 5: Player4 ( $25 USD )
seat 6: Hero ( $27,26 USD )
Player2 posts small blind [$0,10 USD].
Player3 is sitting outPlayer4 posts big blind [$0,25 USD].
** Dealing down cards **
Dealt to Hero [ 5h, 4s ]
Hero folds
Player0 calls [ $0,25 USD ]
Player1 folds
Player2 folds
Player4 checks
** Dealing Flop ** [ Jd, 9h, Qh ]
Player4 bets [ $0,42 USD ]
Player0 calls [ $0,42 USD ]
** Dealing Turn ** [ 9c ]
Player4 bets [ $1 USD ]
Player0 calls [ $1 USD ]
** Dealing River ** [ 6s ]
Player4 checks
Player0 checks
Player4 shows [ 7s, Qc ]two pairs, Queens and Nines.
Player0 doesn't show [ Jc, Tc ]two pairs, Jacks and Nines.
Player4 wins $3,27 USD from the main pot with two pairs, Queens and Nines.
"""
    hand = _hands(text)[0]
    assert [s.player for s in hand.seats] == ["Player0", "Player1", "Player2", "Player3", "Player4", "Hero"]
    assert _nets(hand) == {"Player0": D("-1.67"), "Player1": D(0), "Player2": D("-0.10"), "Player4": D("1.60"),
                           "Hero": D(0)}


# ---------------------------------------------------------------------- the corpus

# Hands whose lines do not add up for the replay, by file name: their error findings are right.
INCONSISTENT: dict[str, str] = {}
# Chunks quarantined for a reason other than another game, by file name.
EXPECTED_QUARANTINE = {
    "NLHE-6max-USD-0.02-0.04-201209.club.wpt.format.txt": "a NUL byte before every line",
    "NLHE-USD-0.01-0.02-201008.Sample.txt": "a NUL byte before the first line",
    "NLHE-USD-0.01-0.02-201105.Unseated.player.is.only.big.blind.txt": "a NUL byte before the first line",
    "7-Stud-USD-1-2-201104.txt": "a NUL byte before the first line",
}


def _corpus_hands(*parts: str):
    root = corpus(*parts)
    for path in sorted(p for p in root.rglob("*.txt")):
        for chunk in split_games(normalize_lines(decode(path.read_bytes())), HEADERS):
            yield path, chunk


def _check(*parts: str, at_least: int):
    stored = 0
    quarantined: collections.Counter = collections.Counter()
    unexpected, errors = [], []
    for path, chunk in _corpus_hands(*parts):
        if chunk.format not in ("partypoker", None):
            continue
        try:
            hand = parse_chunk(chunk, str(path))
        except ParseError as error:
            quarantined[error.reason.split(":")[0]] += 1
            if "not supported yet" not in error.reason and path.name not in EXPECTED_QUARANTINE:
                unexpected.append(f"{path.name}:{error.line}: {error.reason}")
            continue
        stored += 1
        findings = [f for f in replay(hand).findings if f.severity is Severity.ERROR]
        if path.name not in INCONSISTENT:
            errors += [f"{path.name}:{f.line}: {f.rule_id} {f.message}" for f in findings]
    assert stored >= at_least, (stored, quarantined)
    assert not unexpected, "\n".join(unexpected)
    assert not errors, "\n".join(errors[:20])
    return stored


def test_partypoker_corpus_every_holdem_hand_stored_without_error():
    assert _check("rooms", "PartyPoker", at_least=28)


def test_partypoker_hands_among_the_pokerstars_texts_are_stored():
    assert _check("pokerstars", "hhp", "partypoker", at_least=224)


def test_partypoker_fpdb_profits_equal_the_replayed_nets():
    root = corpus("rooms", "PartyPoker")
    checked = 0
    for hp in sorted(root.rglob("*.txt.hp")):
        expected = ast.literal_eval(re.sub(r"\bu'", "'", hp.read_text(encoding="utf-8")))
        txt = hp.with_suffix("")
        hands = [parse_chunk(c, str(txt)) for c in split_games(normalize_lines(decode(txt.read_bytes())), HEADERS)
                 if c.format == "partypoker"]
        hand = next(h for h in hands if {s.player for s in h.seats} >= set(expected))
        nets = {p.player: p.net for p in replay(hand).players}
        for name, p in expected.items():
            assert nets.get(name, D(0)) == D(p["totalProfit"]) / 100, f"{txt.name}: {name}"
            checked += 1
    assert checked >= 6
