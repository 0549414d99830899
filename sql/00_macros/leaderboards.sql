-- The order of a leaderboard, written once (docs/warehouse.md, "leaderboard"): the marts leaderboard and
-- leaderboard_raspisnoy and the Leaderboards page, which ranks again the players it keeps, order by it:
-- rank() over (order by leaderboard_order(net, count_wins, avg_placement)). The higher net first, then
-- more wins, then the lower average placement; players equal on all three share a rank. A null is last
-- in each (no net, no wins counted, no placement: a six-card session is never placed). Each null is a
-- flag of its own before its value, as an engine may sort a null field of a struct first (Spark does).
create or replace macro leaderboard_order(net, count_wins, avg_placement) as {
    'no_net': net is null, 'net': -coalesce(net, 0),
    'no_wins': count_wins is null, 'wins': -coalesce(count_wins, 0),
    'no_placement': avg_placement is null, 'placement': coalesce(avg_placement, 0)};
