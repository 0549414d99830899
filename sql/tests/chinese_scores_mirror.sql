-- each pairing is settled once: what A wins from B, B loses to A (points, rows and royalties mirrored)
select
    a.game_id,
    a.game,
    a.player,
    a.opponent,
from stg_chinese_scores as a
left join stg_chinese_scores as b
    on b.game_id = a.game_id and b.game = a.game and b.player = a.opponent and b.opponent = a.player
where b.player is null
    or a.points <> -b.points
    or a.royalty_points <> -b.royalty_points
    or a.rows_won <> b.rows_lost
