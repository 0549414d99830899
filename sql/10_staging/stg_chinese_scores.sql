-- grain: one row per pairing of a Chinese poker or OFC hand, from each side (player against opponent)
-- key: game_id, player, opponent
select
    game_id,
    game,
    player,
    opponent,
    points,
    cast(rows_won as integer) as rows_won,
    cast(rows_lost as integer) as rows_lost,
    is_scoop,
    royalty_points,
    variant,
    scoring,
    is_scoop_chance,
from chinese_scores
