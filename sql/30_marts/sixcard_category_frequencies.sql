-- grain: one row per six-card poker player, site (the room; null without one) and hand category
-- games: sixcard
-- key: player, site, category
-- incremental: player, site
-- observed_rate: the player's share of boxes ending in the category (count_boxes of count_player_boxes).
-- exact_probability: the share to expect by the deal alone at the player's own mix of final hand
-- sizes (5 cards, or 6 after a buy): each size's exact odds weighted by his boxes of that size.
-- One distribution per player and room, so the 5- and 6-card boxes are never counted twice. The
-- sums of sixcard_categories_by_day over every day and club; the Player review runs this same
-- select over the rows of sixcard_categories_by_day its dates, club and room keep (player and
-- site null for a person's accounts together). person: the person the account belongs to.
with

days as (
    select * from sixcard_categories_by_day
),

probabilities as (
    select * from int_sixcard_category_probabilities
),

sizes as (
    select
        player,
        site,
        count_cards,
        sum(count_boxes) as count_boxes_of_size,
        sum(sum(count_boxes)) over (partition by player, site) as count_player_boxes,
    from days
    group by player, site, count_cards
),

expected as (
    select
        sizes.player,
        sizes.site,
        probabilities.category,
        sum(sizes.count_boxes_of_size * probabilities.exact_probability) / max(sizes.count_player_boxes)
            as exact_probability,
        max(sizes.count_player_boxes) as count_player_boxes,
    from sizes
    join probabilities using (count_cards)
    group by sizes.player, sizes.site, probabilities.category
),

counted as (
    select
        player,
        site,
        category,
        sum(count_boxes) as count_boxes,
    from days
    group by player, site, category
),

people as (
    select
        player,
        site,
        any_value(person) as person,
    from days
    group by player, site
),

final as (
    select
        expected.player,
        expected.site,
        people.person,
        expected.category,
        coalesce(counted.count_boxes, 0)::bigint as count_boxes,
        expected.count_player_boxes::bigint as count_player_boxes,
        coalesce(counted.count_boxes, 0) / expected.count_player_boxes as observed_rate,
        expected.exact_probability,
    from expected
    join people
        on people.player is not distinct from expected.player and people.site is not distinct from expected.site
    left join counted
        on counted.player is not distinct from expected.player and counted.site is not distinct from expected.site
        and counted.category = expected.category
)

select * from final
