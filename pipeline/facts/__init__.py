"""One module per game: the game's warehouse tables and how a replay fills them."""
