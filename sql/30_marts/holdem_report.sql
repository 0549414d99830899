-- grain: one row per player, day, game, unit, stakes, betting structure, club, site (room) and {grain}
-- for each: name | dimension | grain | counted
-- each: holdem_report_positions | position | position (BTN, CO, …, SB, BB) | true
-- each: holdem_report_stack_depths | stack_depth | stack depth (starting stack in big blinds: <20, 20-40, 40-60, 60-100, 100-150, 150+) | true
-- each: holdem_report_starting_hands | hand_class | starting hand (the 13×13 grid: AA, AKs, AKo …; hands with unknown cards left out) | hand_class is not null
-- games: holdem, holdem36
-- key: player, played_on, game, currency, is_tournament, stakes, betting, club, site, {dimension}
-- incremental: player, played_on, game, currency, is_tournament, stakes, betting, club, site, {dimension}
-- merge: count_hands = old.count_hands + new.count_hands
-- merge: net_won = coalesce(old.net_won + new.net_won, old.net_won, new.net_won)
-- merge: allin_ev_net = coalesce(old.allin_ev_net + new.allin_ev_net, old.allin_ev_net, new.allin_ev_net)
-- merge: net_big_blinds = coalesce(old.net_big_blinds + new.net_big_blinds, old.net_big_blinds, new.net_big_blinds)
-- merge: count_bb_hands = old.count_bb_hands + new.count_bb_hands
-- merge: count_vpip_opportunities = old.count_vpip_opportunities + new.count_vpip_opportunities
-- merge: count_vpip = old.count_vpip + new.count_vpip
-- merge: count_pfr_opportunities = old.count_pfr_opportunities + new.count_pfr_opportunities
-- merge: count_pfr = old.count_pfr + new.count_pfr
-- The Hold'em reports, one per dimension (the '-- each:' lines: its model, its column, its grain and
-- the hands it counts), written once so that a measure and its merge line are added to all three.
-- Mergeable sums: a page adds the rows its date, stakes, club and room filters keep, then divides
-- with the macros of sql/00_macros (bb_per_100(net_big_blinds, count_bb_hands),
-- percent_of(count_vpip, count_vpip_opportunities), percent_of(count_pfr, count_pfr_opportunities)).
-- An ingest merges its games' sums into the stored rows (a sum of no amount is null).
select
    player,
    played_on,
    game,
    currency,
    is_tournament,
    stakes,
    betting,
    club,
    site,
    {dimension},
    count(*) as count_hands,
    sum(net) as net_won,
    sum(allin_ev_net) as allin_ev_net,
    sum(net_big_blinds) as net_big_blinds,
    count(*) filter (where big_blind > 0) as count_bb_hands,
    count(*) filter (where is_vpip_opportunity) as count_vpip_opportunities,
    count(*) filter (where is_vpip) as count_vpip,
    count(*) filter (where is_pfr_opportunity) as count_pfr_opportunities,
    count(*) filter (where is_pfr) as count_pfr,
from hand_list
where {counted} and is_played(is_cancelled)     -- a cancelled hand counts for none
group by all
