"""The fast lane's reader against the full path: the same chunks, and in-lane hands read to the same columns.

``read_batch`` must give, for every hand it keeps in the lane, the columns that
``batch_from_hands`` gives for the reference parser's record of the same chunk, and must leave
out of the lane every chunk the reference parser refuses.
"""

from __future__ import annotations

import re
from datetime import datetime

import numpy as np
import pytest

from parsers.errors import ParseError
from parsers.formats import parse_chunk
from parsers.pokerstars_fast import read_batch, read_text
from parsers.source import at_file_end, decode, split
from pipeline.generators.holdem import generate_hands
from rules.holdem_batch import HandBatch, batch_from_hands
from rules.holdem_hand import ActionKind
from tests.conftest import corpus
from tests.split_oracle import split_reference

HAND_COLUMNS = ("first_line", "last_line", "betting", "is_short_deck", "is_tournament", "small_blind", "big_blind",
                "small_bet", "big_bet", "ante", "max_seats", "button_seat", "boards", "board_lines", "summary_boards",
                "summary_board_lines", "total_pot", "rake", "total_line", "cap", "is_cancelled")
HAND_STRINGS = ("game_id", "hand_id", "tournament_id", "stakes", "currency", "club", "table_name", "played_at")
SEAT_COLUMNS = ("seat_no", "stack", "is_sitting_out", "is_out_of_hand", "seat_line", "hole", "hole_how", "hole_line",
                "summary_won", "summary_line", "has_cash_out", "cash_out", "won_not_awarded", "summary_named_hand")
ACTION_COLUMNS = ("street", "actor", "kind", "amount", "raise_to", "is_all_in", "is_capped", "action_board", "cards",
                  "pot", "line", "named_hand")


def hand_differences(ours: HandBatch, h: int, ref: HandBatch, r: int) -> list[str]:
    """The columns where hand ``h`` of ``ours`` differs from hand ``r`` of ``ref``."""
    out = []
    for name in HAND_COLUMNS:
        if not np.array_equal(getattr(ours, name)[h], getattr(ref, name)[r]):
            out.append(f"{name}: {getattr(ours, name)[h]!r} != {getattr(ref, name)[r]!r}")
    for name in HAND_STRINGS:
        if getattr(ours, name)[h] != getattr(ref, name)[r]:
            out.append(f"{name}: {getattr(ours, name)[h]!r} != {getattr(ref, name)[r]!r}")
    for names, start in ((SEAT_COLUMNS, "seat_start"), (ACTION_COLUMNS, "action_start"), (("pot_amount",), "pot_start")):
        a0, a1 = getattr(ours, start)[h:h + 2]
        b0, b1 = getattr(ref, start)[r:r + 2]
        if a1 - a0 != b1 - b0:
            out.append(f"{start}: {a1 - a0} rows != {b1 - b0}")
            continue
        for name in names:
            mine, theirs = getattr(ours, name)[a0:a1], getattr(ref, name)[b0:b1]
            if not np.array_equal(mine, theirs):
                out.append(f"{name}: {mine.tolist()} != {theirs.tolist()}")
    s0, s1 = ours.seat_start[h:h + 2]
    t0, t1 = ref.seat_start[r:r + 2]
    if ours.player[s0:s1] != ref.player[t0:t1]:
        out.append(f"player: {ours.player[s0:s1]} != {ref.player[t0:t1]}")
    return out


def check_file(text: str, file: str = "f.txt") -> tuple[int, int]:
    """Assert the split and every in-lane hand of a file against the full path; (pokerstars hands, in lane)."""
    chunks, batch, index = read_text(text, file)
    assert chunks == split_reference(text)
    hands, refs = [], []
    for h, i in enumerate(index.tolist()):
        try:
            hands.append(parse_chunk(chunks[i], file))
            refs.append(h)
        except (ParseError, ValueError):    # ValueError: the reference's datetime() on a date like 2020/13/01
            assert not batch.in_lane[h], f"{file}:{chunks[i].first_line}: the reference refuses a hand the lane reads"
    ref = batch_from_hands(hands, file)
    for r, h in enumerate(refs):
        if batch.in_lane[h]:
            where = f"{file}:{chunks[index[h]].first_line}"
            assert ref.in_lane[r], f"{where}: in the lane, but the reference puts it out"
            assert hand_differences(batch, h, ref, r) == [], where
    return len(index), int(batch.in_lane.sum())


def generated(game: str, count: int, seed: int, **options) -> str:
    return "\n\n\n".join(text for text, _ in generate_hands(game, count=count, seed=seed, **options)) + "\n"


# ////////////////////////////////////////////////////////////////////// the batch


def test_batch_equals_reference_on_generated_hands():
    total = in_lane = 0
    for game, seed, options in (("holdem", 11, {"betting": "mixed"}), ("holdem", 12, {"allin": 0.01, "short_stacks": 0.1}),
                                ("holdem36", 13, {}), ("holdem", 14, {"betting": "limit"}),
                                ("holdem", 15, {"betting": "pot_limit"})):
        hands, lane = check_file(generated(game, 150, seed, **options), f"{game}-{seed}.txt")
        total += hands
        in_lane += lane
    share = in_lane / total
    print(f"generated hands in the lane: {in_lane}/{total} = {share:.1%}")
    assert share >= 0.97


def test_batch_equals_reference_on_the_real_corpus():
    files = [p for p in sorted(corpus("pokerstars").rglob("*")) if p.is_file()]
    total = in_lane = 0
    for path in files:
        hands, lane = check_file(decode(path.read_bytes()), str(path))
        total += hands
        in_lane += lane
    print(f"real corpus hands in the lane: {in_lane}/{total} = {in_lane / max(total, 1):.1%}")
    assert total > 0


def test_hand_out_of_lane_when_the_reference_refuses_it():
    text = generated("holdem", 3, 5)
    broken = text.replace("*** SUMMARY ***", "*** SUMARY ***", 1)
    chunks, batch, _ = read_text(broken, "b.txt")
    assert batch.in_lane.tolist() == [False, True, True]
    with pytest.raises(ParseError):
        parse_chunk(chunks[0], "b.txt")


def test_lark_judges_the_shape_of_hands_whose_every_line_the_lane_reads():
    """Lines in an order the grammar refuses (a Dealt line before the hole cards marker, the table
    line after the seats): every line reads, the shape does not, so the hand is out of the lane."""
    text = generated("holdem", 1, 9)
    lines = text.rstrip("\n").split("\n")
    table = lines.pop(1)
    after_seats = max(i for i, line in enumerate(lines) if line.startswith("Seat ") and "in chips" in line) + 1
    for changed in ("\n".join(lines[:after_seats] + [table] + lines[after_seats:]),
                    text.replace("*** HOLE CARDS ***\n", "", 1)):
        chunks, batch, _ = read_text(changed, "s.txt")
        with pytest.raises(ParseError, match="expected"):
            parse_chunk(chunks[0], "s.txt")
        assert batch.in_lane.tolist() == [False]
    assert read_text(text, "s.txt")[1].in_lane.tolist() == [True]


@pytest.mark.parametrize("edit", [
    ("Total pot $", "Total pot $1.001 "),        # more than two decimals
    ("*** HOLE CARDS ***", "*** HOLE CARDS ***\nNobody: folds"),      # an action of a player without a seat
])
def test_unmodelled_forms_go_out_of_lane(edit):
    text = generated("holdem", 1, 8).replace("Board [", "Board [", 1)
    changed = text.replace(*edit, 1)
    assert changed != text
    _, batch, _ = read_text(changed, "e.txt")
    assert batch.in_lane.tolist() == [False]


_LINES = ["Seat 9: Ghost ($5 in chips)", "Hero: sits out", 'Hero said, "x"', "Dealt to Hero [As Kd]",
          "Dealt to Anna [XX XX]", "Hero: shows [As]", "Hero: mucks [As Kd]", "Uncalled bet ($1) returned to Hero",
          "Hero collected $1 from side pot-3", "*** FLOP *** [As Kd Qh]", "*** SHOW DOWN ***",
          "Board [As Kd Qh Jc Tc 9c]", "Total pot $5 Main pot $3. Side pot-1 $2. | Rake $0",
          "Seat 1: Hero (button) showed [As Kd] and won ($5) with x", "Seat 1: Hero mucked [As Kd]",
          "Hero: posts straddle $1", "Table 'X Y' 6-max (Play Money) Seat #2 is the button",
          "Hero: raises $1 to $2 and has reached the $5 cap", "Hero: mucks hand and is all-in",
          "Hero: checks and is all-in", "Hero: folds [As Kd] and is all-in", "Hero: x: folds",
          "Seat 2: Hero: x ($5 in chips)", "Seat 2: Hero (small blind) (button) folded before Flop",
          "Hero: shows [10h As]", "Hero: calls 1,000.5", "Hero: bets €1", "Hero: calls $1.001",
          "Hero finished the tournament in 2nd place and received $1", "Uncalled bet (1) returned to Hero: x",
          "Seat 3: Anna collected (5) and won (3)", "Total pot 5 | Rake 0 | Hero", "Dealt to Hero [As] [Kd]"]


def test_hands_with_a_line_added_dropped_or_edited_in_the_lane_are_read_like_the_reference():
    """One line of each hand changed (a line of another kind added, a line dropped, an edit inside a
    line, a name changed): whatever the lane keeps, it reads exactly as the reference."""
    import random

    rng = random.Random(11)
    base = [text for text, _ in generate_hands("holdem", count=60, seed=33, betting="mixed", allin=0.03,
                                               short_stacks=0.2)]
    kept = total = 0
    for round_ in range(5):
        hands = []
        for text in base:
            lines = text.split("\n")
            k = rng.randrange(1, len(lines))
            what = rng.random()
            if what < 0.3:
                lines.insert(k, rng.choice(_LINES))
            elif what < 0.5:
                del lines[k]
            elif what < 0.8:
                at = rng.randrange(len(lines[k]) + 1)
                lines[k] = lines[k][:at] + rng.choice(_TRICKY) + lines[k][at + rng.randint(0, 2):]
            else:
                lines[k] = lines[k].replace("Hero", rng.choice(["Hero: x", "Zoë", "Hero ", "Anna"]))
            hands.append("\n".join(lines))
        count, lane = check_file("\n\n\n".join(hands) + "\n", f"l{round_}.txt")
        total += count
        kept += lane
    print(f"hands with one line changed kept in the lane: {kept}/{total}")
    assert 0 < kept < total


_NAMES = ["A: folds", "Bob collected 5 from pot", "x (button)", "Seat 3", "y [As]", 'z said, "', "Dealt to",
          "w: shows [As Kd]", "H (small blind)", "v and is all-in", "u ($5 in chips)", "t: calls $1", "s: ", ":", "r:",
          " q", "p folded", "o showed [As Kd]", "n won ($5)", "m collected ($5)", "l: raises $1 to $2",
          "k is sitting out", "j leaves the table", "i: sits out", "Table 'x'", "Uncalled bet ($1) returned to",
          "*** FLOP ***", "h collected $1 from side pot-2", "g Seat #1 is the button", "Zoë: €1", "f: mucks hand",
          "e: doesn't show hand", "d: posts small blind $1", "c (big blind) (button)", "b ", "a  b", "Total pot 5",
          "Board [As]", "joins the table at seat #3", "x finished the tournament", "y cashed out the hand"]


def test_players_named_like_parts_of_lines_are_read_like_the_reference():
    """A player renamed throughout a hand to a name that looks like a verb, an amount, a position or
    another line: the lazy and greedy names of the reference's patterns, copied exactly."""
    import random
    import re

    rng = random.Random(5)
    kept = total = 0
    for round_ in range(3):
        hands = []
        for text, _ in generate_hands("holdem", count=len(_NAMES), seed=40 + round_, betting="mixed", allin=0.03):
            players = re.findall(r"^Seat \d+: (.+?) \(", text, re.MULTILINE)
            victim, name = rng.choice(players), rng.choice(_NAMES)
            if name in players:
                name += "1"
            pattern = r"(?<![\w'.-])" + re.escape(victim) + r"(?![\w'.-])"
            hands.append(re.sub(pattern, lambda _, name=name: name, text))
        count, lane = check_file("\n\n\n".join(hands) + "\n", f"n{round_}.txt")
        total += count
        kept += lane
    print(f"hands with a renamed player kept in the lane: {kept}/{total}")
    assert 0 < kept < total


def test_lines_without_play_stay_in_the_lane():
    text = generated("holdem", 1, 8)
    for line in ('Hero said, "gl: all (folds)"', "Boris: sits out", "Gleb finished the tournament in 4th place",
                 "Lev joins the table at seat #3", "Vera will be allowed to play after the button"):
        changed = text.replace("*** HOLE CARDS ***", f"*** HOLE CARDS ***\n{line}", 1)
        hands, lane = check_file(changed)
        assert (hands, lane) == (1, 1), line


def test_a_summary_line_that_starts_like_a_board_but_is_chat_stays_in_the_lane():
    """The reader tries its Board pattern, then the next kinds: a line that starts like a Board line
    and is chat is chat in the lane too (the scanner tries the declared Board line the same way)."""
    text = generated("holdem", 1, 8)
    assert "*** SUMMARY ***\n" in text
    for line in ('Board [2c] said, "gg"', 'FIRST Board [2c 3d] said, "wow"'):
        assert check_file(text.replace("*** SUMMARY ***\n", f"*** SUMMARY ***\n{line}\n")) == (1, 1), line


def test_a_name_with_colons_and_side_pots_read_like_the_reference():
    text = generated("holdem", 40, 21, allin=0.02, short_stacks=0.2).replace("Hero", "Boris: the great")
    hands, lane = check_file(text)
    assert lane == hands


def test_non_ascii_names_euros_and_windows_line_ends_read_like_the_reference():
    text = generated("holdem", 30, 22, currency="EUR").replace("Hero", "Zoë Ёжиков").replace("Anna", "Анна: №1")
    assert "€" in text
    for variant in (text, text.replace("\n", "\r\n"), "\ufeff" + text.replace(" (", "\u00a0(")):
        hands, lane = check_file(variant)
        assert lane == hands == 30


def test_indented_archive_hands_read_like_the_reference():
    text = "".join(f"  *********** # {i} **************\n" + "".join(f"  {line}\n" for line in hand.split("\n"))
                   for i, (hand, _) in enumerate(generate_hands("holdem", count=10, seed=23)))
    hands, lane = check_file(text)
    assert lane == hands == 10


def test_the_compiled_replay_certifies_our_batch_as_the_reference_batch():
    """Hands out of the lane keep no rows: the kernel must certify and score the others the same."""
    from rules.holdem_fast import replay_batch

    text = generated("holdem", 120, 41, betting="mixed", allin=0.02).replace("*** SUMMARY ***", "*** SUMARY ***", 3)
    chunks, batch, index = read_text(text, "i.txt")
    hands, refs = [], []
    for h, i in enumerate(index.tolist()):
        try:
            hands.append(parse_chunk(chunks[i], "i.txt"))
            refs.append(h)
        except ParseError:
            pass
    ref = batch_from_hands(hands, "i.txt")
    ours, theirs = replay_batch(batch), replay_batch(ref)
    assert batch.in_lane.sum() == 117
    for r, h in enumerate(refs):
        assert ours.certified[h] == theirs.certified[r]
        a0, a1 = batch.seat_start[h:h + 2]
        b0, b1 = ref.seat_start[r:r + 2]
        assert np.array_equal(ours.net[a0:a1], theirs.net[b0:b1])


def test_read_text_reads_the_file_bytes_as_read_batch_reads_the_chunks():
    text = "preamble\n\n" + generated("holdem", 30, 24, betting="mixed") + "Raspisnoy game 1\nx\n"
    chunks, batch, index = read_text(text, "t.txt")
    again = read_batch([chunks[i] for i in index.tolist()], "t.txt")
    assert batch.in_lane.sum() == 30
    for h in range(30):
        assert hand_differences(batch, h, again, h) == []


def test_the_readers_empty_batch_is_handbatch_empty():
    """The reader starts from ``HandBatch.empty`` (one layout of the batch): every column as the
    batch's conventions say, cards and optional amounts at -1, the two flags set, a rule setting's
    per-hand options unset, the rest zero."""
    import dataclasses

    from rules.holdem_batch import UNSET

    minus_one = {"small_bet", "big_bet", "boards", "summary_boards", "cap", "summary_seat_no",
                 "hole", "summary_won", "summary_won_again", "hole_conflict", "board_change", "raise_to", "cards", "pot",
                 "named_hand", "summary_named_hand", "made_cards", "summary_made_cards"}
    ones = {"in_lane", "has_summary"}
    unset = {"limit_cap", "cap_heads_up"}
    ours = HandBatch.empty(3, 5, 7, 2)
    for column in dataclasses.fields(HandBatch):
        mine = getattr(ours, column.name)
        if isinstance(mine, np.ndarray):
            fill = -1 if column.name in minus_one else 1 if column.name in ones else UNSET if column.name in unset else 0
            reference = np.full(mine.shape, fill, mine.dtype)
            assert mine.dtype == reference.dtype and np.array_equal(mine, reference), column.name
        else:
            assert mine in (None, "", []), column.name
    assert ours.boards.shape == (3, 3, 5) and ours.board_lines.shape == (3, 3, 5) and ours.hole_conflict.shape == (5, 2, 2)
    assert ours.seat_start.shape == (4,) and ours.pot_amount.shape == (2,)


def test_read_batch_of_non_pokerstars_chunk_is_out_of_lane():
    chunks = split("Raspisnoy game 1\nx\n")
    batch = read_batch(chunks, "r.txt")
    assert batch.in_lane.tolist() == [False]
    assert batch.seat_start.tolist() == [0, 0]


_TRICKY = [":", ": ", " ", "(", ")", "[", "]", "$", "€", "1", "0", ".", ",", "-", "X", "é", "\u0661", "\u2003", "'",
           "#", "*", "and is all-in", " collected ", " said, \"", "Seat ", "folds", "Kd", "10h", "side pot-2"]


def mutated(text: str, rng, edits: int) -> str:
    """``text`` with a few random edits of tricky characters at random places."""
    chars = list(text)
    for _ in range(edits):
        at = rng.randrange(len(chars))
        what = rng.random()
        if what < 0.4:
            chars.insert(at, rng.choice(_TRICKY))
        elif what < 0.7:
            del chars[at]
        else:
            chars[at] = rng.choice(_TRICKY)
    return "".join(chars)


def test_mutated_hands_in_the_lane_are_read_like_the_reference():
    """Random edits of generated hands: whatever the lane keeps, it reads exactly as the reference."""
    import random

    rng = random.Random(20261202)
    base = [text for text, _ in generate_hands("holdem", count=40, seed=31, betting="mixed", allin=0.02)]
    base += [text for text, _ in generate_hands("holdem36", count=10, seed=32)]
    kept = total = 0
    for round_ in range(12):
        hands = [mutated(text, rng, rng.randint(1, 3)) for text in base]
        hands, lane = check_file("\n\n\n".join(hands) + "\n", f"m{round_}.txt")
        total += hands
        kept += lane
    print(f"mutated hands kept in the lane: {kept}/{total}")
    assert 0 < kept < total


def _with_local_time(text: str, local: str | None = None, zone: str = "CET") -> str:
    """The generated headers' ' - D T ET' as older logs write it: ' - LOCAL ZONE [D T ET]', the local
    time being ``local`` or, by default, the ET time on the clocks of ``zone`` (Paris or Lisbon)."""
    from datetime import datetime
    from zoneinfo import ZoneInfo

    lines = text.split("\n")
    for n, line in enumerate(lines):
        if line.startswith(("PokerStars Hand #", "PokerStars Game #")):
            head, when = line.rsplit(" - ", 1)
            et = when.removesuffix(" ET")
            written = local
            if written is None:
                at = datetime.strptime(et, "%Y/%m/%d %H:%M:%S").replace(tzinfo=ZoneInfo("America/New_York"))
                there = at.astimezone(ZoneInfo({"CET": "Europe/Paris", "WET": "Europe/Lisbon"}[zone]))
                written = f"{there:%Y/%m/%d} {there.hour}:{there:%M:%S}"
            lines[n] = f"{head} - {written} {zone} [{et} ET]"
    return "\n".join(lines)


def test_headers_with_a_local_time_and_the_et_time_in_brackets_stay_in_the_lane():
    text = _with_local_time(generated("holdem", 30, seed=4))
    hands, in_lane = check_file(text)
    assert hands == 30 and in_lane == 30
    _, batch, _ = read_text(text, "f.txt")
    ref = batch_from_hands([parse_chunk(c, "f.txt") for c in split(text)], "f.txt")
    assert batch.played_at == ref.played_at      # in UTC, as the reference reads it


@pytest.mark.parametrize(("written", "utc"), [
    ("2021/01/15 23:30:00 ET", datetime(2021, 1, 16, 4, 30)),                               # EST, UTC-5
    ("2021/07/15 23:30:00 ET", datetime(2021, 7, 16, 3, 30)),                               # EDT, UTC-4
    ("2021/07/16 5:30:00 CET [2021/07/15 23:30:00 ET]", datetime(2021, 7, 16, 3, 30)),     # Paris, UTC+2
    ("2021/11/07 1:30:00 ET", datetime(2021, 11, 7, 5, 30)),       # written twice that night: the first, EDT
])
def test_room_time_zone_pokerstars_et_time_is_stored_in_utc_in_both_lanes(written, utc):
    text = _WORDS_HAND.replace("2021/03/04 5:06:07 ET", written)
    assert written in text
    _, batch, _ = read_text(text, "t.txt")
    assert batch.in_lane.tolist() == [True]
    assert batch.played_at == [utc]
    assert parse_chunk(split(text)[0], "t.txt").info.played_at == utc


@pytest.mark.parametrize("local", ["2024/13/02 16:05:07", "2024/02/30 16:05:07", "2024/03/02 25:05:07"])
def test_a_header_whose_local_time_is_no_date_is_out_of_the_lane(local):
    # The reference refuses the hand (a ParseError at the date): the lane must not read it.
    hands, in_lane = check_file(_with_local_time(generated("holdem", 3, seed=4), local))
    assert hands == 3 and in_lane == 0


def test_older_game_headers_read_like_the_reference():
    # "PokerStars Game #…" (older clients and trackers) reads as "PokerStars Hand #…" does.
    text = generated("holdem", 30, seed=6).replace("PokerStars Hand #", "PokerStars Game #")
    assert check_file(text) == (30, 30)
    assert check_file(_with_local_time(text, zone="WET")) == (30, 30)


def test_a_header_whose_local_time_is_not_its_et_time_is_out_of_the_lane():
    # one local time for every hand: all but the hands played at 10:05:07 ET are refused by the reference
    text = _with_local_time(generated("holdem", 3, seed=4), "2024/03/02 16:05:07")
    assert "16:05:07 CET [2024/03/02 10:05:07 ET]" not in text
    assert check_file(text) == (3, 0)


def test_a_header_refused_for_its_local_time_leaves_the_next_headers_of_its_form_in_the_lane():
    """The lane remembers what the reference makes of each header form (the text between ID and
    date); a line it refuses for its local time says nothing of the form, and the same stakes'
    next hands stay in the lane, in this file and the next. (A form no other test reads: Pot Limit.)"""
    hand = _WORDS_HAND.replace("No Limit", "Pot Limit") + "\n"
    late = _with_local_time(hand, "2021/03/04 18:06:07")         # 5:06:07 ET is 11:06:07 in Paris
    assert "18:06:07 CET [2021/03/04 5:06:07 ET]" in late
    assert read_text(late + "\n\n" + hand, "t.txt")[1].in_lane.tolist() == [False, True]
    assert check_file(hand, "u.txt") == (1, 1)


# A capped table ($5 cap): Anna raises to the cap and Vera calls to it; "Betting is capped" is said
# on a line of its own in Limit games and carries no play.
CAPPED = """PokerStars Hand #203:  Hold'em No Limit ($0.10/$0.25 - $5 Cap - USD) - 2021/03/07 21:29:31 ET
Table 'Vesta' 6-max Seat #1 is the button
Seat 1: Anna ($20 in chips)
Seat 2: Boris ($20 in chips)
Seat 3: Vera ($20 in chips)
Boris: posts small blind $0.10
Vera: posts big blind $0.25
*** HOLE CARDS ***
Anna: raises $4.75 to $5 and has reached the $5 cap
Boris: folds
Vera: calls $4.75 and has reached the $5 cap
Betting is capped
*** FLOP *** [2c 7s 9d]
*** TURN *** [2c 7s 9d] [Jc]
*** RIVER *** [2c 7s 9d Jc] [3h]
*** SHOW DOWN ***
Anna: shows [Ah Ad] (a pair of Aces)
Vera: shows [Kh Kd] (a pair of Kings)
Anna collected $9.60 from pot
*** SUMMARY ***
Total pot $10.10 | Rake $0.50
Board [2c 7s 9d Jc 3h]
Seat 1: Anna (button) showed [Ah Ad] and won ($9.60) with a pair of Aces
Seat 2: Boris (small blind) folded before Flop
Seat 3: Vera (big blind) showed [Kh Kd] and lost with a pair of Kings
"""


def test_a_capped_table_and_capped_bets_stay_in_the_lane():
    assert check_file(CAPPED) == (1, 1)
    batch = read_text(CAPPED, "c.txt")[1]
    assert int(batch.cap[0]) == 500
    assert batch.is_capped.tolist() == [False, False, True, False, True, False, False, False]


def test_the_lane_writes_the_stakes_as_the_reference_does_not_as_the_header_spells_them():
    # '- $5 Cap - USD' and a zoom archive's header without the code: one form, the lane's as the reference's
    zoom = CAPPED.replace(" - $5 Cap - USD", "").replace(" and has reached the $5 cap", "").replace("Betting is capped\n", "")
    assert check_file(CAPPED) == (1, 1) and check_file(zoom) == (1, 1)
    assert read_text(CAPPED + "\n\n" + zoom, "c.txt")[1].stakes == ["$0.10/$0.25 - $5 Cap USD", "$0.10/$0.25 USD"]


def test_a_seat_out_of_hand_stays_in_the_lane_read_as_the_reference_reads_it():
    from tests.test_pokerstars_parser import OUT_OF_HAND
    assert check_file(OUT_OF_HAND) == (1, 1)
    assert read_text(OUT_OF_HAND, "o.txt")[1].is_out_of_hand.tolist() == [False, False, True, False, False]


def test_a_player_line_with_nothing_said_stays_in_the_lane_read_as_the_reference_reads_it():
    from tests.test_pokerstars_parser import ALL_IN_BLANKS
    assert check_file(ALL_IN_BLANKS) == (1, 1)


def test_a_cancelled_hand_stays_in_the_lane():
    text = ("PokerStars Hand #142579689317:  Hold'em No Limit ($200/$400 USD) - 2015/10/22 0:24:41 CET "
            "[2015/10/21 18:24:41 ET]\nTable 'Owa III' 6-max Seat #2 is the button\nSeat 2: Ben86 ($40000 in chips)\n"
            "Ben86: posts small blind $200\ncumicon: is sitting out\nHand cancelled\n*** SUMMARY ***\n"
            "Seat 2: Ben86 (button) collected ($0)\n")
    assert check_file(text) == (1, 1)
    assert read_text(text, "c.txt")[1].is_cancelled.tolist() == [True]


def test_a_cash_out_stays_in_the_lane():
    # Anna, all in with aces against kings, cashes the hand out for $15 (fee $0.15): the room pays
    # her, and the summary says her pot was not awarded.
    text = (CAPPED.replace(" - $5 Cap - USD", " USD").replace(" and has reached the $5 cap", " and is all-in")
            .replace("Betting is capped\n", "").replace("Anna collected $9.60 from pot\n",
                                                        "Anna cashed out the hand for $15 | Cash Out Fee $0.15\n")
            .replace("with a pair of Aces\n", "with a pair of Aces (pot not awarded as player cashed out)\n"))
    assert check_file(text) == (1, 1)
    batch = read_text(text, "c.txt")[1]
    assert batch.has_cash_out.tolist() == [True, False, False] and batch.cash_out.tolist() == [1500, 0, 0]
    assert batch.won_not_awarded.tolist() == [True, False, False]
    # a cash-out line of a player with no seat, or with a fee in another currency, is the reader's to refuse
    for changed in (text.replace("Anna cashed", "Nobody cashed"), text.replace("Fee $0.15", "Fee 0.15")):
        assert read_text(changed, "c.txt")[1].in_lane.tolist() == [False]


RUN_TWICE = """PokerStars Hand #3: Hold'em No Limit ($1/$2 USD) - 2024/01/02 3:04:05 ET
Table 'Test' 6-max Seat #1 is the button
Seat 1: Anna ($100 in chips)
Seat 2: Boris ($100 in chips)
Seat 3: Vera ($100 in chips)
Boris: posts small blind $1
Vera: posts big blind $2
*** HOLE CARDS ***
Anna: raises $98 to $100 and is all-in
Boris: folds
Vera: calls $98 and is all-in
*** FIRST FLOP *** [2c 7d 9h]
*** FIRST TURN *** [2c 7d 9h] [Jc]
*** FIRST RIVER *** [2c 7d 9h Jc] [3s]
*** SECOND FLOP *** [Kh 4d 5s]
*** SECOND TURN *** [Kh 4d 5s] [6c]
*** SECOND RIVER *** [Kh 4d 5s 6c] [Qh]
*** FIRST SHOW DOWN ***
Vera: shows [Kc Kd] (a pair of Kings)
Anna: shows [As Ad] (a pair of Aces)
Anna collected $100 from pot
*** SECOND SHOW DOWN ***
Vera collected $100 from pot
*** SUMMARY ***
Total pot $201 | Rake $1
Hand was run twice
FIRST Board [2c 7d 9h Jc 3s]
SECOND Board [Kh 4d 5s 6c Qh]
Seat 1: Anna (button) showed [As Ad] and won ($100) with a pair of Aces, and lost with a pair of Aces
Seat 2: Boris (small blind) folded before Flop
Seat 3: Vera (big blind) showed [Kc Kd] and lost with a pair of Kings, and won ($100) with three of a kind, Kings
"""


def test_a_hand_run_twice_stays_in_the_lane():
    assert check_file(RUN_TWICE) == (1, 1)
    batch = read_text(RUN_TWICE, "r.txt")[1]
    # the street line that deals each card of each board
    assert batch.board_lines[0].tolist() == [[12, 12, 12, 13, 14], [15, 15, 15, 16, 17], [0] * 5]
    assert batch.summary_board_lines[0].tolist() == [27, 28, 0]
    # the second run's collect names its board; the first run's shows and collect the first
    assert batch.action_board.tolist() == [0, 0, 0, 0, 0, 0, 0, 0, 1]
    # a SECOND run before the FIRST, and a run's street twice, are the reader's to refuse
    swapped = RUN_TWICE.replace("*** FIRST FLOP", "*** XFLOP").replace("*** SECOND FLOP", "*** FIRST FLOP")
    for changed in (swapped.replace("*** XFLOP", "*** SECOND FLOP"),
                    RUN_TWICE.replace("*** SECOND TURN *** [Kh 4d 5s] [6c]", "*** SECOND FLOP *** [Kh 4d 5s]")):
        assert read_text(changed, "r.txt")[1].in_lane.tolist() == [False]


# ////////////////////////////////////////////////////////////////////// the scanner's words come from the table

_WORDS_HAND = """PokerStars Hand #7: Hold'em No Limit (€0.05/€0.10 EUR) - 2021/03/04 5:06:07 ET
Table 'Zeta' 3-max Seat #2 is the button
Seat 1: Vera (€5 in chips)
Seat 2: Ivan (€4.50 in chips)
Seat 3: Olga (€10 in chips)
Olga: posts small blind €0.05
Vera: posts big blind €0.10
*** HOLE CARDS ***
Ivan: raises €0.20 to €0.30
Olga: folds
Vera: folds
Uncalled bet (€0.20) returned to Ivan
Ivan collected €0.25 from pot
*** SUMMARY ***
Total pot €0.25 | Rake €0
Seat 1: Vera (big blind) folded before Flop
Seat 2: Ivan (button) collected (€0.25)
Seat 3: Olga (small blind) folded before Flop"""


def _table_with(**changes):
    """The reader's table as :func:`scanner_words` reads it, with some of its words changed."""
    from types import SimpleNamespace

    from parsers import pokerstars as ps

    names = ("LINE_KINDS", "PHRASES", "MARKERS", "RUNS", "POSITIONS", "OUTCOMES", "BETS", "POSTS", "SHOWS", "NO_SHOWS", "NO_PLAY",
             "NO_PLAY_OPEN", "MISC_ENDS", "MISC_OPEN", "DATE_TIME", "CURRENCY_SIGNS", "SYNTAX", "TABLE_KINDS",
             "ZONE_LETTERS", "OUTCOME_PATTERN")
    return SimpleNamespace(**{**{name: getattr(ps, name) for name in names}, **changes})


def test_scanner_words_are_the_tables_hints_and_word_lists():
    from parsers import pokerstars as ps
    from parsers import pokerstars_fast
    from parsers.pokerstars_fast import L_MARKERS, L_OTHERS, W_SEAT, WORDS

    def word(i):
        return bytes(WORDS.data[WORDS.at[i]:WORDS.at[i + 1]]).decode()

    hints = {k.name: k.hint for k in ps.LINE_KINDS if k.name}
    assert word(W_SEAT) == hints["SEAT"].lstrip("^") == "Seat "
    # the kinds after the actions': their hints, in the reader's order (none for chat and lines without play)
    assert WORDS.listed(L_OTHERS) == [*(hints[name].lstrip("^") for name in ("TABLE", "DEALT", "UNCALLED", "COLLECT")),
                                      "", hints["CASHOUT"], hints["CANCELLED"].lstrip("^"), ""]
    # each choice of the action forms is a list of its own: the bets and posts are one
    assert ["calls", "bets", *ps.POSTS] in [WORDS.listed(i) for i in range(len(WORDS.lists) - 1)]
    assert WORDS.listed(L_MARKERS) == ["HOLE CARDS", "DEALING HANDS", "PRE-FLOP", "FLOP", "TURN", "RIVER", "SHOW DOWN",
                                       "SUMMARY"]
    # a shape word holds the table's codes of its terminals
    assert [ps.TERMINALS.index(name) + 1 for name in ("TABLE", "POST", "BODY", "SEATSUM", "CANCELLED")] == [
        pokerstars_fast.T_TABLE, pokerstars_fast.T_POST, pokerstars_fast.T_BODY, pokerstars_fast.T_SEATSUM,
        pokerstars_fast.T_CANCELLED]


def test_changing_the_tables_words_changes_what_the_scanner_reads():
    from parsers.pokerstars_fast import scanner_words

    assert read_batch(split(_WORDS_HAND), "t.txt").in_lane.tolist() == [True]
    # a line without play the table does not know puts the hand out of the lane, until the table knows it
    dreaming = _WORDS_HAND.replace("Olga: folds\n", "Olga: folds\nOlga: is dreaming\n")
    assert read_batch(split(dreaming), "t.txt").in_lane.tolist() == [False]
    words = scanner_words(_table_with(NO_PLAY=("is dreaming",)))
    assert read_batch(split(dreaming), "t.txt", words).in_lane.tolist() == [True]
    # a marker word the table does not know, the same
    preflop = _WORDS_HAND.replace("*** HOLE CARDS ***", "*** PREFLOP ***")
    assert read_batch(split(preflop), "t.txt").in_lane.tolist() == [False]
    markers = {"HOLE": ("PREFLOP",), "STREET": ("FLOP", "TURN", "RIVER"), "SHOWDOWN": ("SHOW DOWN",),
               "SUMMARY": ("SUMMARY",)}
    assert read_batch(split(preflop), "t.txt", scanner_words(_table_with(MARKERS=markers))).in_lane.tolist() == [True]
    # and a post word: with "posts small blind" taken out of the table, the hand is out of the lane
    posts = {"posts big blind": ActionKind.POST_BB}
    assert read_batch(split(_WORDS_HAND), "t.txt", scanner_words(_table_with(POSTS=posts))).in_lane.tolist() == [False]


def test_a_word_list_whose_words_start_one_another_is_refused():
    """The scanner takes the one word of a list that stands at a place, where the reader's regex
    would try the next one after a failure: a table whose posts start one another ("posts" and
    "posts small blind") is refused when the scanner's words are made, not read otherwise."""
    from parsers import pokerstars as ps
    from parsers.pokerstars_fast import scanner_words

    with pytest.raises(AssertionError, match="a word of verb starts another"):
        scanner_words(_table_with(POSTS={"posts": ActionKind.POST_SB, **ps.POSTS}))


@pytest.mark.parametrize(("phrase", "written", "line", "changed"), [
    ("in_chips", " in stack", " in chips)", " in stack)"),
    ("is_button", " has the button", "Seat #2 is the button", "Seat #2 has the button"),
    ("raises", "ups", "Ivan: raises €0.20 to €0.30", "Ivan: ups €0.20 to €0.30"),
    ("folds", "passes", "folds", "passes"),
    ("to", " up to ", "Ivan: raises €0.20 to €0.30", "Ivan: raises €0.20 up to €0.30"),
    ("returned_to", ") back to ", "(€0.20) returned to Ivan", "(€0.20) back to Ivan"),
    ("from", " out of ", "€0.25 from pot", "€0.25 out of pot"),
    ("rake", "Fee ", "Rake €0", "Fee €0"),
    ("marker_end", " **", " ***", " **"),
])
def test_changing_a_phrase_of_the_table_changes_what_the_scanner_reads(phrase, written, line, changed):
    """Each phrase inside a line is the reader's: the scanner reads a line written with another
    phrase only once the table says so (and then no longer the old one)."""
    from parsers import pokerstars as ps
    from parsers.pokerstars_fast import scanner_words

    assert line in _WORDS_HAND
    text = _WORDS_HAND.replace(line, changed)
    table = scanner_words(_table_with(PHRASES={**ps.PHRASES, phrase: written}))
    assert read_batch(split(text), "t.txt").in_lane.tolist() == [False]
    assert read_batch(split(text), "t.txt", table).in_lane.tolist() == [True]
    assert read_batch(split(_WORDS_HAND), "t.txt", table).in_lane.tolist() == [False]


@pytest.mark.parametrize(("line", "phrase", "written"), [
    ('Olga said, "gl"', "said", ' says, "'),
    ("Betting is capped", "capped", "Cap reached"),
    ("Boris joins the table at seat #4", "joins", " takes seat #"),
    ("Boris finished the tournament in 3rd place and received €5", "finished", " ended the tournament"),
    ("Ivan wins the €0.50 bounty for eliminating Olga", "bounty_for", " bounty for knocking out "),
    ("Ivan wins €1.90 for eliminating Olga and their own bounty increases by €1 to €5", "eliminating", " for busting "),
    ("Ivan wins an entry to tournament #123", "entry", " gets an entry to tournament #"),
    ("Ivan wins a Sunday Million ticket", "ticket", "seat"),
])
def test_the_lines_without_play_are_read_from_the_tables_forms(line, phrase, written):
    """A line without play that is not "<player>: <words>" (chat, joins, bounties …) is read by the
    reader's declared forms, in the lane as in the reader: with its phrase changed, only a table
    that says so reads it. (Bounties and tickets: which the lane once left to the full path.)"""
    from parsers import pokerstars as ps
    from parsers.pokerstars_fast import scanner_words

    table = scanner_words(_table_with(PHRASES={**ps.PHRASES, phrase: written}))
    text = _WORDS_HAND.replace("Vera: folds\n", f"Vera: folds\n{line}\n")
    changed = text.replace(ps.PHRASES[phrase], written)
    assert changed != text
    assert check_file(text + "\n") == (1, 1)
    assert read_batch(split(changed), "t.txt").in_lane.tolist() == [False]
    assert read_batch(split(changed), "t.txt", table).in_lane.tolist() == [True]
    assert read_batch(split(text), "t.txt", table).in_lane.tolist() == [False]


def test_the_pots_of_the_total_line_are_read_by_the_tables_repeat():
    """'Total pot … Main pot … Side pot-1 … | Rake …': its pots, any number of them, are read by the
    repeat the reader's table declares, in the lane as in the reader, with the table's marks."""
    from parsers import pokerstars as ps
    from parsers.pokerstars_fast import scanner_words

    text = _WORDS_HAND.replace("| Rake", "Main pot €0.20. Side pot-1 €0.04. Side pot-2 €0.01. | Rake")
    assert check_file(text + "\n") == (1, 1)
    assert read_batch(split(text), "t.txt").pot_amount.tolist() == [20, 4, 1]
    semicolons = text.replace("0. ", "0; ").replace("4. ", "4; ").replace("1. ", "1; ")
    table = scanner_words(_table_with(SYNTAX={**ps.SYNTAX, "pot_end": ";"}))
    assert read_batch(split(semicolons), "t.txt").in_lane.tolist() == [False]
    assert read_batch(split(semicolons), "t.txt", table).pot_amount.tolist() == [20, 4, 1]


def test_changing_a_mark_of_the_table_changes_what_the_scanner_reads():
    """The marks between words (the table's SYNTAX) are the reader's too, as its phrases are: with
    "/" for "|", the Total line is read only by a table that says so."""
    from parsers import pokerstars as ps
    from parsers.pokerstars_fast import scanner_words

    text = _WORDS_HAND.replace("Total pot €0.25 | Rake €0", "Total pot €0.25 / Rake €0")
    table = scanner_words(_table_with(SYNTAX={**ps.SYNTAX, "bar": "/"}))
    assert read_batch(split(text), "t.txt").in_lane.tolist() == [False]
    assert read_batch(split(text), "t.txt", table).in_lane.tolist() == [True]
    assert read_batch(split(_WORDS_HAND), "t.txt", table).in_lane.tolist() == [False]


def test_the_scanner_reads_amounts_with_the_tables_thousands_and_point():
    """With the table's thousands mark and decimal point swapped, "€0,20" is twenty cents; with the
    usual ones it is no amount (a group of two digits): the lane leaves the hand to the reader,
    which quarantines it at the amount, never reading 20 euros."""
    from parsers import pokerstars as ps
    from parsers.pokerstars_fast import scanner_words

    text = _WORDS_HAND.replace("raises €0.20 to €0.30", "raises €0,20 to €0,30")
    assert read_batch(split(text), "t.txt").in_lane.tolist() == [False]
    swapped = scanner_words(_table_with(SYNTAX={**ps.SYNTAX, "thousands": ".", "point": ","}))
    header, rest = _WORDS_HAND.split("\n", 1)    # the reader's header: stakes as usual; the lines: as the table writes
    every_comma = header + "\n" + re.sub(r"(€\d+)\.(\d+)", r"\1,\2", rest)
    assert read_batch(split(every_comma), "t.txt", swapped).amount.tolist()[2] == 20
    [chunk] = split(text)
    with pytest.raises(ParseError, match="'€0,20' is not an amount"):
        parse_chunk(chunk, "t.txt")


def test_the_compiled_scanner_holds_no_text_of_its_own():
    """The kernels compare bytes with the words they are handed, never with text written in them;
    and the scanner module compiles no pattern of its own."""
    import ast
    import inspect

    from numba.extending import is_jitted

    import parsers.pokerstars_fast as fast

    tree = ast.parse(inspect.getsource(fast))
    kernels = [node for node in tree.body if isinstance(node, ast.FunctionDef) and is_jitted(getattr(fast, node.name))]
    assert len(kernels) > 10
    for kernel in kernels:
        body = kernel.body[1:] if ast.get_docstring(kernel) else kernel.body
        texts = [n.value for stmt in body for n in ast.walk(stmt) if isinstance(n, ast.Constant) and isinstance(n.value, str)]
        assert texts == [], kernel.name
    assert "re.compile" not in inspect.getsource(fast)
    # nor a byte of the syntax: a comparison with a printable character's code is the table's
    # (whitespace is \\s and "_" a letter of \\w, as Python's patterns define them)
    allowed = {"_is_space": {32}, "_read_form": {95}}
    for kernel in kernels:
        compared = {n.value for node in ast.walk(kernel) if isinstance(node, ast.Compare)
                    and any(isinstance(op, (ast.Eq, ast.NotEq)) for op in node.ops)
                    for n in (node.left, *node.comparators) if isinstance(n, ast.Constant)
                    and isinstance(n.value, int) and 32 <= n.value < 127}
        assert compared <= allowed.get(kernel.name, set()), kernel.name


def test_a_first_read_compiles_each_scanner_function_once(tmp_path):
    """With an empty kernel cache, reading a PokerStars file compiles every function of the scanner
    for one set of argument types: a word index handed as a literal (a global Python int) once
    compiled the comparing helpers once per word: 150 functions where some 25 do."""
    import json
    import os
    import subprocess
    import sys
    from collections import Counter
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    cache, log = tmp_path / "numba-cache", tmp_path / "compiles.jsonl"
    cache.mkdir()
    code = ("from pipeline.kernels import watch\nwatch()\nfrom parsers.pokerstars_fast import read_text\n"
            f"assert read_text({_WORDS_HAND!r} + '\\n', 'f.txt')[1].in_lane.tolist() == [True]\n")
    env = {**os.environ, "NUMBA_CACHE_DIR": str(cache), "RASKLAD_COMPILE_LOG": str(log), "PYTHONPATH": str(root)}
    done = subprocess.run([sys.executable, "-c", code], cwd=root, env=env, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    built = Counter(json.loads(line)["kernel"] for line in log.read_text().splitlines())
    scanner = {name: n for name, n in built.items() if name.startswith("parsers.pokerstars_fast.")}
    assert "parsers.pokerstars_fast._scan" in scanner
    assert {name: n for name, n in scanner.items() if n > 1} == {}


def test_the_scanner_reads_the_currency_signs_the_readers_table_names():
    """The signs outside ASCII the scanner reads before an amount are the reader's CURRENCY_SIGNS:
    without "€" there, the euro hand is out of the lane."""
    from parsers import pokerstars as ps
    from parsers.pokerstars_fast import scanner_words

    assert read_batch(split(_WORDS_HAND), "t.txt").in_lane.tolist() == [True]
    no_euro = {sign: code for sign, code in ps.CURRENCY_SIGNS.items() if sign != "€"}
    words = scanner_words(_table_with(CURRENCY_SIGNS=no_euro))
    assert read_batch(split(_WORDS_HAND), "t.txt", words).in_lane.tolist() == [False]


def _scanned_header(header: str, words) -> list[int] | None:
    """The compiled header reader's row for one header line, its places in bytes (None: it does not read it)."""
    import numpy as np

    from parsers.pokerstars_fast import _headers
    from parsers.source import line_starts

    data = np.frombuffer(header.encode(), dtype=np.uint8)
    out = np.zeros((1, 9), dtype=np.int64)
    _headers(data, words, line_starts(data), np.array([len(data)]), np.zeros(1, np.int64), out,
             np.empty(16, np.int64))
    return out[0].tolist() if out[0, 0] else None


def test_the_scanner_reads_dates_as_the_readers_table_declares_them():
    """The scanner's header reader walks the reader's DATE_TIME (marks and digit counts): the
    same header with its date written with dashes is a date only for a table that says so."""
    from parsers import pokerstars as ps
    from parsers.pokerstars_fast import WORDS, scanner_words

    def seconds(header: str, words) -> int | None:
        row = _scanned_header(header, words)
        return row and row[5]

    header = _WORDS_HAND.split("\n")[0]
    written = (datetime(2021, 3, 4, 5, 6, 7) - datetime(1970, 1, 1)).total_seconds()
    assert seconds(header, WORDS) == written
    dashed = header.replace("2021/03/04", "2021-03-04")
    assert seconds(dashed, WORDS) is None
    dashes_table = _table_with(DATE_TIME=(("-", 4, 4), ("-", 1, 2), *ps.DATE_TIME[2:]))
    dashes = scanner_words(dashes_table)
    assert seconds(dashed, dashes) == written and seconds(header, dashes) is None
    # and the reader's date pattern is made from the same declaration
    import re

    from parsers.lines import LineForm
    pieces = ps.line_forms(dashes_table)["HEADER"][0].pieces
    when = re.compile(LineForm(pieces[-2:]).pattern("", {name: ps.SYNTAX[name] for name in ("open", "close", "dash")}))
    assert when.fullmatch("2021-03-04 5:06:07 ET") and not when.fullmatch("2021/03/04 5:06:07 ET")
    assert ps._WHEN.fullmatch("2021/03/04 5:06:07 ET") and not ps._WHEN.fullmatch("2021-03-04 5:06:07 ET")
    # the digits each field may have: a three-digit year is no date
    assert seconds(header.replace("2021/", "021/"), WORDS) is None


def test_the_scanner_reads_the_header_the_reader_declares():
    """The header's words, its table kinds and its zone's length are the reader's declaration, which
    its pattern is made from too: a Zoom header is read, one of a kind the table does not name is not,
    until it does; the ID and the local time before the ET time in brackets are where the reader finds them."""
    from parsers import pokerstars as ps
    from parsers.pokerstars_fast import WORDS, scanner_words

    header = _WORDS_HAND.split("\n")[0]
    zoom, rush = (header.replace("PokerStars ", f"PokerStars {kind} ") for kind in ("Zoom", "Rush"))
    for line in (header, zoom):
        row = _scanned_header(line, WORDS)
        assert row is not None and line[row[1]:row[2]] == ps.read_header(line)["match"]["id"] == "7"
    assert _scanned_header(rush, WORDS) is None and ps._HEADER.match(rush) is None
    table = _table_with(TABLE_KINDS=(*ps.TABLE_KINDS, "Rush "))
    assert _scanned_header(rush, scanner_words(table)) is not None
    assert ps.line_forms(table)["HEADER"][0].pieces[1].words[-1] == "Rush "
    local = header.replace("2021/03/04 5:06:07 ET", "2021/03/04 11:06:07 CET [2021/03/04 5:06:07 ET]")
    row = _scanned_header(local, WORDS)
    assert local.encode()[row[7]:row[8]] == b"CET" and row[6] - row[5] == 6 * 3600      # (bytes: the € is three)
    # a zone of more capitals than the table's is no zone
    assert _scanned_header(local.replace(" CET ", " CEETST "), WORDS) is None
    assert _scanned_header(local.replace(" CET ", " CEETST "), scanner_words(_table_with(ZONE_LETTERS=6))) is not None


@pytest.mark.parametrize(("header", "in_lane"), [
    ("PokerStars Zoom Hand #7: Hold'em No Limit (€0.05/€0.10 EUR) - 2021/03/04 5:06:07 ET", True),
    ("PokerStars Home Game Hand #7: {Club Zeta} Hold'em No Limit (€0.05/€0.10 EUR) - 2021/03/04 5:06:07 ET", True),
    # older clients: a dash between date and time, the zone in parentheses (the reader's pattern; the
    # scanner reads the declared form only, and the reference reads this one for the lane)
    ("PokerStars Game #7: Hold'em No Limit (€0.05/€0.10 EUR) - 2021/03/04 - 5:06:07 (ET)", True),
    ("PokerStars Hand #7: Hold'em No Limit (€0.05/€0.10 EUR) - 2021/03/04 5:06:07 ET [2021/03/04 5:06:07 ET]", True),
    ("PokerStars Hand #7: Hold'em No Limit (€0.05/€0.10 EUR) - 2021/03/04 5:06:07 XYZ", False),
])
def test_header_forms_read_alike_in_both_lanes(header, in_lane):
    """The header's declared pieces make the reader's patterns and the scanner's reader: each form
    reads with the same ID and time in both lanes, or the reader refuses it and the lane leaves it."""
    text = header + "\n" + _WORDS_HAND.split("\n", 1)[1]
    _, batch, _ = read_text(text + "\n", "h.txt")
    assert batch.in_lane.tolist() == [in_lane]
    if in_lane:
        hand = parse_chunk(split(text)[0], "h.txt")
        assert batch.hand_id == [hand.hand_id] == ["7"] and batch.played_at == [hand.info.played_at]
        assert batch.club == [hand.info.club]
    else:
        with pytest.raises(ParseError, match="'XYZ' is not a time zone"):
            parse_chunk(split(text)[0], "h.txt")


def test_tournaments_bought_in_play_money_or_points_read_alike_in_both_lanes():
    """The header's buy-in without a currency sign ('300+20', '100 FPP', '250 SC') is read by the
    reader's pattern, which the lane takes its header forms from: the hands stay in the lane and
    are read as the reference reads them."""
    from tests.test_pokerstars_parser import PLAY_MONEY_AND_POINTS_BUY_INS, TOURNAMENT

    text = "\n\n\n".join(TOURNAMENT.replace("$0.91+$0.09 USD", buy_in) for buy_in in PLAY_MONEY_AND_POINTS_BUY_INS)
    assert check_file(text + "\n") == (5, 5)


def test_the_summary_seat_lines_are_read_as_the_reader_declares_them():
    """A summary seat line and what its outcome says (what it won, the cards it showed) are declared
    once as forms: the reader's patterns are made from them (each amount won, as a findall, and the
    first cards), and the scanner reads the positions the table names, and no other (a word in
    parentheses it does not name is the player's name's)."""
    import re

    from parsers import pokerstars as ps
    from parsers.pokerstars_fast import scanner_words

    marks = {name: ps.SYNTAX[name] for name in ("bracket", "bracket_end", "aside", "open", "close", "dash")}
    won, shown = (re.compile(form.pattern(ps._AMT, marks)) for form in ps.FORMS["SAYS"])
    said = "showed [Ac Kd] and won ($1.20) with a pair, and mucked [2c 3c] and won $3"
    assert [m.group("a") for m in won.finditer(said)] == ["$1.20", "$3"] == ps._SUMMARY_WON.findall(said)
    assert shown.search(said).group("c") == "Ac Kd" == ps._SUMMARY_CARDS.search(said).group(1)
    line = "Seat 2: Ivan (dealer) (button) collected (€0.25)"
    assert ps._SEATSUM.match(line).group("p") == "Ivan (dealer)"        # a player Ivan (dealer): none sits
    dealer = _table_with(POSITIONS=(*ps.POSITIONS, "dealer"))
    assert ps.line_forms(dealer)["SEATSUM"][0].pieces[4].parts[0].words[-1] == " (dealer)"
    hand = _WORDS_HAND.replace("Seat 2: Ivan (button) collected", "Seat 2: Ivan (dealer) (button) collected")
    assert read_batch(split(hand), "t.txt").in_lane.tolist() == [False]
    batch = read_batch(split(hand), "t.txt", scanner_words(dealer))
    assert batch.in_lane.tolist() == [True] and batch.summary_won.tolist() == [-1, 25, -1]


def test_words_one_pattern_reads_are_no_proof_for_another():
    """The free words the reader judges are remembered per pattern: a show line whose parentheses
    hold a summary outcome ('folded before Flop', read a moment before as Vera's summary words) is
    no hand's name, and the reader refuses it, so the lane must too."""
    shows = _WORDS_HAND.replace("Ivan collected €0.25 from pot\n",
                                "Ivan collected €0.25 from pot\nIvan: shows [Ac Kd] (folded before Flop)\n")
    assert check_file(shows + "\n") == (1, 0)


@pytest.mark.parametrize("stray", ["!(", " ! ("])
def test_a_header_with_a_stray_character_before_its_stakes_is_out_of_the_lane(stray):
    # the lane takes a header's form from the reference, which refuses it: the first hand goes to
    # the full path (and its quarantine), the others stay
    text = generated("holdem", 3, 5)
    first = text.split("\n", 1)[0]
    assert " (" in first
    broken = text.replace(first, first.replace(" (", stray, 1), 1)
    chunks, batch, _ = read_text(broken, "s.txt")
    assert batch.in_lane.tolist() == [False, True, True]
    with pytest.raises(ParseError, match="between the game and its stakes"):
        parse_chunk(chunks[0], "s.txt")
    assert check_file(broken, "s.txt") == (3, 2)


def _microgrind_hand(number: str) -> str:
    """The text of hand ``number`` of the real microgrind cash file (skipped without the corpus)."""
    path = corpus("pokerstars", "fpdb-cash", "Flop", "NLHE-FR-USD-0.01-0.02-201005.microgrind.txt")
    text = decode(path.read_bytes())
    start = text.index(f"PokerStars Game #{number}:")
    end = text.find("PokerStars Game #", start + 1)
    return text[start:end].strip("\n") + "\n"


def test_a_summary_with_no_line_after_it_in_the_middle_of_a_file_leaves_out_every_seat():
    """A real hand (#41511921426, six seats dealt in, its '*** SUMMARY ***' its 37th line) cut after
    that line, the next hand following: PokerStars always writes the Total line and a line for each
    seat, so every seat is missing from the summary (HE-SUMMARY-SEATS at the hand's last line,
    expected one line, found none), as a summary without its Total line is read; the lane leaves the
    hand to the full path. The same hand as the file's last is cut with its file."""
    from rules.holdem_fast import replay_batch
    from rules.holdem_rules import HE

    whole = _microgrind_hand("41511921426")
    lines = whole.splitlines()
    summary_at = lines.index("*** SUMMARY ***") + 1
    assert summary_at == 37 and len(lines) == 45
    bare = "\n".join(lines[:summary_at]) + "\n"
    text = bare + "\n\n" + whole
    chunks, batch, _ = read_text(text, "m.txt")
    assert batch.in_lane.tolist() == [False, True]
    ref = batch_from_hands([parse_chunk(chunks[0], "m.txt")], "m.txt")
    assert ref.has_summary.tolist() == [True] and ref.total_line.tolist() == [0]
    found = replay_batch(ref, allin_ev=False).findings
    missing = sorted((int(seat), int(line), int(e), int(a)) for rule, line, seat, e, a in
                     zip(found.rule, found.line, found.seat, found.expected, found.actual)
                     if HE.by_code(int(rule)).value == "HE-SUMMARY-SEATS")
    assert missing == [(seat, 37, 1, 0) for seat in range(6)]
    assert check_file(text, "m.txt") == (2, 1)
    last = whole + "\n\n" + bare
    chunks = at_file_end(read_text(last, "m.txt")[0])
    with pytest.raises(ParseError, match="the file ends inside this hand"):
        parse_chunk(chunks[1], "m.txt")
