-- grain: one row per player per round of a raspisnoy game log or score sheet
-- key: game_id, round_no, player
select
    game_id,
    game,
    cast(round_no as integer) as round_no,
    cast(cards as integer) as cards,
    kind,
    dealer,
    trump,
    player,
    cast(seat as integer) as seat,
    cast(bid as integer) as bid,
    cast(tricks as integer) as tricks,
    points,
    total,
    points_written,
    total_written,
    is_dealer,
    line,
    is_game_finished,
from raspisnoy_rounds
