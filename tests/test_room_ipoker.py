"""iPoker XML sessions: read by parsers/ipoker.py, replayed by the one Hold'em engine.

The sessions written here are worked by hand: the expected nets are counted from the XML, not
copied from the code. The corpus tests read ../shared/corpora/rooms/iPoker (skipped when absent).
"""

from __future__ import annotations

import ast
import collections
import re
from datetime import datetime
from decimal import Decimal
from pathlib import Path

import pytest

from parsers.errors import ParseError, UnsupportedGame
from parsers.formats import parse_chunk, quarantine_game
from parsers.ipoker import read_session
from parsers.source import decode, split
from pipeline.worker import parse_bytes
from rules.findings import Severity
from rules.holdem_engine import replay
from rules.holdem_hand import ActionKind, BettingStructure, Street
from tests.conftest import corpus

D = Decimal

SESSION = """<?xml version="1.0" encoding="utf-8"?>
<session sessioncode="1">
  <general>
    <mode>real</mode>
    <gametype>Holdem NL £0.05/£0.10</gametype>
    <tablename>Gelofo, 754744691</tablename>
    <currency>GBP</currency>
    <nickname>Anna</nickname>
  </general>
  <game gamecode="11">
    <general>
      <startdate>2013-07-30 20:33:30</startdate>
      <players>
        <player seat="1" name="Anna" chips="£10" dealer="1" win="£0" bet="£0" />
        <player seat="3" name="Boris" chips="£10.05" dealer="0" win="£0" bet="£0.05" />
        <player seat="5" name="Vera" chips="£3" dealer="0" win="£5.95" bet="£3" />
        <player seat="7" name="Gleb" chips="£8" dealer="0" win="£0" bet="£0" />
      </players>
    </general>
    <round no="0">
      <action no="1" player="Boris" type="1" sum="£0.05" cards="[cards]" />
      <action no="2" player="Vera" type="2" sum="£0.10" cards="[cards]" /><action no="7" player="Gleb" type="8" sum="£0" />
    </round>
    <round no="1">
      <cards type="Pocket" player="Anna">C10 C9</cards>
      <action no="3" player="Anna" type="23" sum="£0.30" cards="" />
      <action no="6" player="Anna" type="3" sum="£2.70" cards="" />
      <cards type="Pocket" player="Boris">X X</cards>
      <action no="4" player="Boris" type="0" sum="£0" cards="" />
      <cards type="Pocket" player="Vera">C5 HA</cards>
      <action no="5" player="Vera" type="7" sum="£2.90" cards="" />
    </round>
    <round no="2">
      <cards type="Flop" player="">S10 DA D8</cards>
    </round>
    <round no="3">
      <cards type="Turn" player="">D4</cards>
    </round>
    <round no="4">
      <cards type="River" player="">HK</cards>
    </round>
  </game>
</session>
"""


def _nets(hand) -> dict[str, Decimal]:
    result = replay(hand)
    assert [f for f in result.findings if f.severity is Severity.ERROR] == []
    return {p.player: p.net for p in result.players}


def test_ipoker_actions_in_their_order_raise_total_all_in_added_and_the_win_after_rake():
    # Actions come grouped by player; "no" orders them: Anna raises to 0.30 (type 23: the total),
    # Boris folds, Vera all-in 2.90 more (3 in all), Anna calls 2.70. Pot 0.05 + 3 + 3 = 6.05;
    # Vera's "win" 5.95: the rake is 0.10. Suit first: C10 is the ten of clubs. Gleb sits out
    # (type 8): seated, not dealt in.
    [hand] = read_session(SESSION, "s.xml")
    assert [(a.player, a.kind) for a in hand.actions[2:5]] == [
        ("Anna", ActionKind.RAISE), ("Boris", ActionKind.FOLD), ("Vera", ActionKind.RAISE)]
    assert hand.actions[2].raise_to == D("0.30") and hand.actions[4].raise_to == D("3")
    assert hand.currency == "GBP" and hand.button_seat == 1 and hand.betting is BettingStructure.NO_LIMIT
    assert [str(c) for c in hand.hole_cards[0].cards] == ["Tc", "9c"]
    assert [str(c) for c in hand.boards[0]] == ["Ts", "Ad", "8d", "4d", "Kh"]
    assert hand.summary.total_pot == D("6.05") and hand.summary.rake == D("0.10")
    assert _nets(hand) == {"Anna": D("-3"), "Boris": D("-0.05"), "Vera": D("2.95")}


UNCALLED_PREFLOP = """<session sessioncode="0">
  <general>
    <gametype>Holdem NL £0.05/£0.10</gametype>
    <tablename>Gelofo, 754744691</tablename>
    <currency>GBP</currency>
  </general>
  <game gamecode="4988874195">
    <general>
<startdate>2013-07-30 18:26:02</startdate>
      <players>
        <player seat="1" name="Certusjr" chips="£10.66" dealer="0" win="£0" bet="£0.05" rebuy="0" addon="0" />
        <player seat="3" name="SudenUniMC" chips="£10" dealer="0" win="£0" bet="£0.10" rebuy="0" addon="0" />
        <player seat="5" name="gortaleva" chips="£7.22" dealer="0" win="£0.46" bet="£6.50" rebuy="0" addon="0" />
        <player seat="6" name="P0k3rkIng2k" chips="£6.04" dealer="0" win="£11.42" bet="£6.04" rebuy="0" addon="0" />
        <player seat="10" name="TtheFish" chips="£14.40" dealer="1" win="£0" bet="£0" rebuy="0" addon="0" />
      </players>
    </general>
    <round no="0">
      <action no="1" player="Certusjr" type="1" sum="£0.05" cards="[cards]" />
      <action no="2" player="SudenUniMC" type="2" sum="£0.10" cards="[cards]" />
    </round>
    <round no="1">
      <action no="6" player="Certusjr" type="0" sum="£0" cards="" />
      <action no="7" player="SudenUniMC" type="0" sum="£0" cards="" />
      <cards type="Pocket" player="gortaleva">CA HQ</cards>
      <action no="3" player="gortaleva" type="23" sum="£0.40" cards="" />
      <action no="8" player="gortaleva" type="23" sum="£6.50" cards="" />
      <cards type="Pocket" player="P0k3rkIng2k">DK SK</cards>
      <action no="4" player="P0k3rkIng2k" type="23" sum="£1.20" cards="" />
      <action no="9" player="P0k3rkIng2k" type="7" sum="£4.84" cards="" />
      <action no="5" player="TtheFish" type="0" sum="£0" cards="" />
    </round>
    <round no="2">
      <cards type="Flop" player="">D5 C7 D9</cards>
    </round>
    <round no="3">
      <cards type="Turn" player="">DJ</cards>
    </round>
    <round no="4">
      <cards type="River" player="">DQ</cards>
    </round>
  </game>
</session>
"""


def test_ipoker_a_win_that_is_only_the_bet_nobody_called_is_returned_after_later_streets():
    """ROOM-UNCALLED: the part of a preflop bet nobody matched comes back though the flop, turn and
    river were dealt after it; the "win" that paid it back is no win."""
    # (game 4988874195 of the samples) gortaleva raises to 0.40, P0k3rkIng2k to 1.20, gortaleva
    # to 6.50; P0k3rkIng2k all in for 4.84 more: 6.04. 0.46 nobody matched is gortaleva's "win".
    # KK beats AQ: gortaleva put in 6.04 and won nothing; the pot 0.05 + 0.10 + 6.04 + 6.04 = 12.23,
    # P0k3rkIng2k's 11.42 and a rake of 0.81.
    [hand] = read_session(UNCALLED_PREFLOP, "u.xml")
    assert [(a.player, a.kind, a.amount, a.street) for a in hand.actions[-2:]] == [
        ("gortaleva", ActionKind.UNCALLED, D("0.46"), Street.PREFLOP),
        ("P0k3rkIng2k", ActionKind.COLLECT, D("11.42"), Street.SHOWDOWN)]
    assert (hand.summary.total_pot, hand.summary.rake) == (D("12.23"), D("0.81"))
    result = replay(hand)
    facts = {p.player: (p.invested, p.collected, p.won_at_showdown) for p in result.players}
    assert facts["gortaleva"] == (D("6.04"), D(0), False)
    assert facts["P0k3rkIng2k"] == (D("6.04"), D("11.42"), True)
    assert result.total_pot == D("12.23") and result.findings == ()
    assert _nets(hand)["gortaleva"] == D("-6.04")


# A real game of the room's samples (LHE-10max-USD-0.10-0.20-201107.player.sitting.out.xml, game
# 2855497080, the session's header cut to what the reader needs), Limit 0.10/0.20: Player13 and Hero
# call the big blind of 0.10, Player3 completes his small blind, Player4 checks; four check the flop.
# On the turn Player3 bets 0.20 and the three others fold. His "win" of 0.58 holds his 0.20 back: the
# pot is 0.40, he collects 0.38 of it (a rake of 0.02) on the turn, where the last folded.
# Player3 +0.28; Hero, Player4 and Player13 -0.10.
FOLDED_ON_THE_TURN = """<?xml version="1.0" encoding="utf-8"?><session sessioncode="3279576281">
<general><mode>real</mode><gametype>Holdem L $0.10/$0.20</gametype><tablename>Gary</tablename>
<currency>USD</currency><nickname>Hero</nickname></general>
<game gamecode="2855497080">
<general>
<startdate>2011-07-22 17:50:56</startdate>
<players>
<player seat="1" name="Player1" chips="$20.30" dealer="0" win="$0" bet="$0" /><player seat="2" name="Hero" chips="$9.94" dealer="1" win="$0" bet="$0.10" /><player seat="3" name="Player3" chips="$24.86" dealer="0" win="$0.58" bet="$0.30" /><player seat="4" name="Player4" chips="$1.43" dealer="0" win="$0" bet="$0.10" /><player seat="5" name="Player12" chips="$2.23" dealer="0" win="$0" bet="$0" /><player seat="6" name="Player11" chips="$5.36" dealer="0" win="$0" bet="$0" /><player seat="7" name="Player6" chips="$3.24" dealer="0" win="$0" bet="$0" /><player seat="8" name="Player14" chips="$5" dealer="0" win="$0" bet="$0" /><player seat="9" name="Player13" chips="$1.90" dealer="0" win="$0" bet="$0.10" /><player seat="10" name="Player10" chips="$2.84" dealer="0" win="$0" bet="$0" />
</players>
</general>
<round no="0">
<action no="1" player="Player3" type="1" sum="$0.05" cards="[cards]"/><action no="2" player="Player4" type="2" sum="$0.10" cards="[cards]"/>
</round>
<round no="1">
<cards type="Pocket" player="Player1">X X</cards><action no="8" player="Player1" type="0" sum="$0" cards=""/><cards type="Pocket" player="Hero">C7 S8</cards><action no="9" player="Hero" type="3" sum="$0.10" cards=""/><cards type="Pocket" player="Player3">X X</cards><action no="10" player="Player3" type="3" sum="$0.05" cards=""/><cards type="Pocket" player="Player4">X X</cards><action no="11" player="Player4" type="4" sum="$0" cards=""/><cards type="Pocket" player="Player12">X X</cards><action no="3" player="Player12" type="0" sum="$0" cards=""/><cards type="Pocket" player="Player11">X X</cards><action no="4" player="Player11" type="0" sum="$0" cards=""/><cards type="Pocket" player="Player6">X X</cards><action no="5" player="Player6" type="0" sum="$0" cards=""/><cards type="Pocket" player="Player13">X X</cards><action no="6" player="Player13" type="3" sum="$0.10" cards=""/><cards type="Pocket" player="Player10">X X</cards><action no="7" player="Player10" type="0" sum="$0" cards=""/>
</round>
<round no="2">
<cards type="Flop" player="">CA DJ H5</cards><action no="15" player="Hero" type="4" sum="$0" cards=""/><action no="12" player="Player3" type="4" sum="$0" cards=""/><action no="13" player="Player4" type="4" sum="$0" cards=""/><action no="14" player="Player13" type="4" sum="$0" cards=""/>
</round>
<round no="3">
<cards type="Turn" player="">HA</cards><action no="19" player="Hero" type="0" sum="$0" cards=""/><action no="16" player="Player3" type="5" sum="$0.20" cards=""/><action no="17" player="Player4" type="0" sum="$0" cards=""/><action no="18" player="Player13" type="0" sum="$0" cards=""/>
</round>
</game></session>"""


def test_ipoker_a_pot_the_others_fold_to_is_won_on_the_street_of_the_last_fold():
    """As PokerStars writes it: no showdown when one player is left, the win taken where the last folded."""
    [hand] = read_session(FOLDED_ON_THE_TURN, "s.xml")
    assert [(a.player, a.kind, a.amount, a.street) for a in hand.actions
            if a.kind in (ActionKind.UNCALLED, ActionKind.COLLECT)] == [
        ("Player3", ActionKind.UNCALLED, D("0.20"), Street.TURN), ("Player3", ActionKind.COLLECT, D("0.38"), Street.TURN)]
    assert (hand.summary.total_pot, hand.summary.rake) == (D("0.40"), D("0.02"))
    assert {name: net for name, net in _nets(hand).items() if net} == {
        "Player3": D("0.28"), "Hero": D("-0.10"), "Player4": D("-0.10"), "Player13": D("-0.10")}


def test_ipoker_an_amount_in_another_currency_is_read_and_a_warning_at_its_line():
    """ROOM-CURRENCY: a pound session's call written in euros is read as written, and reported."""
    text = SESSION.replace('type="3" sum="£2.70"', 'type="3" sum="€2.70"')
    call_line = text.split("\n").index('      <action no="6" player="Anna" type="3" sum="€2.70" cards="" />') + 1
    [hand] = read_session(text, "s.xml")
    result = replay(hand)
    assert [(f.rule_id, f.severity, f.line, f.expected, f.actual) for f in result.findings] == [
        ("ROOM-CURRENCY", Severity.WARNING, call_line, "GBP", "EUR")]
    assert {p.player: p.net for p in result.players} == {"Anna": D("-3"), "Boris": D("-0.05"), "Vera": D("2.95")}


def test_ipoker_money_is_the_tables_currency_not_the_accounts():
    """ROOM-CURRENCY: <tablecurrency> is the table's money; <currency> the log owner's account's."""
    text = SESSION.replace("<currency>GBP</currency>", "<tablecurrency>GBP</tablecurrency><currency>CAD</currency>")
    [hand] = read_session(text, "s.xml")
    assert hand.currency == "GBP" and replay(hand).findings == ()


def test_ipoker_session_without_its_end_tags_is_read():
    text = SESSION.replace("  </game>\n</session>\n", "")
    [hand] = read_session(text, "s.xml")
    assert hand.hand_id == "11"


def test_ipoker_chunk_of_a_one_game_session_is_stored_through_the_formats():
    chunks = split(SESSION)
    assert [c.format for c in chunks] == ["ipoker"] and chunks[0].first_line == 10
    assert chunks[0].context[1] == '<session sessioncode="1">'
    hand = parse_chunk(chunks[0], "s.xml")
    assert hand.source.first_line == 10 and hand.hand_id == "11"
    assert next(a.line for a in hand.actions if a.player == "Vera" and a.kind is ActionKind.RAISE) == 31


def test_ipoker_games_of_a_session_are_chunks_of_their_own_even_on_shared_lines():
    # the second game starts on the line where the first ends, as exports write them
    inner = SESSION.split('<game gamecode="11">')[1].split("</game>")[0]
    two = SESSION.replace("</game>", '</game><game gamecode="12">' + inner + "</game>", 1)
    chunks = split(two)
    assert [(c.format, c.first_line) for c in chunks] == [("ipoker", 10), ("ipoker", 42)]
    hands = [parse_chunk(c, "s.xml") for c in chunks]
    assert [h.hand_id for h in hands] == ["11", "12"] and hands[1].source.first_line == 42
    assert _nets(hands[1]) == {"Anna": D("-3"), "Boris": D("-0.05"), "Vera": D("2.95")}
    assert len({c.game_id for c in chunks}) == 2


def test_ipoker_text_after_the_session_is_quarantined_not_lost():
    chunks = split(SESSION + "stray words\n")
    assert [c.format for c in chunks] == ["ipoker", None] and chunks[1].lines[-1] == "stray words"


def test_ipoker_omaha_goes_to_quarantine_naming_the_game():
    with pytest.raises(ParseError, match="iPoker 'Omaha PL £0.05/£0.10' is not supported yet"):
        read_session(SESSION.replace("Holdem NL", "Omaha PL"), "s.xml")


def _pockets_of(cards: int) -> str:
    """SESSION as a game type that names no game writes it (``PL £0.05/£0.10``), its pockets of ``cards`` cards."""
    text = SESSION.replace("Holdem NL", "PL")
    text = text.replace(">C10 C9<", ">" + " ".join(["C10", "C9", "C8", "C7", "C6"][:cards]) + "<")
    text = text.replace(">X X<", ">" + " ".join(["X"] * cards) + "<")
    return text.replace(">C5 HA<", ">" + " ".join(["C5", "HA", "H2", "H3", "H4"][:cards]) + "<")


@pytest.mark.parametrize(("cards", "named", "game"), [
    (5, "iPoker 'PL £0.05/£0.10' deals five hole cards: five-card Omaha is not supported yet", "five-card Omaha"),
    (4, "iPoker 'PL £0.05/£0.10' deals four hole cards: Omaha is not supported yet", "Omaha"),
    # two cards a game type naming no game still does not say it is Hold'em: not read, named as written
    (2, "iPoker 'PL £0.05/£0.10' is not supported yet", ""),
])
def test_ipoker_a_game_type_that_names_no_game_is_quarantined_naming_the_game_its_pockets_deal(cards, named, game):
    [chunk] = split(_pockets_of(cards))
    with pytest.raises(UnsupportedGame) as caught:
        parse_chunk(chunk, "s.xml")
    assert caught.value.reason.startswith(named + ": Rasklad reads iPoker Hold'em"), caught.value.reason
    # its quarantine row is filed under that game (five_card_omaha), not under Hold'em
    assert caught.value.game == game


def test_ipoker_a_game_the_reader_does_not_read_is_filed_under_its_game_through_the_formats():
    # the session's head is read with each game cut out of it: its game type's game stays with the
    # refusal, so the quarantine row goes to the Omaha partition, not to Hold'em's
    [chunk] = split(_pockets_of(4).replace("<gametype>PL", "<gametype>Omaha PL"))
    with pytest.raises(UnsupportedGame) as caught:
        parse_chunk(chunk, "s.xml")
    assert (caught.value.game, quarantine_game(chunk, caught.value.game)) == ("Omaha", "omaha")


def test_ipoker_corpus_five_card_omaha_sessions_are_quarantined_naming_the_game():
    """The samples whose game type is only the structure and the stakes (`PL €2/€4`): their
    pockets hold five cards (`S2 DK C3 D7 S3`, `X X X X X`)."""
    named = collections.Counter()
    for path, chunk in _games():
        if path.name.startswith("5CPLO"):
            with pytest.raises(ParseError) as caught:
                parse_chunk(chunk, path.name)
            named[caught.value.reason.split(" is not supported yet")[0].split("' ", 1)[1]] += 1
    assert named == {"deals five hole cards: five-card Omaha": 4}


def test_ipoker_an_amount_that_is_none_is_a_parse_error_at_its_line():
    with pytest.raises(ParseError, match="'XX' is not an amount") as caught:
        read_session(SESSION.replace('type="7" sum="£2.90"', 'type="7" sum="XX"'), "s.xml")
    assert caught.value.line == 31


@pytest.mark.parametrize(("written", "attribute", "line", "column"), [
    # each worked by hand from SESSION: Vera's all-in is line 31, its sum= at column 45; Boris's
    # player line is 15, its chips= at column 39
    ('type="7" sum="-£2.90"', "-£2.90", 31, 45),     # a minus: never read as £2.90
    ('type="7" sum="£2.9x0"', "£2.9x0", 31, 45),     # a letter: never read as £2.90
    ('type="7" sum="£2..90"', "£2..90", 31, 45),
    ('chips="£10.0.5"', "£10.0.5", 15, 39),
])
def test_ipoker_an_amount_not_written_as_one_quarantines_the_game_at_its_attribute(written, attribute, line, column):
    text = SESSION.replace('type="7" sum="£2.90"', written) if "sum" in written else \
        SESSION.replace('chips="£10.05"', written)
    [chunk] = split(text)
    with pytest.raises(ParseError) as caught:
        parse_chunk(chunk, "s.xml")
    assert (caught.value.line, caught.value.column) == (line, column)
    assert caught.value.reason.startswith(f"{attribute!r} is not an amount: expected digits")
    assert caught.value.line_text[column - 1:].startswith(("sum=", "chips="))


def test_ipoker_amounts_as_the_exports_write_them_are_read():
    # a comma before two last digits is the decimal point, before three it groups thousands
    text = SESSION.replace('chips="£10"', 'chips="£1,198"').replace('chips="£3"', 'chips="£3,00"')
    [hand] = read_session(text, "s.xml")
    assert [s.stack for s in hand.seats][:3] == [D("1198"), D("10.05"), D("3.00")]


@pytest.mark.parametrize("written", ["2013-07-30 20:33:30", "30-Jul-2013 20:33:30", "2013/07/30 20:33:30",
                                     "30.07.2013 20:33:30"])
def test_ipoker_start_date_is_read_in_each_form_the_exports_write(written):
    [hand] = read_session(SESSION.replace("2013-07-30 20:33:30", written), "s.xml")
    assert hand.info.played_at == datetime(2013, 7, 30, 20, 33, 30)


@pytest.mark.parametrize(("written", "reason"), [
    ("30-Jly-2013 20:33:30", "'30-Jly-2013 20:33:30' is not a real date and time (Jly is not a month)"),
    ("2013/13/30 20:33:30", "'2013/13/30 20:33:30' is not a real date and time (month must be in 1..12)"),
    ("July 30, 2013 8:33 PM", ("expected the start date like 2011-11-04 18:46:19, 22-Jan-2011 21:25:31, "
                               "2017/01/23 22:27:48 or 18.05.2021 18:26:13, found 'July 30, 2013 8:33 PM'"))])
def test_ipoker_start_date_not_read_quarantines_the_game_at_the_date(written, reason):
    # as a header's date in the other rooms: never a game stored with no time in silence
    text = SESSION.replace("2013-07-30 20:33:30", written)
    [chunk] = split(text)
    with pytest.raises(ParseError) as caught:
        parse_chunk(chunk, "s.xml")
    assert (caught.value.reason, caught.value.line, caught.value.column) == (reason, 12, 18)
    assert caught.value.line_text == f"      <startdate>{written}</startdate>"


def test_ipoker_game_without_a_start_date_is_stored_with_no_time():
    [hand] = read_session(SESSION.replace("<startdate>2013-07-30 20:33:30</startdate>", ""), "s.xml")
    assert hand.info.played_at is None


def test_ipoker_errors_of_a_game_read_through_the_formats_are_at_its_lines_of_the_file():
    # a game's line counted once: as read_session alone gives it, not again from the chunk's first line
    [chunk] = split(SESSION.replace('type="7" sum="£2.90"', 'type="7" sum="XX"'))
    with pytest.raises(ParseError, match="'XX' is not an amount") as caught:
        parse_chunk(chunk, "s.xml")
    assert caught.value.line == 31
    # a fault of the session's head: at the game's first line
    [chunk] = split(SESSION.replace("Holdem NL", "Omaha PL"))
    with pytest.raises(ParseError, match="is not supported yet") as caught:
        parse_chunk(chunk, "s.xml")
    assert caught.value.line == chunk.first_line == 10


def test_ipoker_corpus_start_dates_of_every_form_are_read():
    folder = corpus("rooms", "iPoker") / "Flop"
    dates = {}
    for name in ("LHE-5-10-10-20-USD-201103.HEM.archive.txt", "LHE-USD-10-20-201204.new.date.format.txt",
                 "NLHE-EUR-0.01-0.02-201701.new.datetime.format.txt"):
        for chunk in split(decode((folder / name).read_bytes())):
            dates[name, chunk.first_line] = parse_chunk(chunk, name).info.played_at
    assert dates == {
        ("LHE-5-10-10-20-USD-201103.HEM.archive.txt", 18): datetime(2011, 1, 22, 21, 25, 31),
        ("LHE-5-10-10-20-USD-201103.HEM.archive.txt", 60): datetime(2011, 1, 23, 12, 57, 40),
        ("LHE-USD-10-20-201204.new.date.format.txt", 21): datetime(2012, 4, 20, 20, 42, 31),
        ("NLHE-EUR-0.01-0.02-201701.new.datetime.format.txt", 21): datetime(2017, 1, 23, 22, 27, 48),
        ("NLHE-EUR-0.01-0.02-201701.new.datetime.format.txt", 77): datetime(2017, 1, 23, 22, 29, 14),
        ("NLHE-EUR-0.01-0.02-201701.new.datetime.format.txt", 128): datetime(2017, 1, 23, 22, 30, 41)}


def test_ipoker_a_disconnected_player_with_only_a_blind_in_is_quarantined_by_name():
    # Vera has only her big blind in when her all-in reads sum="DP": no bet of hers to keep her in at
    with pytest.raises(ParseError, match="Vera is kept in by disconnection protection before any bet") as caught:
        read_session(SESSION.replace('type="7" sum="£2.90"', 'type="7" sum="DP"'), "s.xml")
    assert caught.value.line == 31


DISCONNECTED = """<?xml version="1.0" encoding="utf-8"?><session sessioncode="3279576281">
<general><mode>real</mode><gametype>Holdem L $0.10/$0.20</gametype><tablename>Gary</tablename>
<currency>USD</currency><nickname>Hero</nickname></general>
<game gamecode="2855472319">
<general><startdate>2011-07-22 17:33:48</startdate><players>
<player seat="4" name="Player4" chips="$2.21" dealer="0" win="$0.39" bet="$0.50" />
<player seat="5" name="Player5" chips="$1.81" dealer="1" win="$0" bet="$0.30" />
<player seat="6" name="Player11" chips="$4.11" dealer="0" win="$0" bet="$0.05" />
<player seat="7" name="Player6" chips="$2.79" dealer="0" win="$0" bet="$0.10" />
<player seat="8" name="Player7" chips="$2.29" dealer="0" win="$0.72" bet="$0.20" />
</players></general>
<round no="0">
<action no="1" player="Player11" type="1" sum="$0.05" cards="[cards]"/>
<action no="2" player="Player6" type="2" sum="$0.10" cards="[cards]"/>
</round>
<round no="1">
<cards type="Pocket" player="Player4">DJ HQ</cards><action no="8" player="Player4" type="23" sum="$0.30" cards=""/>
<action no="9" player="Player5" type="3" sum="$0.30" cards=""/>
<action no="10" player="Player11" type="0" sum="$0" cards=""/>
<action no="11" player="Player6" type="0" sum="$0" cards=""/>
<cards type="Pocket" player="Player7">SJ HJ</cards><action no="3" player="Player7" type="23" sum="$0.20" cards=""/>
<action no="12" player="Player7" type="7" sum="DP" cards=""/>
</round>
<round no="2">
<cards type="Flop" player="">D4 H7 SA</cards><action no="13" player="Player4" type="4" sum="$0" cards=""/>
<action no="14" player="Player5" type="4" sum="$0" cards=""/>
</round>
<round no="3">
<cards type="Turn" player="">C5</cards><action no="15" player="Player4" type="5" sum="$0.20" cards=""/>
<action no="16" player="Player5" type="0" sum="$0" cards=""/>
</round>
<round no="4"><cards type="River" player="">H9</cards></round>
</game></session>"""


def test_ipoker_a_disconnected_player_all_in_for_what_he_has_in():
    """ROOM-DISCONNECTED: an all-in of sum="DP" keeps the player in for what he has in."""
    # The room's own game (seats 1-3, 9 and 10 folded or away, left out): Player7 raises to 0.20
    # and is cut off; his 'all-in' of sum="DP" keeps him in for those 0.20 and no more. Player4
    # 3-bets to 0.30, Player5 calls; Player4's turn bet of 0.20 is not called. Main pot: 0.05 +
    # 0.10 + 3 x 0.20 = 0.75, Player7's jacks over the board 4 7 A 5 9 win it: 0.72 after rake.
    # Side pot: 2 x 0.10 = 0.20, Player4's: 'win' 0.39 is his 0.20 back and 0.19.
    [hand] = read_session(DISCONNECTED, "s.xml")
    capped = [(a.player, a.kind, a.amount) for a in hand.actions if a.is_capped]
    assert capped == [("Player7", ActionKind.RAISE, D("0.10"))]
    result = replay(hand)
    assert [f for f in result.findings if f.severity is Severity.ERROR] == []
    assert {p.player: p.net for p in result.players} == {
        "Player4": D("-0.11"), "Player5": D("-0.30"), "Player11": D("-0.05"), "Player6": D("-0.10"),
        "Player7": D("0.52")}
    # the room took 0.03 of the rake from the main pot and 0.01 from the side pot, the replay all
    # 0.04 from the main pot: a warning, the collects within the rake and adding up
    assert {(str(f.rule_id), f.severity) for f in result.findings} == {("HE-COLLECTED", Severity.WARNING)}


def test_ipoker_a_collect_beyond_the_rake_of_its_pot_is_an_error():
    # As above with Player7 paid 0.80 and Player4 0.31 (the same 0.04 of rake): the main pot of 0.75
    # cannot pay Player7 0.80, 0.09 over its 0.71 after the rake, more than the whole rake
    text = DISCONNECTED.replace('win="$0.39"', 'win="$0.31"').replace('win="$0.72"', 'win="$0.80"')
    found = {(str(f.rule_id), f.severity) for f in replay(read_session(text, "s.xml")[0]).findings}
    assert ("HE-COLLECTED", Severity.ERROR) in found


def test_ipoker_each_fact_stands_at_the_line_of_the_element_or_attribute_it_is_read_from():
    # SESSION's lines, counted by hand: the players 14-17, Anna's pocket 25 and Vera's 30, the
    # flop, turn and river 34, 37 and 40; Vera's win="£5.95" (line 16) pays the pot, and the pot
    # and rake, which the log does not write, are read from it
    [hand] = read_session(SESSION, "s.xml")
    assert [(s.player, s.line) for s in hand.seats] == [("Anna", 14), ("Boris", 15), ("Vera", 16), ("Gleb", 17)]
    assert [(h.player, h.line) for h in hand.hole_cards] == [("Anna", 25), ("Vera", 30)]
    assert hand.board_lines == ((34, 37, 40),)
    assert [(a.player, a.line) for a in hand.actions if a.kind is ActionKind.COLLECT] == [("Vera", 16)]
    assert hand.summary.total_line == 16
    # an attribute on a line of its own within its element: that line (the ones after move down one)
    [hand] = read_session(SESSION.replace('chips="£3" dealer="0" win=', 'chips="£3" dealer="0"\n win='), "s.xml")
    assert [(a.player, a.line) for a in hand.actions if a.kind is ActionKind.COLLECT] == [("Vera", 17)]
    assert [s.line for s in hand.seats] == [14, 15, 16, 18]


def test_ipoker_a_collect_finding_cites_the_win_not_the_line_the_next_game_opens_on():
    # DISCONNECTED's findings (the room raked the side pot, the replay the main pot) are about
    # Player4's win="$0.39" (line 6) and Player7's win="$0.72" (line 10), not about the line where
    # the game ends and the next begins
    following = DISCONNECTED.split("\n", 3)[3].replace("</game></session>", "").replace("2855472319", "2855474281")
    text = DISCONNECTED.replace("</game></session>", "</game>" + following + "</game></session>")
    chunks = split(text)
    assert [c.format for c in chunks] == ["ipoker", "ipoker"]
    hand = parse_chunk(chunks[0], "s.xml")
    shared = hand.source.last_line
    assert text.split("\n")[shared - 1].startswith('</game><game gamecode="2855474281">')
    found = sorted((f.message.split()[0], f.line) for f in replay(hand).findings if str(f.rule_id) == "HE-COLLECTED")
    assert found == [("Player4", 6), ("Player7", 10)]
    lines = text.split("\n")
    assert 'win="$0.39"' in lines[5] and 'win="$0.72"' in lines[9]


ANTE_THEN_SITS_OUT = """<?xml version="1.0" encoding="utf-8"?><session sessioncode="6166981835">
<general><mode>real</mode><gametype>Holdem NL $0.05/$0.10</gametype><tablename>"Ante" Acropoli, 766490881</tablename>
<tablecurrency>USD</tablecurrency><currency>GBP</currency><nickname>Hero</nickname></general>
<game gamecode="5338624766"><general><startdate>2013-12-19 20:00:35</startdate><players>
<player seat="1" name="Player0" chips="$0" dealer="0" win="$0" bet="$0"/>
<player seat="3" name="Player1" chips="$21.12" dealer="0" win="$0" bet="$0"/>
<player seat="5" name="Player2" chips="$20" dealer="0" win="$0" bet="$0.07"/>
<player seat="6" name="Player3" chips="$11.76" dealer="0" win="$0" bet="$0.02"/>
<player seat="8" name="Hero" chips="$22.45" dealer="0" win="$0.31" bet="$0.12"/>
<player seat="10" name="bf411509" chips="$5.66" dealer="1" win="$0" bet="$0.12"/>
</players></general>
<round no="0">
<action no="1" player="Player2" type="15" sum="$0.02" cards="[cards]"/><action no="5" player="Player2" type="1" sum="$0.05" cards="[cards]"/><action no="2" player="Player3" type="15" sum="$0.02" cards="[cards]"/><action no="3" player="Hero" type="15" sum="$0.02" cards="[cards]"/><action no="7" player="Hero" type="2" sum="$0.10" cards="[cards]"/><action no="4" player="bf411509" type="15" sum="$0.02" cards="[cards]"/>
</round>
<round no="1">
<cards type="Pocket" player="Player2">X X</cards><action no="9" player="Player2" type="0" sum="$0" cards=""/><action no="6" player="Player3" type="9" sum="$0" cards=""/><cards type="Pocket" player="Hero">HJ D4</cards><action no="10" player="Hero" type="4" sum="$0" cards=""/><cards type="Pocket" player="bf411509">C6 D7</cards><action no="8" player="bf411509" type="3" sum="$0.10" cards=""/>
</round>
<round no="2"><cards type="Flop" player="">CQ C10 DQ</cards><action no="11" player="Hero" type="4" sum="$0" cards=""/><action no="12" player="bf411509" type="4" sum="$0" cards=""/></round>
<round no="3"><cards type="Turn" player="">D5</cards><action no="13" player="Hero" type="4" sum="$0" cards=""/><action no="14" player="bf411509" type="4" sum="$0" cards=""/></round>
<round no="4"><cards type="River" player="">S2</cards><action no="15" player="Hero" type="4" sum="$0" cards=""/><action no="16" player="bf411509" type="4" sum="$0" cards=""/></round>
</game></session>"""


def test_ipoker_a_player_who_antes_and_sits_out_among_the_posts_is_not_dealt_in():
    # The room's own game: Player3 (seat 6) posts his ante (action 2) and sits out (6) before Hero
    # posts the big blind (7): he is dealt no cards (the game lists none of his) and has no turn;
    # his 0.02 stays in the pot. Dealt in: Player2 (seat 5), Hero (8), bf411509 (10, the button),
    # three-handed: bf411509 BTN, Player2 SB, Hero BB. Preflop the button acts first: bf411509
    # calls (8), Player2 folds (9), Hero checks (10). Antes 4 x 0.02, the blinds 0.05 and 0.10,
    # the call of 0.10: 0.33, of which Hero's win is 0.31 (a rake of 0.02). Hero +0.19,
    # bf411509 -0.12, Player2 -0.07, Player3 -0.02 (his ante, with no position).
    [hand] = read_session(ANTE_THEN_SITS_OUT, "s.xml")
    assert [s.player for s in hand.seats if s.is_sitting_out] == ["Player3"]
    assert [a.kind for a in hand.actions if a.player == "Player3"] == [ActionKind.POST_ANTE]
    result = replay(hand)
    assert result.findings == ()
    assert int(result.fact_batch.count_players[0]) == 3
    assert {p.player: (p.position, p.net) for p in result.players} == {
        "bf411509": ("BTN", D("-0.12")), "Player2": ("SB", D("-0.07")), "Hero": ("BB", D("0.19")),
        "Player3": (None, D("-0.02"))}
    assert (result.total_pot, result.rake) == (D("0.33"), D("0.02"))


def test_ipoker_a_player_who_antes_and_sits_out_is_stored_not_dealt_in_with_his_loss():
    # The same game through the ingest's worker: the hand's player count is the three dealt in;
    # Player3's row keeps his loss of the ante, without a position, and the nets and the rake add
    # up to nothing (0.19 - 0.12 - 0.07 - 0.02 + 0.02)
    result = parse_bytes(ANTE_THEN_SITS_OUT.encode(), "s.xml")
    rows = result.tables[("holdem_results", "holdem")].to_pylist()
    assert {r["player"]: (r["position"], r["net"], r["count_players"]) for r in rows} == {
        "bf411509": ("BTN", D("-0.12"), 3), "Player2": ("SB", D("-0.07"), 3), "Hero": ("BB", D("0.19"), 3),
        "Player3": (None, D("-0.02"), 3)}
    assert sum(r["net"] for r in rows) + rows[0]["rake"] == 0


def test_ipoker_a_player_who_sits_out_after_the_posts_folds_in_the_play_and_his_turn_counts():
    # The same game with Player3's sitting out numbered 17, after the preflop play: he is dealt in,
    # his turn came before Hero's check (action 10), and the betting closed without him
    text = ANTE_THEN_SITS_OUT.replace('no="6" player="Player3"', 'no="17" player="Player3"')
    found = {str(f.rule_id) for f in replay(read_session(text, "s.xml")[0]).findings}
    assert "HE-ACTION-ORDER" in found


BETS_FIRST = """<session sessioncode="3077944141"><general><mode>real</mode>
<gametype>LH 20/40 x2 Limit $10.00/$20.00</gametype><tablename>Papamoa (Heads Up), 482578151</tablename>
<tablecurrency>USD</tablecurrency><currency>USD</currency><nickname>Hero</nickname></general>
<game gamecode="2686565878"><general><startdate>2011-03-20 20:02:47</startdate>
<players><player seat="3" name="Player0" chips="$553.97" dealer="0" win="$0.00" bet="$40.00" />
<player seat="8" name="Hero" chips="$400.00" dealer="1" win="$99.00" bet="$60.00" />
</players></general>
<round no="0"><action no="1" player="Hero" actiontxt="SB" type="1" sum="$10.00" />
<action no="2" player="Player0" actiontxt="BB" type="2" sum="$20.00" /></round>
<round no="1"><cards type="Pocket" player="Player0">x x</cards><cards type="Pocket" player="Hero">SK HJ</cards>
<action no="3" player="Hero" actiontxt="Raise" type="6" sum="$30.00" />
<action no="4" player="Player0" actiontxt="Call" type="3" sum="$20.00" /></round>
<round no="2"><cards type="Flop">DQ C7 S6</cards>
<action no="5" player="Player0" actiontxt="Check" type="4" sum="$0.00" />
<action no="6" player="Hero" actiontxt="Bet" type="5" sum="$20.00" />
<action no="7" player="Player0" actiontxt="Fold" type="0" sum="$0.00" /></round>
</game></session>"""


def test_ipoker_limit_stakes_are_named_by_the_bets_as_pokerstars_names_them():
    # "Holdem L $0.10/$0.20": the bets, as written
    [hand] = read_session(DISCONNECTED, "s.xml")
    assert (hand.small_bet, hand.big_bet, hand.stakes) == (D("0.10"), D("0.20"), "$0.10/$0.20 USD")
    # "LH 20/40 x2 Limit $10.00/$20.00" (a game of the corpus): the bets 20/40 first, then the
    # blinds 10/20; the stakes are the bets, with the blinds' sign. Hero raises the big blind's 20
    # to 40 (30 added to his 10), Player0 calls 20; Hero bets 20 on the flop and Player0 folds:
    # Hero's 'win' of 99 is his uncalled 20 back and 79 of the pot of 80 (a rake of 1).
    [hand] = read_session(BETS_FIRST, "s.xml")
    assert (hand.small_blind, hand.big_blind, hand.small_bet, hand.big_bet) == (D("10.00"), D("20.00"), 20, 40)
    assert hand.stakes == "$20/$40 USD"
    assert _nets(hand) == {"Hero": D("39"), "Player0": D("-40")}


def test_ipoker_entity_bombs_are_refused():
    bomb = '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]><session><general/></session>'
    with pytest.raises(ParseError, match="cannot be read"):
        read_session(bomb, "s.xml")


# ---------------------------------------------------------------------- the corpus

# Games whose findings are right or show a rule the replay lacks, by file name.
KNOWN: dict[str, str] = {}


def _games():
    """Each game of each file, as the splitter cuts them (a session's games one by one)."""
    root = corpus("rooms", "iPoker")
    for path in sorted(p for p in root.rglob("*") if p.is_file() and p.suffix not in (".hp", ".gt", ".hands")):
        for chunk in split(decode(path.read_bytes())):
            yield path, chunk


def test_ipoker_corpus_every_holdem_game_read_without_error():
    games = 0
    refused: collections.Counter = collections.Counter()
    errors = []
    for path, chunk in _games():
        try:
            hand = parse_chunk(chunk, path.name)
        except ParseError as error:
            refused[error.reason.split(":")[0]] += 1
            assert "not supported yet" in error.reason, (path.name, error)
            continue
        games += 1
        if path.name not in KNOWN:
            errors += [f"{path.name}:{f.line}: {f.rule_id} {f.message}" for f in replay(hand).findings
                       if f.severity is Severity.ERROR]
    assert games >= 84, (games, refused)
    assert not errors, "\n".join(errors[:20])


def test_ipoker_corpus_every_finding_cites_a_line_of_its_own_game_naming_its_player():
    """A finding stands at a line of its game; one about a player (its message opens with his
    name), at a line of his: HE-COLLECTED at his win="…", which it questions."""
    cited, wrong = 0, []
    for path, chunk in _games():
        try:
            hand = parse_chunk(chunk, path.name)
        except ParseError:
            continue
        lines = decode(path.read_bytes()).split("\n")
        players = {s.player for s in hand.seats}
        for f in [*replay(hand).findings, *hand.room_findings]:
            cited += 1
            text = lines[f.line - 1] if f.line else ""
            player = f.message.split()[0]
            inside = f.line is not None and hand.source.first_line <= f.line <= hand.source.last_line
            of_player = player not in players or f'name="{player}"' in text or f'player="{player}"' in text
            questioned = str(f.rule_id) != "HE-COLLECTED" or re.search(f'name="{re.escape(player)}"[^>]*win="', text)
            if not (inside and of_player and questioned):
                wrong.append(f"{path.name} #{hand.hand_id} [{hand.source.first_line}-{hand.source.last_line}] "
                             f"{f.rule_id} line {f.line}: {f.message[:60]} | {text.strip()[:80]}")
    assert cited >= 4, cited     # the four HE-COLLECTED warnings of the sitting-out sample's two games
    assert not wrong, "\n".join(wrong)


def test_ipoker_fpdb_profits_equal_the_replayed_nets():
    checked = 0
    for path, chunk in _games():
        hp = Path(f"{path}.hp")
        if not hp.exists():
            continue
        try:
            hand = parse_chunk(chunk, path.name)
        except ParseError:
            continue
        expected = ast.literal_eval(re.sub(r"\bu'", "'", hp.read_text(encoding="utf-8")))
        if not {s.player for s in hand.seats} >= set(expected):
            continue
        nets = {p.player: p.net for p in replay(hand).players}
        for name, p in expected.items():
            assert nets.get(name, D(0)) == D(p["totalProfit"]) / 100, f"{path.name}: {name}"
            checked += 1
    assert checked >= 3
