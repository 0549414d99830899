-- grain: one row per player per Chinese poker or OFC hand
-- key: game_id, player
select
    game_id,
    game,
    player,
    variant,
    scoring,
    status,
    "natural",
    is_foul,
    royalty,
    royalty_back,
    royalty_middle,
    royalty_front,
    points,
    cast(count_opponents as integer) as count_opponents,
    in_fantasyland,
    fantasyland_entry,
    fantasyland_stay,
    line,
from chinese_players
