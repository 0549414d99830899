-- grain: one row per person per game: the game as the person played it, his seats together
-- key: game_id, person
-- materialized: table
-- incremental: game_id
-- A link (rasklad alias) may join two names who sat in one game (a mistaken link, or one player who
-- kept two names at the table): the person played that game once. His net is his seats' nets added,
-- his placement his best seat's, and he won it if either seat won (int_player_games says what a win
-- is per game). count_seats: his seats in it (1 but for such a game); first_player: the first of
-- their names, on whose row the statistics of accounts count the game once for the person (his
-- other seats are repeat seats). Every figure that counts a person's games reads these rows: the
-- leaderboards' season totals, player_stats_raspisnoy and the Player review's headline
-- (person_results_by_day). A table: several models read it, and an ingest adds the rows of its
-- new games.
with

player_games as (
    select * from int_player_games
),

final as (
    select
        game_id,
        game,
        leaderboard_game,
        site,
        person,
        club,
        game_club,
        currency,
        is_tournament,
        scoring,
        any_value(played_at) as played_at,
        count(*) as count_seats,
        min(player) as first_player,
        sum(net) as net,
        bool_or(is_win) as is_win,
        min(placement) as placement,
    from player_games
    group by game_id, game, leaderboard_game, site, person, club, game_club, currency, is_tournament, scoring
)

select * from final
