-- grain: one row per card an OFC player placed or discarded
-- key: game_id, player, card
select
    game_id,
    game,
    player,
    cast(turn_no as integer) as turn_no,
    card,
    "row",
    is_discard,
    is_fantasyland,
    line,
from ofc_placements
