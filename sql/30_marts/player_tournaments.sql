-- grain: one row per player, site (the room) and tournament they played (the tournament list)
-- games: tournament
-- key: player, site, tournament_id
-- incremental: site, tournament_id
-- A screen name belongs to its room, and so does a tournament's number: site says which.
-- Amounts in currency (the buy-in's); is_itm: he won a prize (a ticket too); is_still_playing: the
-- summary his row comes from was written while he still played, so the tournament counts in no figure yet;
-- is_price_unknown: his entry was a ticket of unsaid value, counted 0 in cost and left out of the ROI.
with

players as (
    select * from int_tournament_players
),

final as (
    select
        player,
        site,
        tournament_id,
        started_at,
        game_type,
        currency,
        is_satellite,
        count_tournament_entries,
        price,
        count_entries,
        count_rebuys,
        count_addons,
        cost,
        finish,
        prize,
        bounties_won,
        won,
        net,
        is_itm,
        is_hero,
        is_still_playing,
        count_prizes_unknown,
        is_price_unknown,
    from players
)

select * from final
