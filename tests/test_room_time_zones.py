"""ROOM-TIME-ZONE: a room's header time read in the zone it names and stored in UTC.

The expected times are worked by hand from each header: EDT is UTC-4, CEST UTC+2, and ET is
New York time (EST, UTC-5, in December; EDT, UTC-4, in October).
"""

from __future__ import annotations

from datetime import datetime

import pytest

from parsers.formats import parse_chunk
from parsers.room_lines import in_utc
from parsers.source import decode, split
from tests.conftest import corpus


def _played_at(room: str, *path: str) -> datetime:
    """The time of the first hand of a corpus file, as its reader stores it."""
    file = corpus("rooms", room, *path)
    chunk = next(c for c in split(decode(file.read_bytes())) if c.format is not None)
    return parse_chunk(chunk, file.name).info.played_at


@pytest.mark.parametrize(("room", "path", "expected"), [
    # "Saturday, September 08, 15:40:50 EDT 2012": 15:40:50 + 4 h
    ("PartyPoker", ("Flop", "NLHE-6max-USD-0.02-0.04-201209.club.wpt.format.txt"), datetime(2012, 9, 8, 19, 40, 50)),
    # "Wednesday, August 11, 23:21:44 CEST 2010": 23:21:44 - 2 h
    ("PartyPoker", ("Flop", "NLHE-USD-0.02-0.04-20100811.unseatedPlayerActions.txt"),
     datetime(2010, 8, 11, 21, 21, 44)),
    # "Thursday, December 27, 03:20:55 ET 2018": Eastern standard time, 03:20:55 + 5 h
    ("PartyPoker", ("Flop", "NLHE-6max-USD-0.01-0.02-201812.converted.txt"), datetime(2018, 12, 27, 8, 20, 55)),
    # "Wednesday, October 3, 13:50:06 ET 2012": Eastern daylight time, 13:50:06 + 4 h
    ("PartyPoker", ("Flop", "NLHE-6max-USD-0.05-0.10-201210.enet.converted.txt"), datetime(2012, 10, 3, 17, 50, 6)),
])
def test_room_time_zone_header_time_is_stored_in_utc(room, path, expected):
    """ROOM-TIME-ZONE: the header's time in the zone it names, stored in UTC."""
    assert _played_at(room, *path) == expected


def test_room_time_zone_utc_headers_keep_their_time():
    # "Hand #151588328 - Holdem(No Limit) - $0.01/$0.02 - 2019/11/08 04:43:23 UTC"
    assert _played_at("Winning", "Flop", "NLHE-9max-USD-0.01-0.02-201911.CASHID-TN-Miramar (Cap) GAMETYPE.txt") \
        == datetime(2019, 11, 8, 4, 43, 23)


def test_room_time_zone_bovada_hand_without_a_zone_keeps_the_time_as_written():
    from tests.holdem_helpers import parse_bovada_hand
    from tests.test_room_bovada import ZONE_WALK

    assert parse_bovada_hand(ZONE_WALK).info.played_at == datetime(2021, 4, 11, 1, 55, 0)
    with_zone = ZONE_WALK.replace("2021-04-11 01:55:00", "2021-04-11 01:55:00 UTC")
    assert parse_bovada_hand(with_zone).info.played_at == datetime(2021, 4, 11, 1, 55, 0)


def test_room_time_zone_a_name_of_two_zones_is_not_read():
    # CST is China's (UTC+8) or America's Central (UTC-6): the time stays as written
    assert in_utc(datetime(2012, 5, 21, 16, 56, 5), "CST") == datetime(2012, 5, 21, 16, 56, 5)
    # MSKS, Moscow summer time, is UTC+4
    assert in_utc(datetime(2012, 5, 21, 16, 56, 5), "MSKS") == datetime(2012, 5, 21, 12, 56, 5)
