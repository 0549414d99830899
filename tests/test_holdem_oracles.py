"""The compiled Hold'em engine against oracles outside it.

- pokerkit, an independent implementation of the rules: each hand's actions are played in a
  pokerkit state (its own betting, all-in, side-pot and showdown logic, no rake), and its payoffs
  must equal the engine's nets, less at most the rake;
- the log itself: the pot each player collects, the summary's total pot and rake;
- the generator's own ledger of each hand it writes;
- counts made from the text (bets per Limit round).

Hands the engine certifies must agree with every oracle that reads them, and hands an oracle
shows broken (pokerkit refuses the log's action or pays differently) must not be certified.
"""

from __future__ import annotations

import random
import re
import warnings
from decimal import Decimal

import pytest

from parsers.formats import HEADERS, parse_chunk
from parsers.source import decode, normalize_lines, split_games
from pipeline.generators.holdem import generate_hands
from rules.holdem_batch import batch_from_hands
from rules.holdem_fast import replay_batch
from rules.holdem_hand import ActionKind, BettingStructure, HoldemHand
from rules.holdem_rules import HE
from tests.conftest import corpus
from tests.holdem_helpers import parse_hands

pokerkit = pytest.importorskip("pokerkit")

CENT = Decimal("0.01")


# ---------------------------------------------------------------------- pokerkit, driven action by action


class _Refused(Exception):
    """pokerkit will not play the log's action (or the log is beyond what it models)."""


class _PotLimitTexasHoldem(pokerkit.PotLimitPokerMixin, pokerkit.TexasHoldemMixin, pokerkit.UnfixedLimitHoldem):
    """Pot-limit Hold'em, assembled from pokerkit's own parts (it ships the Omaha one only)."""


_AUTOMATIONS = (
    pokerkit.Automation.ANTE_POSTING,
    pokerkit.Automation.BET_COLLECTION,
    pokerkit.Automation.BLIND_OR_STRADDLE_POSTING,
    pokerkit.Automation.CARD_BURNING,
    pokerkit.Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    pokerkit.Automation.HAND_KILLING,
    pokerkit.Automation.CHIPS_PUSHING,
    pokerkit.Automation.CHIPS_PULLING,
)


def _cents(value: Decimal) -> int:
    cents = value / CENT
    if cents != int(cents):
        raise _Refused(f"{value} is not a whole number of cents")
    return int(cents)


def _in_reach(hand: HoldemHand) -> bool:
    """What pokerkit models: one board, the blinds in their seats, equal antes, no straddle,
    dead money, cash-out or cap, 52 cards, and a summary."""
    kinds = [a.kind for a in hand.actions]
    return (hand.summary is not None and not hand.is_cancelled and not hand.cash_outs and hand.cap is None
            and not hand.is_short_deck and len(hand.boards) <= 1 and hand.button_seat is not None
            and not any(k in (ActionKind.POST_DEAD, ActionKind.POST_STRADDLE, ActionKind.POST_BUTTON) for k in kinds)
            and kinds.count(ActionKind.POST_SB) == 1 and kinds.count(ActionKind.POST_BB) == 1
            and not any(a.board or a.is_capped for a in hand.actions))


def pokerkit_nets(hand: HoldemHand) -> dict[str, Decimal]:
    """Each dealt player's payoff when pokerkit plays the hand's actions; raises _Refused when
    pokerkit will not play one of them or the hand is beyond its model."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")     # pokerkit warns of cards dealt out of its deck's order
        return _play(hand)


def _play(hand: HoldemHand) -> dict[str, Decimal]:
    if not _in_reach(hand):
        raise _Refused("beyond pokerkit's model")
    seats = [s for s in hand.seats if not (s.is_sitting_out or s.is_out_of_hand)]
    seats.sort(key=lambda s: (s.seat <= hand.button_seat, s.seat))   # left of the button first, button last
    names = [s.player for s in seats]
    if len(set(names)) != len(names) or len(names) < 2:
        raise _Refused("seats")
    index = {name: i for i, name in enumerate(names)}
    if any(a.player not in index for a in hand.actions):
        raise _Refused("a player without a seat")
    posts = {a.kind: a.player for a in hand.actions if a.kind in (ActionKind.POST_SB, ActionKind.POST_BB)}
    sb, bb = (len(names) - 1, 0) if len(names) == 2 else (0, 1)
    if (index[posts[ActionKind.POST_SB]], index[posts[ActionKind.POST_BB]]) != (sb, bb):
        raise _Refused("blinds out of their seats")
    antes = {a.player: a.amount for a in hand.actions if a.kind is ActionKind.POST_ANTE}
    if antes and (set(antes) != set(names) or len(set(antes.values())) != 1):
        raise _Refused("uneven antes")
    ante = _cents(next(iter(antes.values()))) if antes else 0
    stacks = [_cents(s.stack) for s in seats]
    blinds = (_cents(hand.small_blind), _cents(hand.big_blind))
    cards: dict[str, str] = {}
    for record in hand.hole_cards:
        if len(record.cards) == 2:
            cards.setdefault(record.player, "".join(str(c) for c in record.cards))
    for a in hand.actions:
        if a.kind is ActionKind.SHOW and len(a.cards) == 2:
            cards.setdefault(a.player, "".join(str(c) for c in a.cards))
    board = [str(c) for c in hand.boards[0]] if hand.boards else []
    showdown = [name for name in names if _went_to_showdown(hand, name)]
    if any(name not in cards for name in showdown):
        raise _Refused("a hand at showdown is not known")
    try:
        n = len(names)
        if hand.betting is BettingStructure.LIMIT:
            state = pokerkit.FixedLimitTexasHoldem.create_state(
                _AUTOMATIONS, True, ante, blinds, _cents(hand.small_bet), _cents(hand.big_bet), stacks, n,
                mode=pokerkit.Mode.CASH_GAME)
        else:
            game = pokerkit.NoLimitTexasHoldem if hand.betting is BettingStructure.NO_LIMIT else _PotLimitTexasHoldem
            state = game(_AUTOMATIONS, True, ante, blinds, blinds[1], mode=pokerkit.Mode.CASH_GAME)(stacks, n)
        for name in names:
            state.deal_hole(cards.get(name, "????"))
        dealt = 0

        def deal_streets() -> None:
            nonlocal dealt
            while state.can_deal_board():
                size = 3 if dealt == 0 else 1
                if dealt + size > len(board):
                    raise _Refused("the board is shorter than the play")
                state.deal_board("".join(board[dealt:dealt + size]))
                dealt += size

        for a in hand.actions:
            if a.kind.is_post or a.kind in (ActionKind.UNCALLED, ActionKind.COLLECT, ActionKind.SHOW, ActionKind.MUCK):
                continue
            deal_streets()
            if state.actor_index != index[a.player]:
                raise _Refused(f"line {a.line}: pokerkit waits for {names[state.actor_index]}"
                               if state.actor_index is not None else f"line {a.line}: no one is to act")
            if a.kind is ActionKind.FOLD:
                state.fold()
            elif a.kind in (ActionKind.CHECK, ActionKind.CALL):
                done = state.check_or_call()
                if done.amount != _cents(a.amount):
                    raise _Refused(f"line {a.line}: pokerkit calls {done.amount}")
            elif a.kind in (ActionKind.BET, ActionKind.RAISE):
                state.complete_bet_or_raise_to(_cents(a.raise_to if a.kind is ActionKind.RAISE else a.amount))
        deal_streets()
        if state.status:
            raise _Refused("the hand is not over in pokerkit")
    except _Refused:
        raise
    except (ValueError, KeyError, IndexError) as error:
        raise _Refused(str(error)) from error
    return {name: Decimal(int(payoff)) * CENT for name, payoff in zip(names, state.payoffs)}


def _went_to_showdown(hand: HoldemHand, name: str) -> bool:
    folded = {a.player for a in hand.actions if a.kind is ActionKind.FOLD}
    dealt = {s.player for s in hand.seats if not (s.is_sitting_out or s.is_out_of_hand)}
    return name in dealt and name not in folded and len(dealt - folded) > 1


def _engine(hands: list[HoldemHand], **options):
    b = batch_from_hands(hands)
    return b, replay_batch(b, **options)


def _engine_nets(b, f, h: int) -> dict[str, Decimal]:
    s0, s1 = b.seat_start[h], b.seat_start[h + 1]
    return {b.player[j]: Decimal(int(f.net[j])) * CENT for j in range(s0, s1) if f.has_fact[j]}


def _agree(kit: dict[str, Decimal], ours: dict[str, Decimal], rake: Decimal, split: bool) -> bool:
    """pokerkit takes no rake: each net is its payoff less at most the rake (an odd cent of a
    split may go to another winner), and the totals differ by exactly the rake."""
    slack = CENT if split else Decimal(0)
    return (set(ours) <= set(kit) and sum(kit.values()) - sum(ours.values()) == rake
            and all(-slack <= kit[name] - ours.get(name, Decimal(0)) <= rake + slack for name in kit))


def _split(hand: HoldemHand) -> bool:
    return len({a.player for a in hand.actions if a.kind is ActionKind.COLLECT}) > 1


def _log_problems(b, f, h: int, hand: HoldemHand) -> list[str]:
    """The engine's facts against the log's own statements: what each player collects, the pot, the
    rake. A hand with a cash-out is not checked here: the room pays it apart from the pot. A
    cancelled hand pays nobody."""
    if hand.cash_outs:
        return []
    if hand.is_cancelled:
        paid = {s.player: sum(s.won) for s in hand.summary.seats if sum(s.won)} if hand.summary else {}
        paid.update({a.player: a.amount for a in hand.actions if a.kind is ActionKind.COLLECT and a.amount})
        return [f"a cancelled hand pays {paid}"] if paid else []
    s0, s1 = b.seat_start[h], b.seat_start[h + 1]
    problems = []
    said: dict[str, Decimal] = {}
    for a in hand.actions:
        if a.kind is ActionKind.COLLECT and a.amount:
            said[a.player] = said.get(a.player, Decimal(0)) + a.amount
    got = {b.player[j]: Decimal(int(f.collected[j])) * CENT for j in range(s0, s1) if f.has_fact[j] and f.collected[j]}
    if got != said:
        problems.append(f"collected {got} != the collect lines {said}")
    summary = hand.summary
    if summary is not None:
        if Decimal(int(f.total_pot[h])) * CENT != summary.total_pot or Decimal(int(f.rake[h])) * CENT != summary.rake:
            problems.append(f"pot {f.total_pot[h]} rake {f.rake[h]} != summary {summary.total_pot} {summary.rake}")
        # a PokerStars summary lists every player dealt in (its reader refuses one that does not)
        listed = {s.player for s in summary.seats}
        unlisted = {b.player[j] for j in range(s0, s1) if f.has_fact[j]} - listed
        if listed and unlisted:
            problems.append(f"the summary has no seat line for {sorted(unlisted)}")
        won = {s.player: sum(s.won) for s in summary.seats if sum(s.won)}
        if won and won != said:
            problems.append(f"summary won {won} != the collect lines {said}")
    nets = _engine_nets(b, f, h)
    if sum(nets.values()) != -(summary.rake if summary is not None else Decimal(0)):
        problems.append(f"nets {nets} do not add up to less the rake")
    return problems


def _oracle_problems(hands: list[HoldemHand], **options) -> tuple[int, int, list[str]]:
    """(hands certified, certified hands pokerkit played, disagreements) over every certified hand."""
    b, f = _engine(hands, **options)
    problems = []
    played = 0
    for h in map(int, f.certified.nonzero()[0]):
        hand = hands[h]
        problems += [f"{hand.hand_id}: {p}" for p in _log_problems(b, f, h, hand)]
        try:
            kit = pokerkit_nets(hand)
        except _Refused:
            continue
        played += 1
        ours = _engine_nets(b, f, h)
        if not _agree(kit, ours, hand.summary.rake, _split(hand)):
            problems.append(f"{hand.hand_id}: pokerkit {kit}, engine {ours}, rake {hand.summary.rake}")
    return int(f.certified.sum()), played, problems


# ---------------------------------------------------------------------- the driver on hand-worked hands

_HEAD = ("PokerStars Hand #{n}:  Hold'em No Limit ($0.01/$0.02 USD) - 2024/02/07 21:29:31 ET\n"
         "Table 'Vesta' 6-max Seat #1 is the button\n")

# Anna is all in for 0.50 with aces: she wins the main pot of 1.50 (0.50 from each), Boris's kings
# the side pot of 1.00 (0.50 each from Boris and Vera). No rake. Nets: Anna +1.00, Boris 0
# (1.00 in, 1.00 back), Vera -1.00.
SIDE_POT = _HEAD.format(n=7) + """Seat 1: Anna ($0.50 in chips)
Seat 2: Boris ($2 in chips)
Seat 3: Vera ($2 in chips)
Boris: posts small blind $0.01
Vera: posts big blind $0.02
*** HOLE CARDS ***
Anna: raises $0.48 to $0.50 and is all-in
Boris: raises $0.50 to $1
Vera: calls $0.98
*** FLOP *** [2c 7d 9h]
Boris: checks
Vera: checks
*** TURN *** [2c 7d 9h] [3s]
Boris: checks
Vera: checks
*** RIVER *** [2c 7d 9h 3s] [4d]
Boris: checks
Vera: checks
*** SHOW DOWN ***
Anna: shows [As Ah] (a pair of Aces)
Boris: shows [Ks Kh] (a pair of Kings)
Vera: shows [Qs Jd] (high card Queen)
Boris collected $1 from side pot
Anna collected $1.50 from main pot
*** SUMMARY ***
Total pot $2.50 Main pot $1.50. Side pot $1. | Rake $0
Board [2c 7d 9h 3s 4d]
Seat 1: Anna (button) showed [As Ah] and won ($1.50) with a pair of Aces
Seat 2: Boris (small blind) showed [Ks Kh] and won ($1) with a pair of Kings
Seat 3: Vera (big blind) showed [Qs Jd] and lost with high card Queen
"""


def _hand(text: str) -> HoldemHand:
    hands = parse_hands(text)
    assert len(hands) == 1
    return hands[0]


def test_he_side_pot_pokerkit_pays_the_hand_worked_side_pot():
    assert pokerkit_nets(_hand(SIDE_POT)) == {"Anna": Decimal("1.00"), "Boris": Decimal(0),
                                              "Vera": Decimal("-1.00")}
    b, f = _engine([_hand(SIDE_POT)])
    assert f.certified[0] and _engine_nets(b, f, 0) == {"Anna": Decimal("1.00"), "Boris": Decimal(0),
                                                         "Vera": Decimal("-1.00")}


def test_a_seat_out_of_hand_pokerkit_deals_without_him_and_pays_as_the_engine_does():
    from tests.test_pokerstars_parser import OUT_OF_HAND

    nets = {"Anna": Decimal(-25), "Boris": Decimal(375), "Vera": Decimal(-125), "Lev": Decimal(-225)}
    assert pokerkit_nets(_hand(OUT_OF_HAND)) == nets
    b, f = _engine([_hand(OUT_OF_HAND)])
    assert b.in_lane[0] and f.certified[0] and _engine_nets(b, f, 0) == nets


def test_he_showdown_pokerkit_pays_the_best_hand_not_the_collect_line():
    # Kings and aces swapped in the show lines: pokerkit pays Boris the main pot; the log does not.
    swapped = SIDE_POT.replace("Anna: shows [As Ah]", "Anna: shows [Ks Kh]").replace(
        "Boris: shows [Ks Kh]", "Boris: shows [As Ah]")
    kit = pokerkit_nets(_hand(swapped))
    assert kit == {"Anna": Decimal("-0.50"), "Boris": Decimal("1.50"), "Vera": Decimal("-1.00")}
    b, f = _engine([_hand(swapped)])
    assert not f.certified[0]
    rows = f.findings.of_hand(0)
    assert "HE-SHOWDOWN" in {HE.by_code(int(r)).value for r in rows.rule}


def test_pokerkit_refuses_an_action_out_of_turn():
    out_of_turn = SIDE_POT.replace("Boris: raises $0.50 to $1\nVera: calls $0.98\n",
                                   "Vera: calls $0.48\nBoris: calls $0.49\n")
    with pytest.raises(_Refused, match="pokerkit waits for Boris"):
        pokerkit_nets(_hand(out_of_turn))


# ---------------------------------------------------------------------- generated hands

_MIXES = [
    ("holdem", 11, dict(allin=0.01, short_stacks=0.1)),
    ("holdem", 12, dict(allin=0.01, short_stacks=0.1, ante=0.3)),
    ("holdem", 13, dict(betting="limit", allin=0.01, short_stacks=0.1)),
    ("holdem", 14, dict(betting="pot_limit", allin=0.01, short_stacks=0.1, players="2-3")),
    ("holdem", 15, dict(rake="0.1", rake_cap="100", currency="EUR", players=2)),
    ("holdem", 16, dict(allin=0.01, short_stacks=0.1, straddle=0.1)),
    ("holdem36", 17, dict(allin=0.01, short_stacks=0.1)),
]


@pytest.mark.parametrize("game, seed, options", _MIXES, ids=[f"{g}-{s}" for g, s, _ in _MIXES])
def test_generated_hands_are_certified_and_agree_with_pokerkit_the_log_and_the_generator(game, seed, options):
    made = list(generate_hands(game, count=400, seed=seed, **options))
    hands = parse_hands("\n\n\n".join(t for t, _ in made) + "\n")
    assert len(hands) == len(made)
    certified, played, problems = _oracle_problems(hands)
    b, f = _engine(hands)
    for h, (_, truth) in enumerate(made):
        if f.certified[h] and _engine_nets(b, f, h) != truth:
            problems.append(f"{hands[h].hand_id}: engine {_engine_nets(b, f, h)} != generator {truth}")
    print(f"{game} {options}: certified {certified}/{len(hands)}, pokerkit played {played}")
    assert not problems, "\n".join(problems[:10])
    assert certified == len(hands)          # the generator writes legal hands: no finding is right
    if game == "holdem" and "straddle" not in options:
        assert played >= 0.6 * len(hands)   # pokerkit reads most of them


@pytest.mark.parametrize("limit_cap, cap_heads_up", [(None, False), (2, True), (3, True), (4, False)])
def test_he_limit_cap_flags_exactly_the_rounds_with_more_bets_than_the_cap(limit_cap, cap_heads_up):
    hands = _generated_limit()
    b, f = _engine(hands, allin_ev=False, limit_cap=limit_cap, cap_heads_up=cap_heads_up)
    capped = flagged_right = 0
    for h, hand in enumerate(hands):
        rows = f.findings.of_hand(h)
        engine = {int(line) for rule, line in zip(rows.rule, rows.line) if HE.by_code(int(rule)) is HE.LIMIT_CAP}
        expected, unsure = _cap_lines(hand, limit_cap, cap_heads_up)
        if engine - unsure != expected:
            pytest.fail(f"{hand.hand_id}: engine flags lines {sorted(engine)}, the count {sorted(expected)}")
        capped += bool(expected)
        flagged_right += bool(engine)
    if limit_cap in (2, 3):
        assert capped >= (10 if limit_cap == 2 else 2)      # the caps bite on these hands
    if limit_cap is None:
        assert flagged_right == 0


def _generated_limit() -> list[HoldemHand]:
    return parse_hands("\n\n\n".join(t for t, _ in generate_hands("holdem", count=300, seed=21, betting="limit",
                                                                   players="2-4")) + "\n")


def _cap_lines(hand: HoldemHand, limit_cap, cap_heads_up) -> tuple[set[int], set[int]]:
    """Lines of bets beyond the cap, counted from the text (the big blind is the first bet
    preflop), and lines the count leaves open (a round that began heads-up, when the cap
    holds heads-up or not)."""
    expected, unsure = set(), set()
    if limit_cap is None:
        return expected, unsure
    folded: set[str] = set()
    players = {s.player for s in hand.seats if not (s.is_sitting_out or s.is_out_of_hand)}
    street, bets, live_at_start = None, 0, 0
    for a in hand.actions:
        if a.street != street:
            street = a.street
            bets = 0
            live_at_start = len(players - folded)
        if a.kind is ActionKind.POST_BB:
            bets = 1
        elif a.kind in (ActionKind.BET, ActionKind.RAISE):
            bets += 1
            if bets > limit_cap:
                (expected if live_at_start > 2 or cap_heads_up else unsure).add(a.line)
        elif a.kind is ActionKind.FOLD:
            folded.add(a.player)
    return expected, unsure


# ---------------------------------------------------------------------- real hands

def _corpus_hands(only=None) -> list[HoldemHand]:
    from parsers.errors import ParseError

    hands = []
    for path in sorted(corpus("pokerstars").rglob("*")):
        if not path.is_file() or path.suffix in (".hp", ".gt", ".hands", ".json", ".md") or "LICENSE" in path.name:
            continue
        for chunk in split_games(normalize_lines(decode(path.read_bytes())), HEADERS):
            try:
                record = parse_chunk(chunk, str(path))
            except ParseError:
                continue
            if isinstance(record, HoldemHand) and (only is None or only(record)):
                hands.append(record)
    return hands


def test_certified_corpus_hands_agree_with_pokerkit_and_their_own_summary():
    hands = _corpus_hands()
    certified, played, problems = _oracle_problems(hands)
    print(f"corpus: certified {certified}/{len(hands)}, pokerkit played {played}")
    assert len(hands) >= 400
    assert not problems, "\n".join(problems[:10])
    assert certified / len(hands) >= 0.9
    assert played >= 300


# ---------------------------------------------------------------------- mutants: never certify a broken hand

_RANKS, _SUITS = "23456789TJQKA", "cdhs"
_MONEY = re.compile(r"(?<=[ (])([$€£]?)(\d+(?:\.\d+)?)(?=[ )]|$)", re.MULTILINE)
_CARD = re.compile(r"(?<=[\[ ])[2-9TJQKA][cdhs](?=[\] ])")
_VERB = re.compile(r": (folds|checks|calls|bets|raises)")


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




def _mutant_problems(hands: list[HoldemHand]) -> tuple[int, int, list[str]]:
    """Over mutants: (hands pokerkit shows broken, hands the engine explains, problems). A hand is
    shown broken when pokerkit refuses one of its actions where it plays the original, or pays
    other than the log; such a hand must not be certified. Every certified hand must agree with
    the oracles."""
    b, f = _engine(hands)
    broken = 0
    problems = []
    for h, hand in enumerate(hands):
        if f.certified[h]:
            problems += [f"{hand.hand_id}: {p}" for p in _log_problems(b, f, h, hand)]
        if not _in_reach(hand):
            continue
        try:
            kit = pokerkit_nets(hand)
        except _Refused as why:
            if "pokerkit waits for" in str(why) or "pokerkit calls" in str(why) or "no one is to act" in str(why):
                broken += 1
                if f.certified[h]:
                    problems.append(f"{hand.hand_id}: certified, but pokerkit refuses it ({why})")
            continue
        said = {}
        for a in hand.actions:
            if a.kind is ActionKind.COLLECT:
                said[a.player] = said.get(a.player, Decimal(0)) + a.amount
        paid_otherwise = any(kit[p] > 0 and not said.get(p) for p in kit) or \
            any(said.get(p) and kit[p] < 0 for p in kit)
        if paid_otherwise:
            broken += 1
            if f.certified[h]:
                problems.append(f"{hand.hand_id}: certified, but pokerkit pays {kit} and the log {said}")
        elif f.certified[h] and not _agree(kit, _engine_nets(b, f, h), hand.summary.rake, _split(hand)):
            problems.append(f"{hand.hand_id}: pokerkit {kit}, engine {_engine_nets(b, f, h)}")
    return broken, int(f.explained.sum()), problems


@pytest.mark.parametrize("game, seed, options", [
    ("holdem", 31, dict(allin=0.01, short_stacks=0.1, players="2-4")),
    ("holdem", 32, dict(betting="limit", players="2-4")),
    ("holdem", 33, dict(betting="pot_limit", allin=0.01, short_stacks=0.1, players="2-5")),
])
def test_mutated_generated_hands_pokerkit_shows_broken_are_never_certified(game, seed, options):
    rng = random.Random(seed)
    texts = [t for t, _ in generate_hands(game, count=250, seed=seed, **options)]
    mutants = [m for text in texts for _ in range(3) if (m := _mutate(text, rng)) != text]
    hands = parse_hands("\n\n\n".join(mutants) + "\n")
    broken, explained, problems = _mutant_problems(hands)
    print(f"{game}: {len(mutants)} mutants, {len(hands)} parsed, {broken} shown broken, {explained} explained")
    assert broken >= len(hands) // 20       # the mutations do break hands pokerkit can tell
    assert explained >= 0.8 * len(hands)
    assert not problems, "\n".join(problems[:10])


def test_mutated_corpus_hands_pokerkit_shows_broken_are_never_certified():
    texts = []
    for path in sorted(corpus("pokerstars").rglob("*")):
        if not path.is_file() or path.suffix in (".hp", ".gt", ".hands", ".json", ".md") or "LICENSE" in path.name:
            continue
        texts += [c.text for c in split_games(normalize_lines(decode(path.read_bytes())), HEADERS)
                  if c.lines and c.lines[0].startswith("PokerStars")]
    rng = random.Random(7)
    mutants = [_mutate(text, rng) for text in texts for _ in range(2)]
    hands = [h for h in parse_hands("\n\n\n".join(mutants) + "\n") if isinstance(h, HoldemHand)]
    broken, explained, problems = _mutant_problems(hands)
    print(f"corpus mutants: {len(hands)} parsed, {broken} shown broken, {explained} explained")
    assert len(hands) > 400 and broken >= 20
    assert explained >= 0.8 * len(hands)
    assert not problems, "\n".join(problems[:10])


# ---------------------------------------------------------------------- hands once out of the lane


def _once_out_of_the_lane(hand: HoldemHand) -> bool:
    """What the compiled lane once left to another replay: run twice, cash-outs, capped tables,
    cancelled hands, one-card or conflicting hole records, summary seats that won several
    amounts, players without a seat line, one name in two seats, no summary."""
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


def test_corpus_hands_once_out_of_the_lane_are_read_and_agree_with_their_log():
    hands = _corpus_hands(_once_out_of_the_lane)
    assert len(hands) >= 10        # run twice, cash-outs, caps, one-card shows, a player without a seat
    b, f = _engine(hands)
    problems = [f"{hand.hand_id}: in lane {bool(b.in_lane[h])}, explained {bool(f.explained[h])}"
                for h, hand in enumerate(hands) if not (b.in_lane[h] and f.explained[h])]
    for h in map(int, f.certified.nonzero()[0]):
        problems += [f"{hands[h].hand_id}: {p}" for p in _log_problems(b, f, h, hands[h])
                     if not hands[h].cash_outs]     # a cash-out is paid apart from the pot
    assert not problems, "\n".join(problems[:10])


def test_hand_worked_hands_once_out_of_the_lane_and_their_mutants_are_read_and_agree_with_the_oracles():
    from tests import test_holdem_engine as worked
    from tests.test_holdem_fast import SPLIT, WALK

    texts = [worked.RUN_TWICE, worked.CASH_OUT, worked.CAPPED, worked.CANCELLED,
             worked.CANCELLED.replace("(big blind) collected ($0)", "(big blind) collected ($0.01)"),
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
    hands = [h for h in parse_hands("\n\n\n".join(texts + mutants) + "\n") if isinstance(h, HoldemHand)]
    assert len(hands) >= 150     # a third of the mutants still parse
    b, f = _engine(hands)
    problems = [f"{hand.hand_id}: in lane {bool(b.in_lane[h])}, explained {bool(f.explained[h])}"
                for h, hand in enumerate(hands) if not (b.in_lane[h] and f.explained[h])]
    problems += _mutant_problems(hands)[2]
    assert not problems, "\n".join(problems[:10])
