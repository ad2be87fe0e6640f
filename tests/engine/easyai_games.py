"""A nested-list game tree as an easyAI game, for cross-checking Prune's searches against
easyAI's (an independent, well-known implementation): Negamax, and MTD(f)/SSS* through its
memory-enhanced test driver. Trees are uniform (every leaf at the same depth) because easyAI
shifts the score of a game that ends before its search depth."""

from easyAI import TwoPlayerGame
from hypothesis import strategies as st


class TreeGame(TwoPlayerGame):
    """A nested-list tree as an easyAI game: moves are child indices, leaves are scored
    from the player to move (easyAI's negamax convention); every scoring is recorded in
    `evaluated` as the leaf's path, and the path is the transposition table's key."""

    def __init__(self, tree, evaluated):
        self.tree, self.node, self.path, self.evaluated = tree, tree, (), evaluated
        self.players, self.current_player = [None, None], 1

    def possible_moves(self):
        return list(range(len(self.node)))

    def make_move(self, move):
        self.node, self.path = self.node[move], (*self.path, move)

    def unmake_move(self, move):
        self.path = self.path[:-1]
        self.node = self.tree
        for index in self.path:
            self.node = self.node[index]

    def is_over(self):
        return not isinstance(self.node, list)

    def scoring(self):
        self.evaluated.append(self.path)
        return self.node if self.current_player == 1 else -self.node

    def ttentry(self):
        return self.path


@st.composite
def uniform_trees(draw):
    """A tree of branching 2 or 3 and depth 1 to 4 with whole leaves in [-5, 5] (ties
    common), and its depth."""
    branching, depth = draw(st.integers(2, 3)), draw(st.integers(1, 4))

    def build(level):
        if level == depth:
            return draw(st.integers(-5, 5))
        return [build(level + 1) for _ in range(branching)]

    return build(0), depth
