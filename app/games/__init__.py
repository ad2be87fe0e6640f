"""Games a search can play: tic-tac-toe and Pacman with two ghosts (pure Python, no Flask).

game.py is the interface, search.py searches a position without building its whole tree,
and each game's ``*_play`` module serves the pages, the API and the command line.
"""
