-- what a player invested and collected is what his actions put in and took out; a cancelled hand
-- gives his posts back, with a collect line (888poker) or without one (PokerStars)
with

actions as (
    select
        game_id,
        player,
        sum(case when action in ('uncalled', 'collect', 'show', 'muck') then 0 else coalesce(amount, 0) end)
            - sum(case when action = 'uncalled' then amount else 0 end) as invested,
        sum(case when action = 'collect' then amount else 0 end) as collected,
    from stg_holdem_actions
    group by game_id, player
)

select
    results.game_id,
    results.player,
    results.invested,
    actions.invested as actions_invested,
    results.collected,
    actions.collected as actions_collected,
from stg_holdem_results as results
left join actions on results.game_id = actions.game_id and results.player = actions.player
where coalesce(actions.invested, 0) <> results.invested
    or coalesce(actions.collected, 0) <> results.collected
        and not (not is_played(results.is_cancelled) and coalesce(actions.collected, 0) = 0
                 and results.collected = results.invested)
