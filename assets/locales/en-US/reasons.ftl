# Why the rules refuse a move: the engine's refusals, worded for the player (the part after
# "`…` cannot be played:"). Kept word for word as the engine's own English.

reason-game-over = the game is over: no more moves can be played

# Each game's own refusals are in its file under games/.
