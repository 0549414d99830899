-- the tricks of a raspisnoy round add up to the cards dealt, unless the game carries an RSP-TRICK finding
with

rounds as (
    select game_id, game, round_no, max(cards) as cards, sum(tricks) as tricks
    from stg_raspisnoy_rounds
    group by all
),

flagged as (
    select distinct game_id from stg_findings where rule_id = 'RSP-TRICK'
)

select * from rounds
where tricks <> cards and game_id not in (select game_id from flagged)
