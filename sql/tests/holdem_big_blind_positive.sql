-- every Hold'em hand has a big blind above zero: stakes of 0 make figures in big blinds meaningless
select
    game_id,
    max(stakes) as stakes,
    max(big_blind) as big_blind,
from stg_holdem_results
group by game_id
having max(big_blind) <= 0 or min(big_blind) <> max(big_blind)
