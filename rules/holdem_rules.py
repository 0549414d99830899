"""The Hold'em rules: one ID and one text per rule, and the table options the replay reads.

:class:`HE` is the only list of Hold'em rule IDs. The replay cites its members, the rulebook
gathers their texts, and a finding's code is the member's place in this enum (``HE.code``), so
a rule added here reaches every one of them.

>>> HE.CHECK, HE("HE-CHECK") is HE.CHECK, HE.CHECK == "HE-CHECK"
(<HE.CHECK: 'HE-CHECK'>, True, True)
>>> HE.CHECK.text
'A check is allowed only when there is nothing to call.'
>>> HE.CHECK.code == list(HE).index(HE.CHECK), HE.by_code(HE.CHECK.code)
(True, <HE.CHECK: 'HE-CHECK'>)
"""

from __future__ import annotations

import enum
from typing import Self

__all__ = ["DEFAULT", "HE", "LIMIT_CAP_BETS", "LIMIT_CAP_HEADS_UP", "MAX_PLAYERS", "MIN_PLAYERS", "POSITIONS_AFTER_BB", "POSITIONS_FROM_BUTTON",
           "RULES", "reopens_betting"]


class HE(enum.StrEnum):
    """A Hold'em rule: the value is its ID, ``text`` what it says."""

    text: str

    def __new__(cls, rule_id: str, text: str) -> Self:
        member = str.__new__(cls, rule_id)
        member._value_ = rule_id
        member.text = text
        return member

    @classmethod
    def by_code(cls, code: int) -> HE:
        """The rule of a compiled engine's finding code."""
        return _BY_CODE[code]

    @property
    def code(self) -> int:
        """The rule's finding code in the compiled engine."""
        return _BY_CODE.index(self)

    PLAYERS = ("HE-PLAYERS", ("A Hold'em hand deals in 2 to 10 players; a hand with fewer is cancelled before "
                              "the deal, which keeps the rule (PokerStars: its one player posts the small "
                              "blind, then `Hand cancelled`)."))
    ACTION_ORDER = ("HE-ACTION-ORDER", ("Players act in turn, clockwise: preflop from the player left of "
                                        "the big blind (or of the straddle; heads-up the button first), "
                                        "after the flop from the first live player left of the button. A "
                                        "betting round ends when every live player has matched the bet or "
                                        "only one is left. A big blind posted all in short of the stakes' "
                                        "still sets the bet to call, but the last player with chips, the "
                                        "others all in, need only match the chips they put in."))
    CHECK = ("HE-CHECK", "A check is allowed only when there is nothing to call.")
    CALL = ("HE-CALL", ("A call puts in what the player owes, or their whole stack if that is less; there is "
                        "no call with nothing to call."))
    BET = ("HE-BET", "A bet opens the betting of a street; once there is a bet, putting in more is a raise.")
    BLINDS = ("HE-BLINDS", ("Blinds, antes and straddles are posted at the amounts the stakes state, less "
                            "only when the player is all-in."))
    MIN_RAISE = ("HE-MIN-RAISE", ("A bet is at least the big blind and a raise at least the size of the "
                                  "previous bet or raise of the street, unless the player is all-in (Limit: "
                                  "HE-LIMIT-SIZE); an all-in short of a full bet or raise (an opening "
                                  "bet below the big blind too) does not reopen the betting to those who "
                                  "already acted: they may call or fold, not raise, unless the raises since "
                                  "their turn add up to a full one."))
    POT_LIMIT = ("HE-POT-LIMIT", "Pot Limit: a bet or raise may not exceed the pot after the player's call.")
    LIMIT_SIZE = ("HE-LIMIT-SIZE", ("Limit: bets and raises are the small bet preflop and on the flop, the "
                                    "big bet on the turn and river. Over an all-in that leaves the bet "
                                    "between two multiples of the size, a raise may also go a full size "
                                    "past the next multiple when the all-in is at least half a size over "
                                    "the last one, as it counts as a full bet ($8.50 all-in at $8/$16 on "
                                    "the turn, raised to $32), or complete the bet to the next multiple "
                                    "when it is less."))
    LIMIT_CAP = ("HE-LIMIT-CAP", ("Limit: at most 4 bets a betting round (a bet and three raises; preflop "
                                  "the big blind is the first), with no cap in a round that starts "
                                  "heads-up. Both are settings: `limit_cap_2` … `limit_cap_9`, "
                                  "`limit_uncapped`, `cap_heads_up` (see formats.md, \"Limit's cap, as a "
                                  "setting\")."))
    STACK = ("HE-STACK", "Nobody puts in more than their stack; a player all-in has no chips left.")
    UNCALLED = ("HE-UNCALLED", ("The uncalled part of a bet goes back to the bettor, and the log says so "
                                "(`Uncalled bet … returned`). A warning when the line is missing but the "
                                "pot the log states already leaves the amount out. A return line of another "
                                "amount is cited at that line, once: the part it leaves out is no missing line."))
    SIDE_POT = ("HE-SIDE-POT", ("A side pot is built at each all-in level; each pot goes to the best hand "
                                "among the players eligible for it (those who put chips into it and did "
                                "not fold). Dead money (a returning player's dead small blind) is in the "
                                "main pot. A collect line paying a player from a pot the player is not eligible for "
                                "(`collected … from side pot` to a player all in for less) is cited at "
                                "that line, naming the winners whose share it pays; a line paying a player "
                                "who folded is `HE-SHOWDOWN`."))
    SHOWDOWN = ("HE-SHOWDOWN", ("At showdown each pot goes to the best hand, ranked by the table's deck, "
                                "among the players eligible for it. A collect line that pays a pot, or a share "
                                "of a split pot, to a player who does not win it is cited at that line, even "
                                "where the player's other collect lines are right; that line names the pot's winners no "
                                "line of that pot pays (whose share it is), whose own right collect lines of "
                                "other pots are no finding; a winner who collects nothing, at their summary line."))
    SPLIT = ("HE-SPLIT", ("Equal best hands share the pot equally. The pot is split after the rake, in its "
                          "smallest unit (a cent; a chip in tournaments and play money whose stacks and "
                          "amounts are all whole chips); who gets the odd "
                          "units is the room's fact (`ROOM-ODD-CHIP`), and an equal split whose odd units "
                          "went to other winners is reported under it, unless a setting lets any winners "
                          "take them, one each (`odd_chip_any`). A warning when the log splits "
                          "before the rake and takes the rake from the shares, or when the winners "
                          "together collect what they share and each is within the rake of their equal share "
                          "(how PokerStars' own shares under rake look); with no rake, or shares that do "
                          "not add up, an error. Each collect line is held to the pot it names: a winner's "
                          "line of a pot that pays other than their share of it, or a second line of a pot they "
                          "share (expected nothing), is cited at that line, not at their other, right lines."))
    POT_BALANCE = ("HE-POT-BALANCE", ("The pot is the sum of everything put in; the amounts collected plus "
                                      "the rake equal the pot. A pot the log states as the play goes "
                                      "(Winning's `Main pot $X` line after a street line, with its `Rake $Y`) "
                                      "is, with the rake it states, everything put in before its line, and is "
                                      "cited there; a run's share of a hand run twice (`Main pot 1 $X`) is the "
                                      "run's share of the pots after rake."))
    COLLECTED = ("HE-COLLECTED", ("Each player collects what the pots they win hold, as the replay awards "
                                  "them; a cancelled hand pays nobody: each player gets back what they posted, "
                                  "and a collect line that gives it back (888poker writes one) gives back "
                                  "exactly that, or is cited at its line. With side pots under a rake, each "
                                  "pot holds what the summary lists for it after the rake (PokerStars' "
                                  "`Main pot $3. Side pot $3.43.`); where the summary lists no pots, the "
                                  "replay takes the rake from the main pot. There, or in a hand run twice, "
                                  "whose runs it rakes evenly, a collect within the rake of that while the winners "
                                  "together collect what the pots hold is a warning: the room took the rake "
                                  "from the pots or runs another way (888poker, iPoker; PokerStars at times "
                                  "between runs). A summary line's `won (…)` says what the rules give its player, "
                                  "or what the player's collect lines give (their own finding tells when those break "
                                  "the rules); one saying neither is cited at its line, expected what the "
                                  "rules give."))
    SD_ORDER = ("HE-SD-ORDER", ("6+ Hold'em (36 cards): a flush beats a full house and three of a kind "
                                "beats a straight (GGPoker Short Deck: a straight beats three of a kind). "
                                "Cited when a pot went to a hand that wins only by the 52-card order."))
    DECK = ("HE-DECK", ("Every card shown or dealt is a card of the table's deck (6 to ace on 36 cards) "
                        "and appears once."))
    BOARD = ("HE-BOARD", ("The board has 3 cards on the flop, 4 on the turn, 5 on the river, each street "
                          "keeping the cards before it; the summary shows the board dealt."))
    SUMMARY_SEATS = ("HE-SUMMARY-SEATS", ("Where the room sums up every seat (PokerStars does, sitting-out "
                                          "seats included), the summary has one line for each seat of the "
                                          "seat lines, under the seat number the seat lines give, and none "
                                          "for a player without a seat line or for a seat the seat lines "
                                          "put out of the hand (PokerStars: `out of hand (moved from another "
                                          "table…)`). A seat missing (a hand cut "
                                          "inside its summary) is cited at the hand's last line, a seat "
                                          "listed twice at its second line, a player summed up under "
                                          "another seat number at the player's summary line (expected and actual: "
                                          "the two seat numbers)."))
    FINISHING_STACKS = ("HE-FINISHING-STACKS", ("Where the log states each player's stack after the hand "
                                                "(PHH's `finishing_stacks`), it is their starting stack plus "
                                                "their net in the replay. Cited at the `finishing_stacks` "
                                                "line."))
    HAND_NAME = ("HE-HAND-NAME", ("A made hand a show or summary line names (PokerStars' `shows [Ah Kd] (a pair of Kings)`, `and "
                                  "won ($14.05) with two pair, Aces and Tens`; GGPoker, Winamax, PartyPoker, the Winning Poker "
                                  "Network and Bovada in their own words, the names formats.md gives for each room; 888poker and "
                                  "iPoker name none) is the best hand of the player's cards and the board dealt by then, in the "
                                  "table's ranking (on 36 cards a flush over a full house, and its straights): its kind and the "
                                  "ranks it names (Bovada names the kind alone). The five cards the Winning Poker Network and "
                                  "Bovada list as the made hand (`a pair of Queens [Qh Qd As 9c 6c]`, `Showdown [9s 9h 2h 2c "
                                  "Qs]`, a Bovada summary's `[2c 2h-9s 9h 2h 2c Qs]`) are checked too: each is one of the "
                                  "player's cards or the board's dealt by then, none twice, and the five make that best hand (a "
                                  "hole card not known stands for any card off the board, and then what the five make is not "
                                  "judged). Cited at that line, expected the hand the cards make (for listed cards, the best five "
                                  "and their hand), actual the hand named or the cards listed."))


_BY_CODE = tuple(HE)

RULES: dict[str, str] = {rule.value: rule.text for rule in HE}
"""The rule texts by ID, as the rulebook gathers them."""

def reopens_betting(size: int, full_size: int, is_limit: bool) -> bool:
    """HE-MIN-RAISE: whether a bet or raise that adds ``size`` to the bet before it is full, and so
    reopens the betting to the players who already acted on the street: at least ``full_size``, the
    last full bet or raise of the street (the big blind before any), or in Limit at least half of
    ``full_size``, the street's fixed bet. An all-in short of it, an opening bet too, leaves them
    to call or fold. Written once: the replay's kernel compiles it, the hand generator calls it.

    >>> reopens_betting(1, 2, False), reopens_betting(2, 2, False), reopens_betting(4, 8, True)
    (False, True, True)
    """
    return size * 2 >= full_size if is_limit else size >= full_size


MIN_PLAYERS, MAX_PLAYERS = 2, 10
"""HE-PLAYERS: how many players a Hold'em hand deals in."""

LIMIT_CAP_BETS: int | None = 4
"""The bets allowed per Limit betting round (HE-LIMIT-CAP), an option; ``None`` removes the cap."""

LIMIT_CAP_HEADS_UP = False
"""Whether the cap holds in a round that starts heads-up. PokerStars caps no heads-up round (its
real logs show two players raising each other until one is all-in), so the default is False."""

DEFAULT = object()
"""The value of an option the caller did not pass: the replay then reads the module default."""

POSITIONS_AFTER_BB = {
    0: (), 1: ("CO",), 2: ("UTG", "CO"), 3: ("UTG", "MP", "CO"), 4: ("UTG", "MP", "HJ", "CO"),
    5: ("UTG", "UTG1", "MP", "HJ", "CO"), 6: ("UTG", "UTG1", "UTG2", "MP", "HJ", "CO"),
    7: ("UTG", "UTG1", "UTG2", "MP", "MP1", "HJ", "CO"), 8: ("UTG", "UTG1", "UTG2", "MP", "MP1", "MP2", "HJ", "CO"),
    # a 10-handed table of a button blind alone names nine places after the button
    9: ("UTG", "UTG1", "UTG2", "MP", "MP1", "MP2", "MP3", "HJ", "CO"),
}
"""The names of the positions after the big blind, by how many players sit there, as PokerTracker 4
names them: the seat right of the button is always the cutoff (CO), so 4-handed it is BTN, SB, BB,
CO; 5-handed UTG, CO; 6-handed UTG, MP, CO. Heads-up the player who posts the small blind is the
button (BTN) and the other the big blind (BB), whichever seat the log marks as the button."""

POSITIONS_FROM_BUTTON = ("SB", "BB", *max(POSITIONS_AFTER_BB.values(), key=len), "BTN")
"""Every position name in the hand's order, clockwise from the button: the order of the reports by
position and the one in which an odd cent of rake goes first (the SQL macro ``order_from_button``,
which the model runner writes from this tuple)."""
