-- grain: one row per six-card poker player, site (the room; null without one) and currency
-- games: sixcard
-- key: player, site, currency
-- incremental: player, site, currency
-- rtp = returned / wagered (costs of buying, exchanging and the dealer's game count as wagered);
-- ev_lost is the EV given away at the player's decisions (rules/sixcard_ev.py), in money, over the
-- boxes that were analysed; ev_lost_per_hand divides it by the hands with an analysed box
-- (count_hands_analysed), never by hands nobody analysed. Both are null when nothing was analysed.
-- The sums of player_stats_sixcard_by_day over every day and club. A screen name belongs to its
-- room; person is the person the account belongs to. Amounts are in currency, never two added.
-- The Player review runs this same select over the rows of player_stats_sixcard_by_day its filters keep
-- (player and site null for a person's accounts together): the one place of each formula.
with

days as (
    select * from player_stats_sixcard_by_day
),

house as (
    select * from int_sixcard_house_edge
),

per_player as (
    select
        player,
        site,
        any_value(person) as person,
        currency,
        sum(count_sessions)::bigint as count_sessions,
        sum(count_hands)::bigint as count_hands,
        sum(count_boxes)::bigint as count_boxes,
        sum(total_wagered) as total_wagered,
        sum(total_returned) as total_returned,
        sum(total_net) as total_net,
        sum(ev_lost_total) as ev_lost_total,
        sum(count_boxes_analysed)::bigint as count_boxes_analysed,
        sum(count_hands_analysed)::bigint as count_hands_analysed,
        sum(count_folds)::bigint as count_folds,
        sum(count_buys)::bigint as count_buys,
        sum(count_exchanges)::bigint as count_exchanges,
        sum(count_dealer_buys)::bigint as count_dealer_buys,
    from days
    group by player, site, currency
),

final as (
    select
        per_player.player,
        per_player.site,
        per_player.person,
        per_player.currency,
        per_player.count_sessions,
        per_player.count_hands,
        per_player.count_boxes,
        per_player.total_wagered,
        per_player.total_net,
        case when per_player.total_wagered > 0
            then per_player.total_returned / per_player.total_wagered end as rtp,
        per_player.ev_lost_total,
        amount_per_unit(per_player.ev_lost_total, per_player.count_hands_analysed) as ev_lost_per_hand,
        per_player.count_folds,
        per_player.count_buys,
        per_player.count_exchanges,
        per_player.count_dealer_buys,
        per_player.count_boxes_analysed,
        per_player.count_hands_analysed,
        house.house_edge_perfect_play,
    from per_player
    cross join house
)

select * from final
