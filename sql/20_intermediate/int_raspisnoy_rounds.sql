-- grain: one row per player per round of a raspisnoy game log or score sheet, with the game's date and club
-- key: game_id, round_no, player
with

rounds as (
    select * from stg_raspisnoy_rounds
),

player_games as (
    select * from int_player_games
),

final as (
    select
        rounds.game_id,
        rounds.game,
        player_games.played_at,
        player_games.club,
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
    join player_games using (game_id, game, player)
)

select * from final
