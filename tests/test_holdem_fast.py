"""The fast lane's batch and kernel: ``rules.holdem_batch.batch_from_hands`` and ``rules.holdem_fast``.

Every certified hand must replay in ``rules.holdem.replay`` with no finding and the very same facts,
and on every hand the engine explains it must report the same rules at the same lines.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from parsers.formats import HEADERS, parse_chunk
from parsers.source import normalize_lines, split_games
from pipeline.generators.holdem import generate_hands
from rules.holdem_batch import KINDS, STREETS, HandBatch, batch_from_hands, pot_code
from rules.holdem_hand import ActionKind, HoldemHand
from tests.conftest import corpus


def _parse_text(text: str, file: str = "gen.txt") -> list[HoldemHand]:
    hands = []
    for chunk in split_games(normalize_lines(text), HEADERS):
        try:
            hands.append(parse_chunk(chunk, file))
        except Exception:   # a mutated hand the parser refuses: not the kernel's business
            continue
    return hands


def _generated(game: str, count: int, seed: int, **options) -> list[HoldemHand]:
    text = "\n\n\n".join(t for t, _ in generate_hands(game, count=count, seed=seed, **options)) + "\n"
    return _parse_text(text)


def _cents(value: Decimal) -> int:
    return int(value * 100)


def _assert_batch_matches(b: HandBatch, hands: list[HoldemHand]) -> None:
    assert b.hands == len(hands)
    for h, hand in enumerate(hands):
        s0, s1 = b.seat_start[h], b.seat_start[h + 1]
        a0, a1 = b.action_start[h], b.action_start[h + 1]
        assert s1 - s0 == len(hand.seats) and a1 - a0 == len(hand.actions)
        if not b.in_lane[h]:
            continue
        assert b.small_blind[h] == _cents(hand.small_blind) and b.big_blind[h] == _cents(hand.big_blind)
        assert b.total_pot[h] == _cents(hand.summary.total_pot) and b.rake[h] == _cents(hand.summary.rake)
        assert [b.player[j] for j in range(s0, s1)] == [s.player for s in hand.seats]
        assert b.stack[s0:s1].tolist() == [_cents(s.stack) for s in hand.seats]
        for k, a in enumerate(hand.actions):
            j = a0 + k
            assert KINDS[b.kind[j]] is a.kind and STREETS[b.street[j]] is a.street
            assert b.player[s0 + b.actor[j]] == a.player
            assert b.amount[j] == _cents(a.amount) and b.line[j] == a.line
            assert b.pot[j] == (pot_code(a.pot) if a.kind is ActionKind.COLLECT else -1)
        holes = {}
        for r in hand.hole_cards:
            holes.setdefault(r.player, tuple(c.code for c in r.cards))
        for i, s in enumerate(hand.seats):
            got = tuple(x for x in b.hole[s0 + i].tolist() if x >= 0)
            assert got == holes.get(s.player, ())
        won = {s.player: _cents(s.won[0]) for s in hand.summary.seats if s.won}
        assert [b.summary_won[s0 + i] for i in range(len(hand.seats))] == [won.get(s.player, -1) for s in hand.seats]
        board = tuple(c.code for c in hand.boards[0]) if hand.boards else ()
        assert tuple(x for x in b.board[h].tolist() if x >= 0) == board


@pytest.mark.parametrize("game", ["holdem", "holdem36"])
def test_batch_from_hands_keeps_every_column_of_the_records(game):
    hands = _generated(game, 200, 11, allin=0.01, short_stacks=0.1, straddle=0.1)
    b = batch_from_hands(hands)
    assert b.in_lane.all()
    _assert_batch_matches(b, hands)


def test_batch_from_hands_puts_out_of_the_lane_only_what_its_columns_cannot_hold():
    import dataclasses

    hands = _generated("holdem", 4, 5)
    hands[1] = dataclasses.replace(hands[1], summary=None)     # a hand cut before its summary: still read
    hands[2] = dataclasses.replace(hands[2], small_blind=Decimal("0.005"))     # half a cent: no cents column holds it
    b = batch_from_hands(hands)
    assert b.in_lane.tolist() == [True, True, False, True]
    assert b.has_summary.tolist() == [True, False, True, True]


# ---------------------------------------------------------------------- the kernel against the reference

from tests.decimal_reference import replay
from rules.holdem_batch import POSITIONS
from rules.holdem_fast import FactBatch, replay_batch


def _d(cents) -> Decimal:
    return Decimal(int(cents)) / 100


def _pos(code) -> str | None:
    return None if code < 0 else POSITIONS[code]


def _mismatch(b: HandBatch, f: FactBatch, h: int, hand: HoldemHand, result) -> str | None:
    """Why certified hand ``h`` differs from the reference's replay, or None when it does not."""
    if result.findings:
        return f"certified, but the reference finds {[x.rule_id for x in result.findings]}"
    got = (bool(f.is_walk[h]), int(f.count_players[h]), _d(f.total_pot[h]), _d(f.rake[h]))
    want = (result.is_walk, result.count_players, result.total_pot, result.rake)
    if got != want:
        return f"hand facts {got} != {want}"
    a0 = b.action_start[h]
    if b.is_cancelled[h]:
        a0 = b.action_start[h + 1]      # a cancelled hand has no action facts: nothing was played
    if len(result.actions) != b.action_start[h + 1] - a0:
        return "action facts count"
    for k, fact in enumerate(result.actions):
        j = a0 + k
        mine = (int(f.action_no[j]), None if f.seat[j] < 0 else int(f.seat[j]), _pos(f.position[j]),
                _d(f.amount[j]), _d(f.to_call[j]), int(f.bet_level[j]), bool(f.is_all_in[j]))
        ref = (fact.action_no, fact.seat, fact.position, fact.amount, fact.to_call, fact.bet_level, fact.is_all_in)
        if mine != ref or fact.action.line != b.line[j]:
            return f"action {k} ({fact.action.kind}): {mine} != {ref}"
    s0, s1 = b.seat_start[h], b.seat_start[h + 1]
    rows = sorted((int(f.fact_order[j]), j) for j in range(s0, s1) if f.has_fact[j])
    if len(rows) != len(result.facts) or len(rows) != len(result.players):
        return f"player facts count {len(rows)} != {len(result.facts)}"
    for (_, j), fact, res in zip(rows, result.facts, result.players):
        mine = (b.player[j], int(b.seat_no[j]), _pos(f.seat_position[j]), _d(f.stack_start[j]), _d(f.invested[j]),
                _d(f.collected[j]), _d(f.cash_out[j]), _d(f.net[j]), _d(f.allin_ev_net[j]), bool(f.saw_flop[j]),
                bool(f.saw_turn[j]), bool(f.saw_river[j]), bool(f.went_to_showdown[j]), bool(f.won_at_showdown[j]))
        ref = (fact.player, fact.seat, fact.position, fact.stack_start, fact.invested, fact.collected, fact.cash_out,
               fact.net, fact.allin_ev_net, fact.saw_flop, fact.saw_turn, fact.saw_river, fact.went_to_showdown,
               fact.won_at_showdown)
        if mine != ref:
            return f"player {b.player[j]}: {mine} != {ref}"
        if (res.player, res.seat, res.net) != (b.player[j], int(b.seat_no[j]), _d(f.net[j])):
            return f"player result {res} differs"
    return None


def _finding_differences(hands: list[HoldemHand], f: FactBatch, **options) -> tuple[int, list[str]]:
    """How many hands the engine explains, and those whose (rule, line) set differs from the reference's."""
    from rules.holdem_rules import HE

    problems = []
    for h in map(int, f.explained.nonzero()[0]):
        rows = f.findings.of_hand(h)
        engine = {(HE.by_code(int(rule)).value, int(line)) for rule, line in zip(rows.rule, rows.line)}
        reference = {(x.rule_id, x.line or 0) for x in replay(hands[h], allin_ev=False, **options).findings}
        if engine != reference:
            problems.append(f"{hands[h].hand_id}: engine only {sorted(engine - reference)}, "
                            f"reference only {sorted(reference - engine)}")
    return int(f.explained.sum()), problems


def _check_hands(hands: list[HoldemHand], allin_ev: bool = True, **options) -> tuple[int, list[str]]:
    b = batch_from_hands(hands)
    f = replay_batch(b, allin_ev=allin_ev, **options)
    problems = []
    for h in map(int, f.certified.nonzero()[0]):
        why = _mismatch(b, f, h, hands[h], replay(hands[h], allin_ev=allin_ev, **options))
        if why:
            problems.append(f"{hands[h].hand_id}: {why}")
    return int(f.certified.sum()), problems


_HEAD = ("PokerStars Hand #{n}:  Hold'em No Limit ($0.01/$0.02 USD) - 2024/02/07 21:29:31 ET\n"
         "Table 'Vesta' 6-max Seat #1 is the button\n")

WALK = _HEAD.format(n=1) + """Seat 1: Anna ($1 in chips)
Seat 2: Boris ($1 in chips)
Seat 3: Vera ($1 in chips)
Boris: posts small blind $0.01
Vera: posts big blind $0.02
*** HOLE CARDS ***
Anna: folds
Boris: folds
Uncalled bet ($0.01) returned to Vera
Vera collected $0.02 from pot
Vera: doesn't show hand
*** SUMMARY ***
Total pot $0.02 | Rake $0
Seat 1: Anna (button) folded before Flop (didn't bet)
Seat 2: Boris (small blind) folded before Flop
Seat 3: Vera (big blind) collected ($0.02)
"""

# Boris and Vera both hold the Ace-high straight: the pot of 0.06 less 0.01 rake is 0.05, split
# 0.03 / 0.02, the odd cent to Boris, the first winner clockwise from the button (Anna).
SPLIT = _HEAD.format(n=2) + """Seat 1: Anna ($1 in chips)
Seat 2: Boris ($1 in chips)
Seat 3: Vera ($1 in chips)
Boris: posts small blind $0.01
Vera: posts big blind $0.02
*** HOLE CARDS ***
Anna: calls $0.02
Boris: calls $0.01
Vera: checks
*** FLOP *** [As Ks Qd]
Boris: checks
Vera: checks
Anna: checks
*** TURN *** [As Ks Qd] [Jh]
Boris: checks
Vera: checks
Anna: checks
*** RIVER *** [As Ks Qd Jh] [2c]
Boris: checks
Vera: checks
Anna: checks
*** SHOW DOWN ***
Boris: shows [Tc 3d] (a straight, Ten to Ace)
Vera: shows [Td 4c] (a straight, Ten to Ace)
Anna: shows [7h 8h] (high card Ace)
Boris collected $0.03 from pot
Vera collected $0.02 from pot
*** SUMMARY ***
Total pot $0.06 | Rake $0.01
Board [As Ks Qd Jh 2c]
Seat 1: Anna (button) showed [7h 8h] and lost with high card Ace
Seat 2: Boris (small blind) showed [Tc 3d] and won ($0.03) with a straight, Ten to Ace
Seat 3: Vera (big blind) showed [Td 4c] and won ($0.02) with a straight, Ten to Ace
"""

# Anna is all in for 0.50: the main pot of 1.50 is hers (aces), the side pot of 0.80 Boris's (kings).
SIDE_POT = _HEAD.format(n=3) + """Seat 1: Anna ($0.50 in chips)
Seat 2: Boris ($2 in chips)
Seat 3: Vera ($2 in chips)
Boris: posts small blind $0.01
Vera: posts big blind $0.02
*** HOLE CARDS ***
Anna: raises $0.48 to $0.50 and is all-in
Boris: calls $0.49
Vera: calls $0.48
*** FLOP *** [2c 7s 9d]
Boris: bets $0.40
Vera: calls $0.40
*** TURN *** [2c 7s 9d] [Jc]
Boris: checks
Vera: checks
*** RIVER *** [2c 7s 9d Jc] [3h]
Boris: checks
Vera: checks
*** SHOW DOWN ***
Boris: shows [Kh Kd] (a pair of Kings)
Vera: shows [Qh Qd] (a pair of Queens)
Boris collected $0.80 from side pot
Anna: shows [Ah Ad] (a pair of Aces)
Anna collected $1.50 from main pot
*** SUMMARY ***
Total pot $2.30 Main pot $1.50. Side pot $0.80. | Rake $0
Board [2c 7s 9d Jc 3h]
Seat 1: Anna (button) showed [Ah Ad] and won ($1.50) with a pair of Aces
Seat 2: Boris (small blind) showed [Kh Kd] and won ($0.80) with a pair of Kings
Seat 3: Vera (big blind) showed [Qh Qd] and lost with a pair of Queens
"""


def _one(text: str) -> tuple[HandBatch, FactBatch, HoldemHand]:
    hands = _parse_text(text)
    assert len(hands) == 1
    b = batch_from_hands(hands)
    return b, replay_batch(b), hands[0]


def _rows(f: FactBatch) -> list[tuple]:
    """The engine's findings of a one-hand batch: rule, line, player, expected, actual."""
    from rules.holdem_rules import HE

    rows = f.findings
    names = ["Anna", "Boris", "Vera"]
    return [(HE.by_code(int(rule)).value, int(line), names[seat] if seat >= 0 else None, int(exp), int(act))
            for rule, line, seat, exp, act in zip(rows.rule, rows.line, rows.seat, rows.expected, rows.actual)]


def _nets(b: HandBatch, f: FactBatch) -> dict[str, Decimal]:
    return {b.player[j]: _d(f.net[j]) for j in range(len(b.player)) if f.has_fact[j]}


def test_he_split_odd_cent_goes_to_the_first_winner_clockwise_from_the_button():
    b, f, hand = _one(SPLIT)
    assert f.certified[0] and _mismatch(b, f, 0, hand, replay(hand)) is None
    assert _nets(b, f) == {"Anna": Decimal("-0.02"), "Boris": Decimal("0.01"), "Vera": Decimal("0.00")}
    assert f.n_pots[0] == 1 and f.pot_net[0] == 5 and f.rake[0] == 1
    # the odd cent to Vera instead: the reference says HE-SPLIT, the kernel must not certify
    swapped = SPLIT.replace("Boris collected $0.03", "Boris collected $0.02").replace(
        "Vera collected $0.02", "Vera collected $0.03").replace("won ($0.03)", "won ($0.0x)").replace(
        "won ($0.02)", "won ($0.03)").replace("won ($0.0x)", "won ($0.02)")
    b, f, hand = _one(swapped)
    assert "HE-SPLIT" in {x.rule_id for x in replay(hand).findings}
    assert not f.certified[0] and f.explained[0]
    # lines 28 and 29 are the collect lines: Boris owed 3 cents gets 2, Vera owed 2 gets 3
    assert _rows(f) == [("HE-SPLIT", 28, "Boris", 3, 2), ("HE-SPLIT", 29, "Vera", 2, 3)]


def test_he_side_pot_main_to_the_all_in_player_side_to_the_best_of_the_others():
    b, f, hand = _one(SIDE_POT)
    assert f.certified[0] and _mismatch(b, f, 0, hand, replay(hand)) is None
    assert _nets(b, f) == {"Anna": Decimal("1.00"), "Boris": Decimal("-0.10"), "Vera": Decimal("-0.90")}
    assert f.n_pots[0] == 2 and f.pot_amount[:2].tolist() == [150, 80]
    assert f.allin_street[0] == -1 and not f.has_allin_ev[0]     # Boris and Vera kept betting: no all-in EV
    wrong = SIDE_POT.replace("Main pot $1.50. Side pot $0.80.", "Main pot $1.40. Side pot $0.90.")
    b, f, hand = _one(wrong)
    assert "HE-SIDE-POT" in {x.rule_id for x in replay(hand).findings} and not f.certified[0]
    # line 28 is the total pot line: the side pot of 0.90 is more than the 0.80 above Anna's all-in;
    # awarding the log's pots, Anna (line 26) should collect 1.40 and Boris (line 24) 0.90
    assert _rows(f) == [("HE-SIDE-POT", 28, None, 80, 90), ("HE-COLLECTED", 26, "Anna", 140, 150),
                        ("HE-COLLECTED", 24, "Boris", 90, 80)]


def test_walk_is_certified_and_marked():
    b, f, hand = _one(WALK)
    assert f.certified[0] and f.is_walk[0] and _mismatch(b, f, 0, hand, replay(hand)) is None
    assert _nets(b, f) == {"Anna": Decimal("0.00"), "Boris": Decimal("-0.01"), "Vera": Decimal("0.01")}
    out_of_turn = WALK.replace("Anna: folds\nBoris: folds", "Boris: folds\nAnna: folds")
    b, f, hand = _one(out_of_turn)
    assert "HE-ACTION-ORDER" in {x.rule_id for x in replay(hand).findings} and not f.certified[0]
    # line 9: Boris folds when it is Anna's turn; line 10: after Boris (seat 2) the turn is Vera's (seat 3)
    assert _rows(f) == [("HE-ACTION-ORDER", 9, "Boris", 0, 1), ("HE-ACTION-ORDER", 10, "Anna", 2, 0)]


def test_he_check_facing_a_bet_is_reported_and_the_replay_carries_on():
    facing = WALK.replace("Anna: folds\nBoris: folds\nUncalled bet ($0.01) returned to Vera\n",
                          "Anna: checks\nBoris: folds\nUncalled bet ($0.01) returned to Vera\n")
    b, f, hand = _one(facing)
    # line 9: Anna checks facing the big blind of 2 cents. She stays in, so Vera (the big blind) still
    # has her turn when the betting ends (at the summary's total, line 15). The uncalled cent and the
    # pot of 0.02 stay right: nothing else is wrong.
    assert _rows(f) == [("HE-CHECK", 9, "Anna", 0, 2), ("HE-ACTION-ORDER", 15, "Vera", 0, -1)]
    assert {(x.rule_id, x.line) for x in replay(hand).findings} == {("HE-CHECK", 9), ("HE-ACTION-ORDER", 15)}


_MIXES = [
    ("holdem", 11, {}),
    ("holdem", 12, dict(allin=0.01, short_stacks=0.1, straddle=0.1, ante=0.3)),
    ("holdem", 13, dict(betting="limit", allin=0.01, short_stacks=0.1)),
    ("holdem", 14, dict(betting="pot_limit", allin=0.01, short_stacks=0.1, players="2-3")),
    ("holdem", 15, dict(rake="0.1", rake_cap="100", currency="EUR", players=2)),
    ("holdem36", 16, dict(allin=0.01, short_stacks=0.1)),
]


@pytest.mark.parametrize("game, seed, options", _MIXES, ids=[f"{g}-{s}" for g, s, _ in _MIXES])
def test_certified_generated_hands_match_the_reference_replay(game, seed, options):
    hands = _generated(game, 600, seed, **options)
    certified, problems = _check_hands(hands)
    share = certified / len(hands)
    print(f"{game} {options}: certified {certified}/{len(hands)} = {share:.1%}")
    assert not problems, "\n".join(problems[:10])
    assert share >= 0.95


@pytest.mark.parametrize("limit_cap, cap_heads_up", [(None, False), (2, True), (3, True), (4, False)])
def test_limit_cap_options_follow_the_reference(limit_cap, cap_heads_up):
    hands = _generated("holdem", 300, 21, betting="limit", players="2-4")
    certified, problems = _check_hands(hands, allin_ev=False, limit_cap=limit_cap, cap_heads_up=cap_heads_up)
    assert not problems, "\n".join(problems[:10])
    b = batch_from_hands(hands)
    f = replay_batch(b, allin_ev=False, limit_cap=limit_cap, cap_heads_up=cap_heads_up)
    flagged = [h for h in range(len(hands))
               if replay(hands[h], allin_ev=False, limit_cap=limit_cap, cap_heads_up=cap_heads_up).findings]
    assert not f.certified[flagged].any()


def test_every_certified_corpus_hand_matches_the_reference_replay():
    from parsers.errors import ParseError
    from parsers.source import decode

    root = corpus("pokerstars")
    total = certified = 0
    problems = []
    for path in sorted(root.rglob("*")):
        if not path.is_file() or path.suffix in (".hp", ".gt", ".hands", ".json", ".md") or "LICENSE" in path.name:
            continue
        hands = []
        for chunk in split_games(normalize_lines(decode(path.read_bytes())), HEADERS):
            try:
                record = parse_chunk(chunk, str(path))
            except ParseError:
                continue
            if isinstance(record, HoldemHand):
                hands.append(record)
        if not hands:
            continue
        n, found = _check_hands(hands)
        total += len(hands)
        certified += n
        problems += [f"{path.name} {p}" for p in found]
        b = batch_from_hands(hands)
        problems += [f"{path.name} {p}" for p in _finding_differences(hands, replay_batch(b, allin_ev=False))[1]]
    print(f"corpus: certified {certified}/{total}")
    assert total >= 400
    assert not problems, "\n".join(problems[:10])
    assert certified / total >= 0.9


# ---------------------------------------------------------------------- mutations: never certify a flagged hand

import random
import re

_MONEY = re.compile(r"(?<=[ (])([$€£]?)(\d+(?:\.\d+)?)(?=[ )]|$)", re.MULTILINE)
_CARD = re.compile(r"(?<=[\[ ])[2-9TJQKA][cdhs](?=[\] ])")
_VERB = re.compile(r": (folds|checks|calls|bets|raises)")
_RANKS, _SUITS = "23456789TJQKA", "cdhs"


def _mutate(text: str, rng: random.Random) -> str:
    """One random corruption of a hand's text: an amount, a card, a verb, a name, or a line moved,
    dropped or doubled."""
    lines = text.split("\n")
    body = [i for i, line in enumerate(lines) if i > 1 and line and not line.startswith("***")]
    names = re.findall(r"^Seat \d+: (.+?) \(", text, re.MULTILINE)
    how = rng.randrange(10)
    if how == 7:        # an all-in flag added or taken away
        spots = [i for i in body if re.search(r": (calls|bets|raises|posts) ", lines[i])]
        if spots:
            i = rng.choice(spots)
            line = lines[i]
            lines[i] = line[: -len(" and is all-in")] if line.endswith(" and is all-in") else line + " and is all-in"
        return "\n".join(lines)
    if how == 8:        # the button moved
        return re.sub(r"Seat #\d+ is the button", f"Seat #{rng.randrange(1, 10)} is the button", text, count=1)
    if how == 9 and names:      # a post more: a returning player's dead blinds, a straddle, a second blind, an ante
        blind = rng.choice(re.findall(r"posts (?:small|big) blind ([$€£]?[\d.]+)", text) or ["0.02"])
        verb = rng.choice(["posts small & big blinds", "posts straddle", "posts small blind", "posts big blind",
                           "posts the ante", "posts dead blind"])
        at = next((i for i, line in enumerate(lines) if line.startswith("*** HOLE CARDS")), None)
        if at is not None:
            lines.insert(at - rng.randrange(2), f"{rng.choice(names)}: {verb} {blind}")
        return "\n".join(lines)
    if how == 0:
        spots = list(_MONEY.finditer(text))
        if not spots:
            return text
        m = rng.choice(spots)
        symbol, value = m.group(1), Decimal(m.group(2))
        new = rng.choice([value + Decimal("0.01"), value - Decimal("0.01"), value * 2, value + 1, Decimal(0)])
        return text[:m.start()] + f"{symbol}{max(new, Decimal(0))}" + text[m.end():]
    if how == 1:
        spots = list(_CARD.finditer(text))
        if not spots:
            return text
        m = rng.choice(spots)
        return text[:m.start()] + rng.choice(_RANKS) + rng.choice(_SUITS) + text[m.end():]
    if how == 2:
        spots = list(_VERB.finditer(text))
        if not spots:
            return text
        m = rng.choice(spots)
        return text[:m.start()] + ": " + rng.choice(["folds", "checks", "calls $0.02", "bets $0.50"]) + text[m.end():]
    if not body:
        return text
    i = rng.choice(body)
    if how == 3 and i + 1 < len(lines) and lines[i + 1]:
        lines[i], lines[i + 1] = lines[i + 1], lines[i]
    elif how == 4:
        del lines[i]
    elif how == 5:
        lines.insert(i, lines[i])
    elif how == 6:
        head = lines[i].split(":")[0]
        others = [n for n in names if n != head]
        if head in names and others:
            lines[i] = rng.choice(others) + lines[i][len(head):]
    return "\n".join(lines)


@pytest.mark.parametrize("game, seed, options", [
    ("holdem", 31, dict(allin=0.01, short_stacks=0.1, straddle=0.1, players="2-4")),
    ("holdem", 32, dict(betting="limit", players="2-4")),
    ("holdem", 33, dict(betting="pot_limit", allin=0.01, short_stacks=0.1, players="2-5")),
    ("holdem36", 34, dict(allin=0.01, short_stacks=0.1, players="2-4")),
])
def test_mutated_hands_the_reference_flags_are_never_certified(game, seed, options):
    rng = random.Random(seed)
    texts = [t for t, _ in generate_hands(game, count=250, seed=seed, **options)]
    mutants = []
    for text in texts:
        for _ in range(3):
            mutated = _mutate(text, rng)
            if rng.random() < 0.3:
                mutated = _mutate(mutated, rng)
            if mutated != text:
                mutants.append(mutated)
    hands = _parse_text("\n\n\n".join(mutants) + "\n")
    b = batch_from_hands(hands)
    f = replay_batch(b)
    flagged = certified = 0
    problems = []
    for h, hand in enumerate(hands):
        result = replay(hand)
        flagged += bool(result.findings)
        if f.certified[h]:
            certified += 1
            why = _mismatch(b, f, h, hand, result)
            if why:
                problems.append(f"{hand.hand_id}: {why}")
    print(f"{game}: {len(mutants)} mutants, {len(hands)} parsed, {flagged} flagged, {certified} certified")
    assert flagged > len(hands) // 4      # the mutations do break hands
    assert not problems, "\n".join(problems[:10])
    explained, differ = _finding_differences(hands, f)
    assert explained >= 0.8 * len(hands)
    assert not differ, "\n".join(differ[:10])


def test_mutated_corpus_hands_the_reference_flags_are_never_certified():
    from parsers.source import decode

    root = corpus("pokerstars")
    texts = []
    for path in sorted(root.rglob("*")):
        if not path.is_file() or path.suffix in (".hp", ".gt", ".hands", ".json", ".md") or "LICENSE" in path.name:
            continue
        texts += [c.text for c in split_games(normalize_lines(decode(path.read_bytes())), HEADERS)
                  if c.lines and c.lines[0].startswith("PokerStars")]
    rng = random.Random(7)
    mutants = [_mutate(text, rng) for text in texts for _ in range(2)]
    hands = [h for h in _parse_text("\n\n\n".join(mutants) + "\n") if isinstance(h, HoldemHand)]
    b = batch_from_hands(hands)
    f = replay_batch(b)
    problems = [f"{hands[h].hand_id}: {why}" for h in map(int, f.certified.nonzero()[0])
                if (why := _mismatch(b, f, h, hands[h], replay(hands[h])))]
    print(f"corpus mutants: {len(hands)} parsed, {int(f.certified.sum())} certified")
    assert len(hands) > 400
    assert not problems, "\n".join(problems[:10])
    explained, differ = _finding_differences(hands, f)
    assert explained >= 0.8 * len(hands)
    assert not differ, "\n".join(differ[:10])


# ---------------------------------------------------------------------- hands once out of the lane
# DIFFERENTIAL AGAINST THE DECIMAL REPLAY (rules.holdem.replay), to be re-pointed to external oracles
# when that replay leaves: every hand the lane once left to it (run twice, cash-outs, capped tables,
# cancelled hands, one-card or conflicting hole records, summary seats won several amounts, players
# without a seat line, one name in two seats, no summary) and mutants of them.


def _once_out_of_the_lane(hand: HoldemHand) -> bool:
    """What the lane left to the Decimal replay before the engine read it."""
    summary = hand.summary
    names = [s.player for s in hand.seats]
    holes: dict[str, tuple] = {}
    conflict = False
    for record in hand.hole_cards:
        known = holes.setdefault(record.player, record.cards)
        conflict |= len(record.cards) != 2 or set(known) != set(record.cards)
    return (summary is None or hand.is_cancelled or bool(hand.cash_outs) or hand.cap is not None
            or len(hand.boards) > 1 or any(a.board or a.is_capped or a.player not in names for a in hand.actions)
            or len(set(names)) != len(names) or conflict
            or any(len(s.won) > 1 or s.player not in names for s in summary.seats))


def _differential_problems(hands: list[HoldemHand]) -> list[str]:
    from rules.holdem_rules import HE

    b = batch_from_hands(hands)
    f = replay_batch(b)
    problems = []
    for h, hand in enumerate(hands):
        if not b.in_lane[h] or not f.explained[h]:
            problems.append(f"{hand.hand_id}: in lane {bool(b.in_lane[h])}, explained {bool(f.explained[h])}")
            continue
        result = replay(hand)
        rows = f.findings.of_hand(h)
        engine = {(HE.by_code(int(rule)).value, int(line)) for rule, line in zip(rows.rule, rows.line)}
        reference = {(x.rule_id, x.line or 0) for x in result.findings}
        if engine != reference:
            problems.append(f"{hand.hand_id}: engine only {sorted(engine - reference)}, "
                            f"reference only {sorted(reference - engine)}")
        s0, s1 = b.seat_start[h], b.seat_start[h + 1]
        nets = {b.player[j]: _d(f.net[j]) for j in range(s0, s1) if f.has_fact[j]}
        if nets != {p.player: p.net for p in result.players}:
            problems.append(f"{hand.hand_id}: nets {nets} != {[(p.player, p.net) for p in result.players]}")
        if f.certified[h] and (why := _mismatch(b, f, h, hand, result)):
            problems.append(f"{hand.hand_id}: {why}")
    return problems


def test_decimal_replay_differential_on_corpus_hands_once_out_of_the_lane():
    from parsers.errors import ParseError
    from parsers.source import decode

    hands = []
    for path in sorted(corpus("pokerstars").rglob("*")):
        if not path.is_file() or path.suffix in (".hp", ".gt", ".hands", ".json", ".md") or "LICENSE" in path.name:
            continue
        for chunk in split_games(normalize_lines(decode(path.read_bytes())), HEADERS):
            try:
                record = parse_chunk(chunk, str(path))
            except ParseError:
                continue
            if isinstance(record, HoldemHand) and _once_out_of_the_lane(record):
                hands.append(record)
    assert len(hands) >= 10        # run twice, cash-outs, caps, one-card shows, a player without a seat
    problems = _differential_problems(hands)
    assert not problems, "\n".join(problems[:10])


def test_decimal_replay_differential_on_hand_worked_hands_once_out_of_the_lane_and_their_mutants():
    from tests import test_holdem_engine as worked

    texts = [worked.RUN_TWICE, worked.CASH_OUT, worked.CAPPED, worked.CANCELLED,
             worked.CASH_OUT.replace("Anna cashed out the hand for $15 | Cash Out Fee $0.15\n",
                                     "Vera cashed out the hand for $2 | Cash Out Fee $0.02\n").replace(
                 "(pot not awarded as player cashed out)", "").replace(
                 "*** SUMMARY ***", "Anna collected $19.10 from pot\n*** SUMMARY ***"),
             WALK.replace("Vera collected $0.02 from pot", "Vira collected $0.02 from pot"),
             WALK.replace("Anna: folds\n", "Gleb: folds\nAnna: folds\n"),
             WALK.replace("Seat 3: Vera ($1 in chips)\n", "Seat 3: Vera ($1 in chips)\nSeat 4: Vera ($5 in chips)\n"),
             WALK.split("Total pot")[0], SPLIT.replace("*** HOLE CARDS ***\n", "*** HOLE CARDS ***\nDealt to Boris [Tc 3d]\n")]
    rng = random.Random(41)
    mutants = [_mutate(text, rng) for text in texts for _ in range(40)]
    hands = [h for h in _parse_text("\n\n\n".join(texts + mutants) + "\n") if isinstance(h, HoldemHand)]
    assert len(hands) >= 150     # a third of the mutants still parse
    problems = _differential_problems(hands)
    assert not problems, "\n".join(problems[:10])
