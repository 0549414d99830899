-- grain: one row per hand size (5 or 6 cards) and hand category
-- key: count_cards, category
-- Exact counts of best-5 categories over every 5-card (2,598,960) and 6-card (20,358,520) hand
-- of 52 cards (the published check figures of the hand ranking; royal flushes apart).
with

counts as (
    select * from (values
        (5, 'royal flush', 4), (5, 'straight flush', 36), (5, 'four of a kind', 624),
        (5, 'full house', 3744), (5, 'flush', 5108), (5, 'straight', 10200),
        (5, 'three of a kind', 54912), (5, 'two pair', 123552), (5, 'pair', 1098240),
        (5, 'high card', 1302540),
        (6, 'royal flush', 188), (6, 'straight flush', 1656), (6, 'four of a kind', 14664),
        (6, 'full house', 165984), (6, 'flush', 205792), (6, 'straight', 361620),
        (6, 'three of a kind', 732160), (6, 'two pair', 2532816), (6, 'pair', 9730740),
        (6, 'high card', 6612900)
    ) as t(count_cards, category, count_hands)
),

final as (
    select
        count_cards,
        category,
        count_hands,
        count_hands / sum(count_hands) over (partition by count_cards) as exact_probability,
    from counts
)

select * from final
