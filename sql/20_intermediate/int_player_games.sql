-- grain: one row per player per game, with the game's date, club and the player's placement
-- key: game_id, player
-- materialized: table
-- incremental: game_id
-- club: the game's club, else its room (site: a room's games rank among themselves), else '(no club)',
-- here and nowhere else; game_club: the game's own club (null without one), which a page's club
-- filter matches. A six-card session is one
-- player against the house: nobody to place against, so its placement is null, and it is won (is_win)
-- when its net is above zero. A Hold'em hand (cash or a tournament's) is won by chips won, a net above
-- zero, whatever its placement: a raked split pot leaves nobody above zero, and a player who folded
-- without a chip in would otherwise tie for first. Any other game is won by its first place (a tie for
-- first wins too).
-- leaderboard_game: the game as the leaderboards rank it (macro leaderboard_game_of: raspisnoy logs and
-- score sheets are one).
-- currency: the unit of net (null for points); is_tournament: a tournament's hand, never summed with cash.
-- scoring: the scale of a Chinese poker or OFC hand's points ('1-6' or '2-4'; null for other games), whose
-- points are never summed with the other scale's.
-- site: the room (null for games without one); person: the person the account (site, player)
-- belongs to (int_accounts).
-- A cancelled Hold'em hand (int_cancelled_hands) is no game of anyone's: its seats are left out here, the
-- one place every count of games, wins and placements reads (player_results, the _by_day marts, the
-- leaderboards, a person's games), so it neither counts as a game nor ties everyone for first.
-- It stores only the columns its readers read: the seat, the table and whether the game is against
-- the house, which no model nor page reads, were a tenth of its storing.
with

games as (
    select * from stg_games
),

nets as (
    -- each game's nets, which each player's placement is ranked among: a grouping, where a
    -- window over the players (partitioned by game, ordered by net) sorted every row
    select game_id, count(*) as count_players, list(net) filter (where net is not null) as nets,
    from stg_game_players
    group by game_id
),

cancelled as (
    select game_id from int_cancelled_hands
),

players as (
    -- the players the statistics count (macro is_person), in the games that were played; nets above
    -- ranks them among every seat
    select * from stg_game_players as seats
    where is_person(is_anonymous)
        and not exists (select 1 from cancelled where cancelled.game_id = seats.game_id)
),

accounts as (
    select * from int_accounts
),

scales as (
    -- a hand's scale, the same for its players (taken per hand: a player listed without a hand line has no row)
    select game_id, min(scoring) as scoring,
    from stg_chinese_players
    group by game_id
),

joined as (
    select
        players.game_id,
        players.game,
        leaderboard_game_of(players.game) as leaderboard_game,
        players.player,
        games.site,
        coalesce(accounts.person, players.player) as person,
        players.net,
        games.played_at,
        coalesce(games.club, games.site, '(no club)') as club,
        games.club as game_club,
        games.currency,
        coalesce(games.is_tournament, false) as is_tournament,
        scales.scoring,
        players.game = 'sixcard' as is_house_game,
        -- rank() over the game's nets, highest first, a null net last: one more than the nets above it
        -- (a game without a net has no list; array_length, not len, which Spark reads as a text's length)
        1 + case
            when players.net is null then coalesce(array_length(nets.nets), 0)
            else array_length(list_filter(nets.nets, lambda other: other > players.net))
        end as net_rank,
        nets.count_players,
    from players
    join games using (game_id, game)
    join nets using (game_id)
    left join accounts on accounts.player = players.player and accounts.site is not distinct from games.site
    left join scales using (game_id)
),

final as (
    select
        game_id,
        game,
        leaderboard_game,
        player,
        site,
        person,
        net,
        played_at,
        club,
        game_club,
        currency,
        is_tournament,
        scoring,
        case when not is_house_game then net_rank end as placement,
        case when is_house_game or game in ('holdem', 'holdem36') then coalesce(net > 0, false)
            else net_rank = 1 end as is_win,
        count_players,
    from joined
)

select * from final
