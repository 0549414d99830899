-- Who the statistics of players count, written once: int_player_games, int_account_games and
-- int_holdem_player_hands keep the players it says are persons, so every mart of a player's grain
-- (player_stats_holdem, leaderboard, people, hand_list, the pages' lists of players) counts the same.

-- A person: not a seat whose name is nobody's (game_players.is_anonymous, holdem_results.is_anonymous:
-- Bovada's seats, named by their position at the deal, and a name the log leaves blank). Such a seat
-- stays in its game's facts (its pots, nets, players dealt, the players a net ranks among); a name that
-- many people share in turn is no player of the statistics. Null (a row stored before the column, until
-- rasklad reaudit judges its game again): a person, as such rows were counted.
create or replace macro is_person(is_anonymous) as not coalesce(is_anonymous, false);
