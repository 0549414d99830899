-- grain: one row per six-card poker player
-- key: player
-- incremental: player
-- rtp = returned / wagered (costs of buying, exchanging and the dealer's game count as wagered);
-- ev_lost is the EV given away at the player's decisions (rules/sixcard_ev.py), in money, over the
-- boxes that were analysed; ev_lost_per_hand divides it by the hands with an analysed box
-- (count_hands_analysed), never by hands nobody analysed. Both are null when nothing was analysed.
with

boxes as (
    select * from int_sixcard_boxes
),

house as (
    select * from int_sixcard_house_edge
),

per_player as (
    select
        player,
        count(distinct game_id) as count_sessions,
        count(distinct (game_id, hand_no)) as count_hands,
        count(*) as count_boxes,
        sum(wagered) as total_wagered,
        sum(returned) as total_returned,
        sum(net) as total_net,
        sum(ev_lost) as ev_lost_total,
        count(ev_lost) as count_boxes_analysed,
        count(distinct (game_id, hand_no)) filter (where ev_lost is not null) as count_hands_analysed,
        count(*) filter (where is_folded) as count_folds,
        count(*) filter (where is_buy) as count_buys,
        count(*) filter (where is_exchange) as count_exchanges,
        count(*) filter (where is_dealer_buy) as count_dealer_buys,
    from boxes
    group by all
),

final as (
    select
        per_player.player,
        per_player.count_sessions,
        per_player.count_hands,
        per_player.count_boxes,
        per_player.total_wagered,
        per_player.total_net,
        case when per_player.total_wagered > 0
            then per_player.total_returned / per_player.total_wagered end as rtp,
        per_player.ev_lost_total,
        per_player.ev_lost_total / nullif(per_player.count_hands_analysed, 0) as ev_lost_per_hand,
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
