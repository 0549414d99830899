"""ROOM-DEAD-BLIND: a returning player's dead post is checked against the blinds, room by room, for
the forms each room's sample logs show (rules.rooms.DEAD_POSTS_CHECKED). Each room's hand is worked
by hand at the room's amount (no finding, the nets as the room plays the post) and at another."""

from __future__ import annotations

import dataclasses
from decimal import Decimal as D

import pytest

from parsers.errors import ParseError
from parsers.formats import parse_chunk
from parsers.source import decode, split
from pipeline.worker import parse_bytes
from rules.findings import Severity
from rules.holdem_engine import replay
from rules.holdem_hand import ActionKind
from rules.rooms import DEAD_POSTS_CHECKED
from tests.conftest import corpus
from tests.room_corpus import read_chunk, sample_settings
from tests.test_holdem_replay import LEGAL, edit
from tests.test_room_ggpoker import MISSED_BLIND
from tests.test_room_ipoker import SESSION
from tests.test_room_pacific import DEAD_BLIND as PACIFIC_DEAD_BLIND
from tests.test_room_partypoker import DEAD_AND_ALL_IN_EUR
from tests.test_room_winamax import OUT_OF_POSITION
from tests.test_room_winning import DEAD_POST as WINNING_DEAD_POST


def replayed(text: str):
    """A hand's text (its first line the file's first) read by the reader of its format and replayed:
    its findings (rule, severity, line, expected, actual) and each player's net."""
    [chunk] = split(text.strip("\n"))
    result = replay(parse_chunk(chunk, "hand.txt"), allin_ev=False)
    return ([(f.rule_id, f.severity, f.line, f.expected, f.actual) for f in result.findings],
            {p.player: p.net for p in result.players})


def line_of(text: str, needle: str) -> int:
    return text.strip("\n").split("\n").index(needle) + 1


def dead_blind_error(text: str, line: str, expected: str, actual: str):
    return [("ROOM-DEAD-BLIND", Severity.ERROR, line_of(text, line), expected, actual)]


# The legal hand at $1/$2 with Gleb back in seat 4: he posts the small blind he missed after the
# big blind, dead at PokerStars, and folds. Anna collects the pot, $74 with his $1, less the $2 rake.
SECOND_SMALL_BLIND = edit(
    LEGAL, ("Seat 3: Vera ($100 in chips)", "Seat 3: Vera ($100 in chips)\nSeat 4: Gleb ($100 in chips)"),
    ("Vera: posts big blind $2", "Vera: posts big blind $2\nGleb: posts small blind $1"),
    ("Dealt to Anna [As Ad]", "Dealt to Anna [As Ad]\nGleb: folds"),
    ("Anna collected $71 from pot", "Anna collected $72 from pot"), ("Total pot $73", "Total pot $74"),
    ("won ($71)", "won ($72)"),
    ("lost with a pair of Kings", "lost with a pair of Kings\nSeat 4: Gleb folded before Flop (didn't bet)"))
SHORT_SECOND_SMALL_BLIND = edit(SECOND_SMALL_BLIND, ("Gleb: posts small blind $1", "Gleb: posts small blind $0.50"),
                                ("$72 from pot", "$71.50 from pot"), ("$74", "$73.50"), ("won ($72)", "won ($71.50)"))


def test_room_dead_blind_pokerstars_second_small_blind_is_the_small_blind_all_dead():
    """ROOM-DEAD-BLIND: PokerStars' second small blind is the small blind, dead money."""
    findings, nets = replayed(SECOND_SMALL_BLIND)
    assert findings == []
    # Gleb's $1 is dead: Vera calls Anna's $6 without it, and it goes to Anna's pot
    assert nets == {"Anna": D(36), "Boris": D(-1), "Vera": D(-36), "Gleb": D(-1)}
    findings, nets = replayed(SHORT_SECOND_SMALL_BLIND)
    assert findings == dead_blind_error(SHORT_SECOND_SMALL_BLIND, "Gleb: posts small blind $0.50", "1", "0.50")
    assert nets == {"Anna": D("35.50"), "Boris": D(-1), "Vera": D(-36), "Gleb": D("-0.50")}


def test_room_dead_blind_pokerstars_both_blinds_at_once_is_not_checked():
    """ROOM-DEAD-BLIND: no sample shows PokerStars' 'posts small & big blinds': its amount is not checked."""
    both = edit(SECOND_SMALL_BLIND, ("Gleb: posts small blind $1", "Gleb: posts small & big blinds $5"),
                ("$72 from pot", "$76 from pot"), ("Total pot $74", "Total pot $78"), ("won ($72)", "won ($76)"))
    findings, nets = replayed(both)
    assert findings == []
    # read as the replay reads a post of more than the small blind: the big blind's $2 live, $3 dead
    assert nets["Gleb"] == D(-5) and nets["Anna"] == D(40)


def test_room_dead_blind_ggpoker_missed_blind_is_the_small_blind():
    """ROOM-DEAD-BLIND: GGPoker's 'posts missed blind' is the small blind, dead beside his big blind."""
    findings, nets = replayed(MISSED_BLIND)
    # the pot: 5 + 10 + Gleb's 5 dead and 10 live (his raise to 40 less the 30 returned) = 30
    assert findings == [] and nets["Gleb"] == D("13.5")
    short = edit(MISSED_BLIND, ("posts missed blind $5", "posts missed blind $4"),
                 ("collected $28.5 from", "collected $27.5 from"), ("Total pot $30", "Total pot $29"),
                 ("Gleb collected ($28.5)", "Gleb collected ($27.5)"))
    findings, nets = replayed(short)
    assert findings == dead_blind_error(short, "Gleb: posts missed blind $4", "5", "4")
    assert nets == {"Gleb": D("13.5"), "Vera": D(-5), "Hero": D(-10), "Anna": D(0), "Boris": D(0)}


def test_room_dead_blind_888poker_dead_blind_is_the_small_blind_dead_and_the_big_blind_live():
    """ROOM-DEAD-BLIND: 888poker's 'posts dead blind [A + B]' is the small blind and the big blind."""
    findings, nets = replayed(PACIFIC_DEAD_BLIND)
    assert findings == [] and nets["Player1"] == D("-0.03")
    # 0.02 + 0.02: 0.04 in all, 0.02 of it live (he checks); the pot 0.01 + 0.02 + 0.04 + 0.02 = 0.09
    more = edit(PACIFIC_DEAD_BLIND, ("[0,01 $ + 0,02 $]", "[0,02 $ + 0,02 $]"), ("[ 0,08 $ ]", "[ 0,09 $ ]"))
    findings, nets = replayed(more)
    assert findings == dead_blind_error(more, "Player1 posts dead blind [0,02 $ + 0,02 $]", "0.03", "0.04")
    assert nets == {"Player3": D("0.07"), "Hero": D("-0.01"), "Player4": D("-0.02"), "Player1": D("-0.04"),
                    "Player0": D(0), "Player2": D(0)}


def test_room_dead_blind_888poker_small_blind_alone_is_all_dead():
    """ROOM-DEAD-BLIND: 888poker's '[A + 0]' is the small blind alone, all of it dead."""
    # his 0.01 is dead: he calls the big blind's 0.02 in full; the pot is 0.08 as before
    alone = edit(PACIFIC_DEAD_BLIND, ("[0,01 $ + 0,02 $]", "[0,01 $ + 0 $]"), ("Player1 checks", "Player1 calls [0,02 $]"))
    findings, nets = replayed(alone)
    assert findings == [] and nets["Player1"] == D("-0.03") and nets["Player3"] == D("0.06")


def test_room_dead_blind_888poker_parts_are_the_small_blind_dead_and_the_big_blind_live():
    """ROOM-DEAD-BLIND: 888poker's '[A + B]' states its parts. '[0.02 + 0.01]' comes to the same 0.03
    as the small blind and the big blind, but posts the big blind dead and the small blind live: an
    error at its line, with the parts in words; the replay plays it as the total (the nets as before)."""
    swapped = edit(PACIFIC_DEAD_BLIND, ("[0,01 $ + 0,02 $]", "[0,02 $ + 0,01 $]"))
    findings, nets = replayed(swapped)
    assert findings == dead_blind_error(swapped, "Player1 posts dead blind [0,02 $ + 0,01 $]",
                                        "0.01 dead + 0.02 live", "0.02 dead + 0.01 live")
    assert nets["Player1"] == D("-0.03")


BOVADA_DEAD_CHIP = """
Bovada Hand #2629952702 TBL#1902693 HOLDEM No Limit - 2012-09-02 13:34:17
Seat 1: Small Blind ($24.75 in chips)
Seat 2: Big Blind ($7.50 in chips)
Seat 3: UTG ($31.34 in chips)
Seat 4: UTG+1 ($27.79 in chips)
Seat 5: UTG+2 ($22.92 in chips)
Seat 6: Dealer [ME] ($33.66 in chips)
Dealer  [ME] : Set dealer/Bring in spot [6]
Small Blind : Ante/Small Blind $0.10
Big Blind : Big blind/Bring in $0.25
UTG : Posts dead chip $0.35
*** HOLE CARDS ***
Small Blind : Card dealt to a spot [3c 2h]
Big Blind : Card dealt to a spot [7s 5s]
UTG : Card dealt to a spot [Jh Td]
UTG+1 : Card dealt to a spot [Ts 2d]
UTG+2 : Card dealt to a spot [8c 5h]
Dealer  [ME] : Card dealt to a spot [As Ac]
UTG : Checks
UTG+1 : Folds
UTG+2 : Folds
Dealer  [ME] : Raises $1.50 to $1.50
Small Blind : Folds
Big Blind : Calls $1.25
UTG : Folds
*** FLOP *** [6s Ah Qd]
Big Blind : Checks
Dealer  [ME] : Checks
*** TURN *** [6s Ah Qd] [5c]
Big Blind : Checks
Dealer  [ME] : Bets $1
Big Blind : Calls $1
*** RIVER *** [6s Ah Qd 5c] [2c]
Big Blind : Checks
Dealer  [ME] : Bets $5.45
Big Blind : Folds
Dealer  [ME] : Return uncalled portion of bet $5.45
Dealer  [ME] : Does not show [As Ac] (Three of a kind)
Dealer  [ME] : Hand result $5.18
*** SUMMARY ***
Total Pot($5.45) | Rake ($0.27)
Board [6s Ah Qd 5c 2c]
Seat+1: Small Blind Folded before the FLOP
Seat+2: Big Blind Folded on the RIVER
Seat+3: UTG Folded before the FLOP
Seat+4: UTG+1 Folded before the FLOP
Seat+5: UTG+2 Folded before the FLOP
Seat+6: Dealer $5.18 [Does not show]
"""


def test_room_dead_blind_bovada_dead_chip_is_the_small_blind_and_the_big_blind():
    """ROOM-DEAD-BLIND: Bovada's 'Posts dead chip' is the small blind dead and the big blind live."""
    findings, nets = replayed(BOVADA_DEAD_CHIP)
    # the pot: 0.10 + UTG's 0.35 (0.25 live: he checks) + 2.50 from each of the two others = 5.45
    assert findings == [] and nets["UTG"] == D("-0.35") and nets["Hero"] == D("2.68")
    more = edit(BOVADA_DEAD_CHIP, ("Posts dead chip $0.35", "Posts dead chip $0.45"),
                ("Total Pot($5.45) | Rake ($0.27)", "Total Pot($5.55) | Rake ($0.37)"))
    findings, nets = replayed(more)
    assert findings == dead_blind_error(more, "UTG : Posts dead chip $0.45", "0.35", "0.45")
    assert nets["UTG"] == D("-0.45") and nets["Hero"] == D("2.68")


def test_room_dead_blind_bovada_hand_that_states_no_small_blind_is_not_checked():
    """ROOM-DEAD-BLIND: Bovada's cash text names no stakes: with no small blind posted, none is checked."""
    # nobody posts the small blind: the reader takes it as the big blind, 0.25, which the room's
    # 0.35 (0.25 live, 0.10 dead) does not make twice over
    text = edit(BOVADA_DEAD_CHIP, ("Small Blind : Ante/Small Blind $0.10\n", ""),
                ("Total Pot($5.45) | Rake ($0.27)", "Total Pot($5.35) | Rake ($0.17)"))
    findings, nets = replayed(text)
    assert findings == [] and nets["UTG"] == D("-0.35") and nets["Small Blind"] == D(0)


def test_room_dead_blind_partypoker_big_blind_plus_dead_is_the_small_blind_and_the_big_blind():
    """ROOM-DEAD-BLIND: PartyPoker's 'big blind + dead' is the big blind live and the small blind dead."""
    findings, _ = replayed(DEAD_AND_ALL_IN_EUR)
    assert findings == []
    # 0.40: 0.25 live, 0.15 dead; the pot 5.25 and the win 5.00 leave a rake of 0.25
    more = edit(DEAD_AND_ALL_IN_EUR, ("big blind + dead [0,35 €]", "big blind + dead [0,40 €]"))
    findings, nets = replayed(more)
    assert findings == dead_blind_error(more, "Player5 posts big blind + dead [0,40 €].", "0.35", "0.40")
    assert nets == {"Player0": D("-0.10"), "Player4": D("2.50"), "Player5": D("-2.65"), "Player3": D(0)}


def test_room_dead_blind_winning_posts_dead_is_the_small_blind_and_the_big_blind():
    """ROOM-DEAD-BLIND: Winning's 'posts dead' of more than the big blind is both blinds."""
    findings, _ = replayed(WINNING_DEAD_POST)
    assert findings == []
    # 0.09: 0.05 live (he checks), 0.04 dead; the pot 0.05 x 3 + 0.04 = 0.19
    more = edit(WINNING_DEAD_POST, ("posts dead $0.07", "posts dead $0.09"), ("$0.17 from", "$0.19 from"),
                ("Total pot $0.17", "Total pot $0.19"), ("won $0.17", "won $0.19"))
    findings, nets = replayed(more)
    assert findings == dead_blind_error(more, "Player8 posts dead $0.09", "0.07", "0.09")
    assert nets == {"Player4": D(0), "Player6": D("-0.05"), "Player7": D("-0.05"), "Player8": D("0.10")}


def test_room_dead_blind_winamax_small_blind_out_of_position_is_both_blinds():
    """ROOM-DEAD-BLIND: Winamax's 'posts small blind X out of position' of more than the small blind is both blinds."""
    findings, nets = replayed(OUT_OF_POSITION)
    assert findings == [] and nets["Gleb"] == D("4.48")
    # 4€: 2€ live (he checks), 2€ dead; the pot 1 + 2 + 4 + 2 = 9, and 16.48 after the rake
    more = edit(OUT_OF_POSITION, ("small blind 3€ out", "small blind 4€ out"), ("15.48€ from", "16.48€ from"),
                ("Total pot 15.48€", "Total pot 16.48€"), ("won 15.48€", "won 16.48€"))
    findings, nets = replayed(more)
    assert findings == dead_blind_error(more, "Gleb posts small blind 4€ out of position", "3", "4")
    assert nets == {"Gleb": D("4.48"), "Anna": D(-2), "Boris": D(-1), "Vera": D(-2), "Hero": D(0)}


# iPoker's session with Gleb back in seat 7, where he sat out: both blinds, 0.15, as a big blind, then
# a fold first to act (the actions numbered again in their order); Vera's win is the 0.15 more
IPOKER_BOTH_BLINDS = edit(SESSION[:SESSION.index('    <round no="0">')], ('win="£5.95"', 'win="£6.05"'),
                          ('name="Gleb" chips="£8" dealer="0" win="£0" bet="£0"',
                           'name="Gleb" chips="£8" dealer="0" win="£0" bet="£0.15"')) + """    <round no="0">
      <action no="1" player="Boris" type="1" sum="£0.05" cards="[cards]" />
      <action no="2" player="Vera" type="2" sum="£0.10" cards="[cards]" />
      <action no="3" player="Gleb" type="2" sum="£0.15" cards="[cards]" />
    </round>
    <round no="1">
      <cards type="Pocket" player="Anna">C10 C9</cards>
      <action no="5" player="Anna" type="23" sum="£0.30" cards="" />
      <action no="8" player="Anna" type="3" sum="£2.70" cards="" />
      <cards type="Pocket" player="Boris">X X</cards>
      <action no="6" player="Boris" type="0" sum="£0" cards="" />
      <cards type="Pocket" player="Vera">C5 HA</cards>
      <action no="7" player="Vera" type="7" sum="£2.90" cards="" />
      <cards type="Pocket" player="Gleb">X X</cards>
      <action no="4" player="Gleb" type="0" sum="£0" cards="" />
    </round>
""" + SESSION[SESSION.index('    <round no="2">'):]


def test_room_dead_blind_ipoker_big_blind_over_the_stakes_is_both_blinds():
    """ROOM-DEAD-BLIND: iPoker's big blind of more than the stakes' is the small blind dead and the big blind live."""
    findings, nets = replayed(IPOKER_BOTH_BLINDS)
    # Gleb's 0.15 (0.10 live, 0.05 dead) folded: the pot 0.05 + 3 + 3 + 0.15 = 6.20; Vera wins 6.05
    assert findings == [] and nets == {"Anna": D(-3), "Boris": D("-0.05"), "Vera": D("3.05"), "Gleb": D("-0.15")}
    more = IPOKER_BOTH_BLINDS.replace('sum="£0.15"', 'sum="£0.20"').replace('bet="£0.15"', 'bet="£0.20"')
    findings, nets = replayed(more)
    line = line_of(more, '      <action no="3" player="Gleb" type="2" sum="£0.20" cards="[cards]" />')
    assert findings == [("ROOM-DEAD-BLIND", Severity.ERROR, line, "0.15", "0.20")]
    assert nets["Gleb"] == D("-0.20") and nets["Vera"] == D("3.05")


def test_room_dead_blind_short_all_in_is_no_finding():
    """ROOM-DEAD-BLIND: less than the room's dead post is a player's last chips."""
    short = edit(BOVADA_DEAD_CHIP, ("UTG ($31.34 in chips)", "UTG ($0.30 in chips)"),
                 ("Posts dead chip $0.35", "Posts dead chip $0.30"), ("UTG : Checks\n", ""), ("UTG : Folds\n", ""),
                 ("Total Pot($5.45) | Rake ($0.27)", "Total Pot($5.40) | Rake ($0.22)"))
    findings, nets = replayed(short)
    assert not [f for f in findings if f[0] == "ROOM-DEAD-BLIND"]
    assert nets["UTG"] == D("-0.30")


def _dead_posts(folder):
    """(hand, index) of every dead post of a room's sample Hold'em hands: a post of dead money, or a
    second small blind its room plays dead."""
    settings = sample_settings(folder)
    for path in sorted(folder.rglob("*")):
        if not path.is_file() or path.suffix in (".hp", ".gt", ".hands"):
            continue
        for chunk in split(decode(path.read_bytes())):
            try:
                hand = read_chunk(chunk, path.name, settings)
            except ParseError:
                continue
            small_blinds = [i for i, a in enumerate(hand.actions) if a.kind is ActionKind.POST_SB]
            for i, action in enumerate(hand.actions):
                if action.kind is ActionKind.POST_DEAD or (i in small_blinds[1:] and not hand.second_small_blind_live):
                    yield hand, i


@pytest.mark.parametrize("room", ["Bovada", "PacificPoker", "PartyPoker", "Winning", "iPoker"])
def test_room_dead_blind_every_sample_dead_post_a_cent_over_is_an_error(room):
    """ROOM-DEAD-BLIND: the rooms' sample dead posts, none a finding, each one a cent over is one, where checked."""
    flagged = checked = 0
    for hand, i in _dead_posts(corpus("rooms", room)):
        findings = replay(hand, allin_ev=False).findings
        assert not [f for f in findings if f.rule_id == "ROOM-DEAD-BLIND"], hand.hand_id
        actions = list(hand.actions)
        actions[i] = dataclasses.replace(actions[i], amount=actions[i].amount + D("0.01"))
        over = replay(dataclasses.replace(hand, actions=tuple(actions)), allin_ev=False).findings
        raised = [f.line for f in over if f.rule_id == "ROOM-DEAD-BLIND"]
        is_limit = hand.betting.value == "limit"
        checked += not is_limit and hand.small_blind_stated
        flagged += bool(raised)
        assert raised == ([actions[i].line] if not is_limit and hand.small_blind_stated else []), hand.hand_id
        assert hand.info.site in DEAD_POSTS_CHECKED
    assert checked > 0 and flagged == checked


def test_room_dead_blind_a_files_batch_stores_the_hand_with_the_finding_the_full_path_gives():
    """ROOM-DEAD-BLIND: a room's file replayed as one batch finds what the full path finds."""
    more = edit(WINNING_DEAD_POST, ("posts dead $0.07", "posts dead $0.09"), ("$0.17 from", "$0.19 from"),
                ("Total pot $0.17", "Total pot $0.19"), ("won $0.17", "won $0.19"))
    hands = [WINNING_DEAD_POST.strip("\n").replace("#784383001", f"#78438300{k}") for k in (1, 2)]
    text = "\n\n\n".join([*hands, more.strip("\n").replace("#784383001", "#784383003")]) + "\n"
    line = text.split("\n").index("Player8 posts dead $0.09") + 1
    found = {}
    for lane in (True, False):
        result = parse_bytes(text.encode(), "hands.txt", lane=lane)
        found[lane] = [(rule, at) for (table, _), rows in result.tables.items() if table == "findings"
                       for rule, at in zip(rows.column("rule_id").to_pylist(), rows.column("line").to_pylist())]
        # the batch stores the three hands, the third with the room fact it breaks in words
        assert result.count_games == 3 and result.count_batched == (3 if lane else 0)
    assert found[True] == found[False] == [("ROOM-DEAD-BLIND", line)]
