-- grain: one row per option open at a decision on a six-card box, with its expected value
-- key: game_id, hand_no, box, decision_no, option
select
    game_id,
    game,
    hand_no,
    cast(box as integer) as box,
    cast(decision_no as integer) as decision_no,
    stage,
    option,
    ev,
    is_taken,
    is_best,
from sixcard_decisions
