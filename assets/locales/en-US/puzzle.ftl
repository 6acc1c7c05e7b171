# /puzzle: rated puzzles, Give up, and the daily puzzle.

puzzle-head = 🧩 **Puzzle { $id }** · { $level } · rated { $rating }
# Drawn on the puzzle's picture: the fonts have no emoji.
puzzle-picture-note = Puzzle { $id }
puzzle-goal-win = **{ $side }** to play: win this turn.
puzzle-goal-capture = **{ $side }** to play: capture as many pieces as you can this turn (the best turn takes { $best }).
puzzle-how = Answer with `/{ cmd-puzzle } { cmd-puzzle-answer }:` and a whole turn, written as `/{ cmd-move }` takes it. Your first answer counts for your rating; opening another puzzle before answering counts as a miss.
puzzle-unrated = You have seen this puzzle before: it is not rated this time.
puzzle-standing = Your { $game } puzzle rating: **{ $rating }** · streak { $streak }
puzzle-left = Puzzle { $id }, left unanswered, counts as missed ({ $change }).
puzzle-daily-opened = Today's puzzle of this server: your answers are seen by you alone.
puzzle-solved = ✅ **Solved!** Puzzle { $id }.
puzzle-solved-late = ✅ **Solved**, puzzle { $id } (your first try counted for the rating).
puzzle-missed-no-win = ❌ Legal, but the game is not won at the end of this turn.
puzzle-missed-captured = ❌ Legal, but it captures { $got } of a possible { $best }.
puzzle-missed-open = The puzzle stays open: try again with `/{ cmd-puzzle } { cmd-puzzle-answer }:`, or press **{ puzzle-give-up }**.
puzzle-rating-change = Puzzle rating: **{ $rating }** ({ $change }) · streak { $streak }
puzzle-rating-now = Puzzle rating: **{ $rating }** · streak { $streak }
puzzle-gave-up = 🏳 Puzzle { $id }: one solution is `{ $solution }`.
puzzle-give-up = Give up
puzzle-next = Next puzzle
puzzle-solve = Solve

puzzle-refused-none-open = You have no puzzle open: `/{ cmd-puzzle }` opens one.
puzzle-refused-empty = Write your turn after `{ cmd-puzzle-answer }:`, as `/{ cmd-move }` takes it. Nothing was counted.
puzzle-refused-illegal = `{ $word }` cannot be played here: { $reason }. Nothing was counted: try again.
puzzle-refused-turn-over = The turn is over before `{ $word }`: answer with one turn only. Nothing was counted.
puzzle-refused-not-open = This puzzle is not open for you: `/{ cmd-puzzle }` opens one of your own.
puzzle-refused-no-puzzles = There are no { $game } puzzles of that level. Try another level, or another game.
puzzle-refused-no-daily = This server had no daily puzzle that day.
puzzle-refused-manager = Only a member with **Manage Server** can set the daily puzzle. Ask a moderator.
puzzle-refused-daily-server = The daily puzzle is a server's: set it with `/{ cmd-puzzle } { cmd-puzzle-daily }:` in a server that added me. Here, `/{ cmd-puzzle }` opens a puzzle of your own.
puzzle-refused-mixed = Give one thing at a time: a puzzle (`{ cmd-puzzle-game }:`, `{ cmd-puzzle-level }:`), an answer (`{ cmd-puzzle-answer }:`), or the daily puzzle (`{ cmd-puzzle-daily }:` or `{ cmd-puzzle-daily_off }:True`).
puzzle-refused-daily-channel = I cannot post in { $channel }: { $missing } Nothing was changed.
puzzle-refused-daily-unknown = Discord refused my message in { $channel } ({ $reason }). Nothing was changed: check my permissions there, or choose another channel.

puzzle-daily-set = 🧩 A puzzle will be posted in { $channel } every day at 12:00 UTC ({ $time } for you).
puzzle-daily-off = No more daily puzzles in { $channel }.
puzzle-daily-none = This server has no daily puzzle: `/{ cmd-puzzle } { cmd-puzzle-daily }:` sets one.
puzzle-daily-here = 🧩 From today, a puzzle is posted here every day at 12:00 UTC (set by { $user }). Press **{ puzzle-solve }** under it to try it: your answers are seen by you alone.
puzzle-daily-post = 🧩 **Daily puzzle** of { $date } · { $game } · rated { $rating }
puzzle-daily-no-picture = 🖼 No board picture here: { $missing }
puzzle-daily-try = Press **{ puzzle-solve }** to try it: your answers are seen by you alone.
puzzle-daily-previous = The previous puzzle ({ $id }) was solved by { $count ->
    [0] nobody
    [one] one player
   *[other] { $count } players
}.

puzzle-profile = 🧩 { $game } puzzles: **{ $rating }** · streak { $streak } (best { $best }) · { $solved }/{ $tries } solved
