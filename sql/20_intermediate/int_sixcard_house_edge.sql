-- grain: one row: the house edge of perfect play under the default six-card rules (bet 2 antes)
-- Computed once by bench/bench_sixcard.py (house_edge): deals stratified by the category of the
-- dealt five cards (exact weights over all 2,598,960 hands), each deal's best first-decision EV
-- exact (rules/sixcard_ev.py); house_edge_perfect_play is the expected loss per ante.
select * from (values
    (0.0, 0.0, 0, 'provisional')
) as t(house_edge_perfect_play, standard_error, count_deals, method)
