-- grain: one row per action of a Hold'em hand (posts, decisions, returns, collects, shows)
-- key: game_id, action_no
select
    game_id,
    game,
    hand_id,
    cast(action_no as integer) as action_no,
    street,
    player,
    cast(seat as integer) as seat,
    position,
    action,
    amount,
    raise_to,
    to_call,
    cast(bet_level as integer) as bet_level,
    is_all_in,
    is_voluntary,
    line,
    cast(board as integer) as board,
from holdem_actions
