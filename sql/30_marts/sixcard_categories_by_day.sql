-- grain: one row per six-card poker player, site (the room; null without one), day, club, final hand size and hand category
-- games: sixcard
-- key: player, site, person, played_on, club, count_cards, category
-- incremental: player, site, person, played_on, club, count_cards, category
-- merge: count_boxes = old.count_boxes + new.count_boxes
-- The boxes behind each player's hand-category frequencies, by day and club: a page adds the rows
-- its dates, club and room keep, then weighs the exact odds by the summed boxes of each size.
-- count_cards is the size of the final hand (5 cards, or 6 after a buy). A folded box counts by its
-- final cards, as the deal made them; a box without a category (cards the replay could not read as a
-- hand: a finding) is not counted. person: the person the account (site, player)
-- belongs to.
with

boxes as (
    select * from int_sixcard_boxes
    where category is not null
),

games as (
    -- the six-card partition only
    select game_id, site, cast(played_at as date) as played_on, club,
    from stg_games
    where game = 'sixcard'
),

accounts as (
    select * from int_accounts
),

totals as (
    select
        boxes.player,
        games.site,
        games.played_on,
        games.club,
        boxes.count_cards,
        boxes.category,
        count(*) as count_boxes,
    from boxes
    left join games using (game_id)
    group by boxes.player, games.site, games.played_on, games.club, boxes.count_cards, boxes.category
),

final as (
    select
        totals.player,
        totals.site,
        coalesce(accounts.person, totals.player) as person,
        totals.played_on,
        totals.club,
        totals.count_cards,
        totals.category,
        totals.count_boxes,
    from totals
    left join accounts on accounts.player = totals.player and accounts.site is not distinct from totals.site
)

select * from final
