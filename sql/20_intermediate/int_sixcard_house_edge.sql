-- grain: one row: the house edge of perfect play under the default six-card rules (one box, bet 2 antes)
-- key: method
-- Computed once with bench/bench_sixcard.py's house_edge (seed 12, 125 rounds of 100): 12,689 deals
-- stratified by the dealt five cards' category and top rank (100 strata, exact weights over all
-- 2,598,960 hands), a random up card each, and each deal's best first-decision EV exact by
-- enumeration (rules/sixcard_ev.py). house_edge_perfect_play is the expected loss per ante
-- (a fraction: 0.0318 = 3.18 % of the ante); standard_error is the stratified estimate's.
select * from (values
    (0.0318::decimal(8, 4), 0.0034::decimal(8, 4), 12689, 'stratified deals, exact EV per deal')
) as t(house_edge_perfect_play, standard_error, count_deals, method)
