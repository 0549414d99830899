-- grain: one row per person per game: the game as the person played it, his seats together
-- key: game_id, person
-- A link (rasklad alias) may join two names who sat in one game (a mistaken link, or one player who
-- kept two names at the table): the person played that game once. His net is his seats' nets added,
-- his placement his best seat's, and he won it if either seat won (int_player_games says what a win
-- is per game). count_seats: his seats in it (1 but for such a game); first_player: the first of
-- their names, on whose row the statistics of accounts count the game once for the person (his
-- other seats are repeat seats). Every figure that counts a person's games reads these rows: the
-- leaderboards' season totals, player_stats_raspisnoy and the Player review's headline
-- (person_results_by_day).
-- A view: nearly every person has one seat in a game, his int_player_games row as it is, and only
-- the seats of a person linked to another name are grouped. As a table it cost a 20,000-hand build
-- 0.11 CPU-s (a group by of every seat, and the storing of its rows); read as a view, it costs each
-- of its three readers there 0.003 CPU-s.
with

linked as (
    -- two names of one person in a game: at least one of them is linked to a person of another name
    -- (int_accounts), so only the seats of such a person are grouped
    select distinct person from int_accounts where person <> player
),

single_seats as (
    -- int_player_games is read by each part, not as one common part: DuckDB would store that
    -- part's rows (every seat) to read them twice
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
        played_at,
        cast(1 as bigint) as count_seats,
        player as first_player,
        cast(net as decimal(38, 2)) as net,
        is_win,
        placement,
    from int_player_games as seats
    where not exists (select 1 from linked where linked.person = seats.person)
),

linked_seats as (
    -- a linked person's games: his seats in each grouped (one seat gives the row it would above)
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
    from int_player_games as seats
    where exists (select 1 from linked where linked.person = seats.person)
    group by game_id, game, leaderboard_game, site, person, club, game_club, currency, is_tournament, scoring
),

final as (
    select * from single_seats
    union all
    select * from linked_seats
)

select * from final
