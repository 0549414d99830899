-- grain: one row per player per Chinese poker or OFC hand, with his pairings against each opponent summed
-- key: game_id, player
with

players as (
    select * from stg_chinese_players
),

scores as (
    select * from stg_chinese_scores
),

won as (
    select
        game_id,
        game,
        player,
        count(*) as count_pairings,
        -- is_scoop_chance as the rules settle the pairing; null in rows an older Rasklad wrote,
        -- counted as a chance until a reaudit stores it
        count(*) filter (where coalesce(is_scoop_chance, true)) as count_scoop_chances,
        count(*) filter (where is_scoop) as count_scoops_won,
        sum(rows_won) as rows_won,
        sum(rows_lost) as rows_lost,
        sum(royalty_points) as royalty_points,
    from scores
    group by all
),

suffered as (
    select
        game_id,
        game,
        opponent as player,
        count(*) filter (where is_scoop) as count_scoops_suffered,
    from scores
    group by all
),

final as (
    select
        players.game_id,
        players.game,
        players.player,
        players.variant,
        players.scoring,
        players.status,
        players.natural,
        players.is_foul,
        players.status = 'surrender' as is_surrender,
        players.status = 'natural' as is_natural,
        players.royalty,
        players.royalty_back,
        players.royalty_middle,
        players.royalty_front,
        players.points,
        players.in_fantasyland,
        players.fantasyland_entry,
        players.fantasyland_stay,
        coalesce(won.count_pairings, 0) as count_pairings,
        coalesce(won.count_scoop_chances, 0) as count_scoop_chances,
        coalesce(won.count_scoops_won, 0) as count_scoops_won,
        coalesce(suffered.count_scoops_suffered, 0) as count_scoops_suffered,
        coalesce(won.rows_won, 0) as rows_won,
        coalesce(won.rows_lost, 0) as rows_lost,
        coalesce(won.royalty_points, 0) as royalty_points,
    from players
    left join won
        on won.game_id = players.game_id and won.game = players.game and won.player = players.player
    left join suffered
        on suffered.game_id = players.game_id and suffered.game = players.game and suffered.player = players.player
)

select * from final
