-- grain: one row per row (back, middle, front) a player set in a Chinese poker or OFC hand
-- key: game_id, player, row
select
    game_id,
    game,
    player,
    "row",
    cards,
    category,
    royalty,
    is_foul,
    strength,
    variant,
    line,
from chinese_rows
