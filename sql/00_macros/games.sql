-- The game a player's results count under, written once: the leaderboards, the raspisnoy marts and
-- the Player review's headline. Raspisnoy logs and score sheets are one game, 'raspisnoy' (whether a
-- night was written card by card or on paper is no part of a result); every other game is its own.
create or replace macro leaderboard_game_of(game) as
    case when game in ('raspisnoy', 'raspisnoy_sheet') then 'raspisnoy' else game end;
