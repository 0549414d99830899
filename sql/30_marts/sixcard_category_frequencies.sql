-- grain: one row per six-card poker player, final hand size (5 or 6 cards) and hand category
-- key: player, count_cards, category
-- observed_rate: the player's share of boxes of that size ending in the category; exact_probability:
-- the category's share of all hands of that size. Draws are chosen, so the two differ by strategy.
with

boxes as (
    select * from int_sixcard_boxes
    where category is not null
),

probabilities as (
    select * from int_sixcard_category_probabilities
),

players as (
    select distinct player, count_cards from boxes
),

counted as (
    select
        player,
        count_cards,
        category,
        count(*) as count_boxes,
    from boxes
    group by all
),

final as (
    select
        players.player,
        players.count_cards,
        probabilities.category,
        coalesce(counted.count_boxes, 0) as count_boxes,
        coalesce(counted.count_boxes, 0)
            / sum(coalesce(counted.count_boxes, 0)) over (partition by players.player, players.count_cards)
            as observed_rate,
        probabilities.exact_probability,
    from players
    join probabilities using (count_cards)
    left join counted using (player, count_cards, category)
)

select * from final
