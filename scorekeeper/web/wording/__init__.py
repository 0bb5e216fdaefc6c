"""Everything the game domain and the rules engine say, in the reader's
language: each of their errors carries a kind and details, and is worded here
(Flask-Babel), never in the domain."""
