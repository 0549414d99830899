-- grain: one row per player per round of a raspisnoy game log or score sheet, with the game's date and club
with

rounds as (
    select * from raspisnoy_rounds
),

games as (
    select * from stg_games
),

final as (
    select
        rounds.game_id,
        rounds.game,
        games.played_at,
        coalesce(games.club, '(no club)') as club,
        rounds.round_no,
        rounds.cards,
        rounds.kind,
        rounds.dealer,
        rounds.trump,
        rounds.player,
        rounds.seat,
        rounds.bid,
        rounds.tricks,
        rounds.points,
        rounds.total,
        rounds.points_written,
        rounds.total_written,
        rounds.is_dealer,
        rounds.line,
        rounds.bid is not null as has_bid,
        coalesce(rounds.tricks = rounds.bid, false) as is_exact,
        coalesce(rounds.bid = 0, false) as is_pass,
        case when rounds.tricks > rounds.bid then rounds.tricks - rounds.bid else 0 end as overtricks,
        case when rounds.tricks < rounds.bid then rounds.bid - rounds.tricks else 0 end as undertricks,
    from rounds
    join games using (game_id, game)
)

select * from final
