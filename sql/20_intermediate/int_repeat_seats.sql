-- grain: one row per seat of a person in a game after his first: the seats a mart of accounts leaves
-- out of his games counted once
-- key: game_id, player
-- A person's seats in one game (two linked names at one table) are one game of his (int_person_games):
-- the marts of accounts count it on the row of his first name (first_player) and leave it out of the
-- rows of his other names here, so that his accounts' rows add up to each game once. Only a game two
-- of his names sat in has a row.
with

seats as (
    select * from int_player_games
),

shared as (
    select game_id, person, first_player from int_person_games
    where count_seats > 1
),

final as (
    select seats.game_id, seats.player
    from seats
    join shared on shared.game_id = seats.game_id and shared.person = seats.person
    where seats.player <> shared.first_player
)

select * from final
