-- chips in = chips out plus rake: in every Hold'em hand the nets and the rake add up to zero, once
-- the room's cash-out payments (in collected, not from the pot) are set apart. A pot won by a player
-- who cashed out is not awarded, so in a hand with a cash-out up to the pot may go to nobody.
with

hands as (
    select
        game_id,
        sum(net - coalesce(cash_out, 0)) + max(rake) as unbalanced,
        coalesce(sum(cash_out), 0) > 0 as has_cash_out,
        sum(invested) - max(rake) as pot_after_rake,
        min(rake) = max(rake) as has_one_rake,
    from stg_holdem_results
    group by game_id
)

select
    game_id,
    unbalanced,
    has_cash_out,
from hands
where not has_one_rake
    or (not has_cash_out and unbalanced <> 0)
    or (has_cash_out and (unbalanced > 0 or unbalanced < -pot_after_rake))
