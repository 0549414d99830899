"""Text logs to game records: one Lark grammar and one transformer per format.

Parsing knows nothing of rules: a parser checks the shape of a log, the replay engine in
``rules/`` checks what the log says.
"""
