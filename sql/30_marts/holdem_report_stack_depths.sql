-- grain: one row per player, day, game, unit, stakes, club, site (room) and stack depth (starting stack in big blinds: <20, 20-40, 40-60, 60-100, 100-150, 150+)
-- key: player, played_on, game, currency, is_tournament, stakes, club, site, stack_depth
-- incremental: player, played_on
-- Mergeable sums: a page adds the rows its date, stakes, club and room filters keep, then divides
-- (bb_per_100 = 100 * net_big_blinds / count_bb_hands; vpip = 100 * count_vpip / count_vpip_opportunities).
select
    player,
    played_on,
    game,
    currency,
    is_tournament,
    stakes,
    club,
    site,
    stack_depth,
    count(*) as count_hands,
    sum(net) as net_won,
    sum(allin_ev_net) as allin_ev_net,
    sum(net_big_blinds) as net_big_blinds,
    count(*) filter (where big_blind > 0) as count_bb_hands,
    count(*) filter (where is_vpip_opportunity) as count_vpip_opportunities,
    count(*) filter (where is_vpip) as count_vpip,
    count(*) filter (where is_pfr) as count_pfr,
from hand_list
group by all
