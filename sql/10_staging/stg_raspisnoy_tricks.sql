-- grain: one row per card played in a trick of a raspisnoy game log
-- key: game_id, round_no, trick_no, play_no
select
    game_id,
    game,
    cast(round_no as integer) as round_no,
    cast(trick_no as integer) as trick_no,
    cast(play_no as integer) as play_no,
    player,
    card,
    joker_declaration,
    led_suit,
    winner,
    is_winner,
    line,
from raspisnoy_tricks
