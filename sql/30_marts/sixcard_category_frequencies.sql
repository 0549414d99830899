-- grain: one row per six-card poker player and hand category
-- key: player, category
-- incremental: player
-- observed_rate: the player's share of boxes ending in the category (count_boxes of count_player_boxes).
-- exact_probability: the share to expect by the deal alone at the player's own mix of final hand
-- sizes (5 cards, or 6 after a buy): each size's exact odds weighted by his boxes of that size.
-- One distribution per player, so the 5- and 6-card boxes are never counted twice.
with

boxes as (
    select * from int_sixcard_boxes
    where category is not null
),

probabilities as (
    select * from int_sixcard_category_probabilities
),

sizes as (
    select
        player,
        count_cards,
        count(*) as count_boxes_of_size,
        sum(count(*)) over (partition by player) as count_player_boxes,
    from boxes
    group by player, count_cards
),

expected as (
    select
        sizes.player,
        probabilities.category,
        sum(sizes.count_boxes_of_size * probabilities.exact_probability) / max(sizes.count_player_boxes)
            as exact_probability,
        max(sizes.count_player_boxes) as count_player_boxes,
    from sizes
    join probabilities using (count_cards)
    group by sizes.player, probabilities.category
),

counted as (
    select
        player,
        category,
        count(*) as count_boxes,
    from boxes
    group by player, category
),

final as (
    select
        expected.player,
        expected.category,
        coalesce(counted.count_boxes, 0) as count_boxes,
        expected.count_player_boxes,
        coalesce(counted.count_boxes, 0) / expected.count_player_boxes as observed_rate,
        expected.exact_probability,
    from expected
    left join counted using (player, category)
)

select * from final
