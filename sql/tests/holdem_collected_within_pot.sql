-- no player collects more than the pot, and nobody puts in more than he sat down with
with

hands as (
    select game_id, sum(invested) as pot, sum(collected) as collected,
    from stg_holdem_results
    group by game_id
)

select
    results.game_id,
    results.player,
    results.collected,
    hands.pot,
from stg_holdem_results as results
join hands on results.game_id = hands.game_id
where results.collected > hands.pot
    or results.invested > results.stack_start
    or results.collected < 0
    or hands.collected > hands.pot
