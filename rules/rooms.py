"""The rooms' own facts that no game rule gives: how their logs are to be read.

A room's reader (``parsers/<room>.py``) applies them; they have IDs, as the rules of the games
do, so that a stored value can say which fact made it so. Some are reading rules only
(:data:`READING`): they say how a value is read and are never a finding, a breach of them being a
rule of the game's. Where a log contradicts its room's currency, or an 888poker tournament hand
posts the level before its header's (``ROOM-LEVEL``), the reader adds a finding under the fact's
ID (``HoldemHand.room_findings``); a byte its file's encoding cannot read is any game's
(``ROOM-ENCODING``: ``parsers.formats.undecodable_finding``); a rule of the game reports what it sees (a rake
that does not add up is ``HE-POT-BALANCE``, an uncalled bet returned wrong ``HE-UNCALLED``). The
replay reports the others: an equal split whose odd units went to other
winners than the room gives them to (``ROOM-ODD-CHIP``), and a rake of the whole pot, a board of a
hand run twice that deals a card again, an all-in not said where the room says them all, a
button off the table and a dead blind of another amount than the room posts (``ROOM-RAKE``,
``ROOM-RUN-TWICE``, ``ROOM-ALL-IN``, ``ROOM-BUTTON``, ``ROOM-DEAD-BLIND``: ``rules.holdem_room``).
"""

from __future__ import annotations

import enum

RULES: dict[str, str] = {
    "ROOM-TIME-ZONE": ("A hand's time is read in the zone its header names (PartyPoker: `EDT`, `CET`, "
                       "`MSKS` …; Bovada and Winning: `UTC`; PokerStars: its `ET` time; `ET` is New York "
                       "time, standard or daylight by the date) and stored in UTC. PokerStars writes a "
                       "zone's standard name all year (`CET` in July is Paris summer time). A header that "
                       "names no zone (GGPoker, 888poker, iPoker, Bovada before 2021), PokerStars' own "
                       "offset (`CUST`) with no `ET` time, or a name that stands for two zones (`CST`) "
                       "keeps the time as written."),
    "ROOM-CURRENCY": ("A hand is played in one currency, the one its room writes: PokerStars and GGPoker "
                      "the stakes' code or sign (`$` USD, `€` EUR, `£` GBP, `¥` CNY), play money without a "
                      "sign; PartyPoker and 888poker the game line's code or sign; Winamax euros (the sign "
                      "after the digits); iPoker the table's `<tablecurrency>` (its `<currency>` is the "
                      "log owner's account's, read only without it); Bovada and Winning US dollars "
                      "(Winning's older `PM` tables: chips); tournaments chips. An amount that carries a "
                      "currency's sign or code (PartyPoker writes a sign, a code, both, or neither: `$0.25 "
                      "USD`, `€2,50 EUR`, `0,35 €`, `(0.5)`) carries the hand's, in every room but "
                      "Winning's older text, which writes none: one in another currency is a warning at "
                      "its line, and is read as written. PokerStars stakes whose sign and code disagree "
                      "(`(€1/€2 USD)`) are a warning at the header: the code is the hand's currency."),
    "ROOM-RAKE": ("What the room takes from the pot is the rake the replay checks (`holdem_results.rake`): "
                  "PokerStars and Bovada write a `Rake`; Winning a `Rake` and a `JP Fee`, the pot being "
                  "the total and both; GGPoker a `Rake`, then `Jackpot`, `Bingo`, `Fortune` and `Tax`, all "
                  "taken from the pot; Winamax a `Rake` beside a total after it, the pot being the two; "
                  "PartyPoker (before 2013), iPoker, 888poker and Bovada's Zone Poker write none: the rake "
                  "is the pot less what the winners collect. A cash-out fee is paid outside the pot. A "
                  "room takes a share of a pot and its winners collect the rest: a rake (with the fees "
                  "taken with it) of the whole pot of a hand played for one is an error, at the total's "
                  "line (else the last collect's): the file would move the pot to no player. No room "
                  "writes its rake cap in a hand, so a rake above one is not checked. A rake that does not "
                  "add up with the pot and the collects is reported as `HE-POT-BALANCE`."),
    "ROOM-RUN-TWICE": ("A hand run more than once: PokerStars writes `FIRST` and `SECOND` streets and "
                       "boards; GGPoker two or three runs (`FIRST`, `SECOND`, `THIRD`), a later run's "
                       "summary board giving only the cards it does not share with the first; Winning `*** "
                       "RUN IT TWICE ***`, `FLOP 1` … `SHOW DOWN 2` and `main pot 2` for the second "
                       "board's share. Each run shares the pot after the rake, the odd unit to the first "
                       "run. The other rooms' readers read no hand run twice. Each run deals its own cards "
                       "from what the earlier runs left of the deck: a later board that deals again a card "
                       "an earlier board dealt past the cards they share, or deals no card of its own, is "
                       "an error at its first street line. A run's share collected wrong is reported as "
                       "`HE-COLLECTED` (a warning when the runs only share the rake otherwise), shares "
                       "that do not add up to the pot after rake as "
                       "`HE-POT-BALANCE`."),
    "ROOM-BUTTON": ("The button is the seat the room names: PokerStars, GGPoker, Winning and Winamax `Seat "
                    "#N is the button`, PartyPoker, 888poker and Winning's older text `Seat N is the "
                    "button`, iPoker the player marked `dealer`, Bovada `Set dealer [N]`, else the seat "
                    "named `Dealer`, else a dead button just before the small blind. An empty seat of the "
                    "table is a dead button; a button on a seat the table does not have (past its size: "
                    "`Seat #7` at a 6-max table) is an error at the hand's first line. Play that does not "
                    "follow the button is reported as `HE-ACTION-ORDER`."),
    "ROOM-DEAD-BLIND": ("A returning player's blinds: the big blind's part of a post of both blinds is "
                        "live and the rest dead (PokerStars `posts small & big blinds`, Bovada `Posts dead "
                        "chip`, PartyPoker `big blind + dead`, Winning `posts dead`, 888poker `posts dead "
                        "blind [$A + $B]`, Winamax `posts small blind X out of position` of more than the "
                        "small blind, iPoker a big blind over the stakes' one); a missed small blind "
                        "posted alone is all dead (GGPoker `posts missed blind`, 888poker `[$A + $0]`, a "
                        "second small blind at PokerStars and iPoker; PartyPoker's second small blind is "
                        "live, and so is a Bovada `Posts chip` of less than the big blind); a big blind "
                        "posted out of turn is live. A dead post of more than the small "
                        "blind is both blinds, and comes to the small blind and the big blind together "
                        "($0.35 at $0.10/$0.25); one of no more is the small blind alone, and is the small "
                        "blind: a post of another amount, unless the player is all in, is an error at its "
                        "line. 888poker states the parts (`[$A + $B]`): where their total is right, parts "
                        "other than the small blind dead and then the big blind live, or nothing live, are "
                        "an error too (`[$0.02 + $0.01]` at $0.01/$0.02). Each room is checked only for "
                        "the posts its sample logs show: both blinds at Bovada, PartyPoker, Winning, "
                        "Winamax, 888poker and iPoker; the small blind alone at PokerStars, GGPoker, "
                        "888poker and iPoker. No sample shows PokerStars' or GGPoker's post of both "
                        "blinds, so their amount is not checked (nor a second small blind there of more "
                        "than the small blind, which reads as both); nor is a Limit hand's (a Limit small "
                        "blind is no fixed part of the stakes), nor one whose log states no small blind "
                        "(Bovada's cash text names no stakes, and nobody posts it), nor any room's this "
                        "list does not name. A dead blind that the pot and the collects do not account for "
                        "is reported as `HE-POT-BALANCE`."),
    "ROOM-ALL-IN": ("How a room writes an all-in: PokerStars, GGPoker, Winning and Winamax add `and is "
                    "all-in` to the action; Bovada `All-in $X` and PartyPoker `is all-In [$X]` give the "
                    "chips added (a call for no more than the bet, a raise for more, a bet with no bet); "
                    "iPoker an all-in type of the chips added; 888poker need not say it: the stacks show "
                    "it, and so do PartyPoker's and iPoker's where a line does not say it. Where the room "
                    "says every all-in (PokerStars, GGPoker, Winning, Winamax, Bovada), a line that puts a "
                    "player's last chips in without saying it is a warning at that line, and the stacks "
                    "are read as written. An all-in said of a player who keeps chips, or more put in than "
                    "their stack, is reported as `HE-STACK`."),
    "ROOM-UNCALLED": ("How a room returns a bet nobody called: PokerStars, GGPoker and Winning write "
                      "`Uncalled bet ($X) returned to`, Bovada `Return uncalled portion of bet`; "
                      "PartyPoker, iPoker and 888poker pay it back within the winner's win or collect, and "
                      "Winamax within a pot's collect: the reader returns the part nobody called. When all "
                      "fold to the big blind, Bovada and Winning write no return; the reader returns it. A "
                      "return of another amount than the replay's is `HE-UNCALLED`."),
    "ROOM-ODD-CHIP": ("Splitting a pot (or a pot run twice) in the room's smallest unit, PokerStars and "
                      "PartyPoker give the odd units to the first winners clockwise from the button, and "
                      "PokerStars the odd unit of a run to the first run. No sample of the other rooms "
                      "splits unevenly: the replay gives their odd units as PokerStars does. An equal "
                      "split whose odd units went to other winners is a finding under this ID, a warning "
                      "where a rake may explain it (as `HE-SPLIT`), else an error; shares that are no "
                      "equal split are `HE-SPLIT`. A house that gives the odd units another way sets "
                      "`odd_chip_any` (any winners, one each) for a file, a table or a room."),
    "ROOM-AWAY-FOLDS": ("PartyPoker's tournament hands write the folds of players away from the table out "
                        "of turn: before the others act, in an order of their own. A fold written before its "
                        "player's turn, preflop, by a player who has not acted takes that player out of the hand; "
                        "the turn stays where it was, and everyone else's turn is checked."),
    "ROOM-DISCONNECTED": ("iPoker's disconnection protection: an all-in written with no amount "
                          "(`sum=\"DP\"`) keeps a player whose connection dropped in the hand for the "
                          "chips they have in; they put in no more and play for the pots those chips reach."),
    "ROOM-LEVEL": ("A tournament hand is played at the blinds its table deals it at. 888poker's header names "
                   "the tournament's level, which a table reaches at its next hand: the first hand a table "
                   "deals after a level change may post the level before, its blinds and its ante. An 888poker "
                   "tournament hand whose small and big blind posts both differ from its header's, in its "
                   "proportion, neither all in, is played at the posted blinds, which its stakes then name, "
                   "with a warning at the big blind's line. Blinds other than the stakes in any other hand "
                   "are `HE-BLINDS`."),
    "ROOM-ENCODING": ("A log is read in the encoding its file is written in: UTF-8 (PokerStars' files open "
                      "with its byte order mark), UTF-16 (with a byte order mark or found by its NUL bytes; "
                      "each part of a file joined from exports in its own encoding), else Windows-1251 or "
                      "1252, decided game by game: a game more of whose bytes are UTF-8 letters than stray "
                      "bytes is UTF-8, so one stray byte (a Windows-1252 dash in a UTF-8 file of Cyrillic "
                      "names) costs only its own character. A byte that this encoding cannot read (that "
                      "stray byte, a name that a tool cut or encoded twice, as PokerStars files of 2021 "
                      "hold, a byte a Windows code page has no character for) is read as U+FFFD, the "
                      "replacement sign, at every line that holds it, so that a name stays one player's "
                      "from hand to hand: the game is stored, with a warning at the line of its first such "
                      "byte that names the byte and its column. A game that the byte leaves unreadable (an "
                      "amount, a card or a word of the format broken) or at odds with itself (a name "
                      "broken in one line and whole in others: an error of the game's rules) is "
                      "quarantined at the byte instead."),
}
"""Room facts by ID, as the rulebook gathers them."""

READING: frozenset[str] = frozenset(RULES) - {"ROOM-CURRENCY", "ROOM-ODD-CHIP", "ROOM-RAKE", "ROOM-RUN-TWICE",
                                               "ROOM-BUTTON", "ROOM-ALL-IN", "ROOM-DEAD-BLIND", "ROOM-ENCODING",
                                               "ROOM-LEVEL"}
"""The facts that only say how a value is read: none of them is ever a finding."""


class DeadPost(enum.IntFlag):
    """What a returning player posts dead (ROOM-DEAD-BLIND), as the replay reads a dead post by its
    amount; a room's entry in :data:`DEAD_POSTS_CHECKED` is the forms its samples show."""

    SMALL = 1
    """The missed small blind alone, all of it dead: a dead post of no more than the small blind, or a
    second small blind where the room plays it dead."""
    BOTH = 2
    """The small and the big blind together, the big blind live and the small blind dead: a dead post
    of more than the small blind."""


DEAD_POSTS_CHECKED: dict[str, DeadPost] = {
    # 'Player9: posts small blind $0.01' after the big blind, then calls $0.02 (NLHE-FR-USD-0.01-0.02-201005)
    "PokerStars": DeadPost.SMALL,
    # 'posts missed blind $2' at $2/$5 and '$5' at $5/$10, beside or without his big blind (its Omaha samples)
    "GGPoker": DeadPost.SMALL,
    # 'posts dead blind [$0.01 + $0.02]' at $0.01/$0.02 (five files), '[$25 + $0]' at $25/$50 (Omaha)
    "888poker": DeadPost.SMALL | DeadPost.BOTH,
    # 'Posts dead chip $0.35' at $0.10/$0.25, '$12' at $4/$8, '$30' at $10/$20, '$15' at $5/$10 (Omaha)
    "Bovada": DeadPost.BOTH, "Bodog": DeadPost.BOTH, "Ignition": DeadPost.BOTH,
    # 'posts big blind + dead [$0.03]' at $0.01/$0.02, '[0,35 €]' at €0.10/€0.25
    "PartyPoker": DeadPost.BOTH,
    # 'posts dead $0.07' at $0.02/$0.05
    "Winning": DeadPost.BOTH,
    # 'posts small blind 3€ out of position' and 'posts big blind 0€ out of position' at 1€/2€ (Omaha)
    "Winamax": DeadPost.BOTH,
    # a big blind of $0.06 at $0.02/$0.04 and $0.30 at $0.10/$0.20; a second small blind of $0.02 at $0.02/$0.04
    "iPoker": DeadPost.SMALL | DeadPost.BOTH,
}
"""ROOM-DEAD-BLIND: the dead posts whose amount is checked, by the room a hand names
(``GameInfo.site``): only those its sample logs show. A room not here is not checked."""
