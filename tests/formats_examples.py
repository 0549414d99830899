"""The worked examples of FORMATS.md, verbatim: every format's canonical text.

Tests check that each parses and scores exactly as FORMATS.md says; keep them byte for byte.
"""

RASPISNOY_LOG = """\
Raspisnoy game R-2026-11-28-1
Date: 2026-11-28 19:30
Club: Tverskaya
Players: Anna, Boris, Vera
Rules: default
First dealer: Anna

Round 1: 1 card, regular, dealer Anna, trump 9h
Hands: Boris [As], Vera [6c], Anna [Kd]
Bids: Boris 1, Vera 0, Anna 1
Trick 1: Boris As, Vera 6c, Anna Kd; won by Boris
Points: Boris 10, Vera 5, Anna -10
Totals: Boris 10, Vera 5, Anna -10

Round 2: 2 cards, regular, dealer Boris, trump Jc
Hands: Vera [Qh 7c], Anna [7s Th], Boris [Ah 8d]
Bids: Vera 1, Anna 1, Boris 1
Trick 1: Vera Qh, Anna 7s high, Boris Ah; won by Anna
Trick 2: Anna Th, Boris 8d, Vera 7c; won by Vera
Points: Vera 10, Anna 10, Boris -10
Totals: Boris 0, Vera 15, Anna 0
"""

RASPISNOY_SHEET = """\
Raspisnoy sheet R-2026-11-28-2
Date: 2026-11-28
Club: Tverskaya
Players: Anna | Boris | Vera
Rules: default
First dealer: Anna

 #  cards kind      | Anna      | Boris     | Vera
 1  1     regular   | 1/0 -10   | 0/0 5     | 1/1 10
 2  2     regular   | 0/0 -5    | 1/1 15    | 0/1 11
"""

CHINESE = """\
Chinese poker hand C-1001
Date: 2026-11-28 22:10
Club: Tverskaya
Scoring: 2-4
Players: Anna, Boris, Vera
Dealer: Vera
Anna: back [Kh Kd Kc 4s 4d] middle [Qs Qh 9c 7d 2c] front [6s 6h 3c]
Boris: back [Ah Jh 8h 5h 2h] middle [Tc Td 9s 9h 3d] front [5s 5c Ad]
Vera: surrenders
Royalties: Anna 0, Boris 0
Points: Anna +4, Boris 0, Vera -4
"""

OFC = """\
OFC hand O-501
Date: 2026-11-28 23:05
Club: Tverskaya
Variant: classic
Scoring: 1-6
Players: Anna, Boris
Dealer: Boris
Anna sets: back [Ah Ad] middle [7c 8c] front [2h]
Boris sets: back [Ks Kc Kd] middle [5d] front [Qh]
Anna draws Ac: back
Boris draws 6h: back
Anna draws 4s: back
Boris draws 6c: back
Anna draws 4d: back
Boris draws 5h: middle
Anna draws 9c: middle
Boris draws Js: middle
Anna draws Tc: middle
Boris draws Jd: middle
Anna draws 2c: middle
Boris draws 8s: middle
Anna draws 3d: front
Boris draws Qs: front
Anna draws 5s: front
Boris draws 7d: front
Royalties: Anna 14, Boris 13
Points: Anna +2, Boris -2
"""

SIXCARD = """\
Six-card poker session S-77
Date: 2026-11-28 23:40
Casino: Metropol
Player: Anna

Hand 1
Dealer up: Qs
Box 1: ante 10 [Ah Ad 7c 5s 2d]; buys 9h; plays 20
Box 2: ante 10 [Kc 8d 6h 4s 3c]; exchanges 3c for Kd; folds
Dealer: [8h 8c 4d 3s Qs]
Result: box 1 +20, box 2 -30
"""
