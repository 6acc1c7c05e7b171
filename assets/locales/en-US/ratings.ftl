# /leaderboard, /profile and the rating chart.

ratings-standing = **{ $rating }** ± { $margin } · { $games ->
        [one] { $games } game
       *[other] { $games } games
    }
ratings-none = No rated { $game } games in this server yet. Challenge someone with /{ cmd-challenge } (games are rated unless you say `{ cmd-challenge-rated }: false`).
ratings-title = 🏆 **{ $game } leaderboard**
ratings-nobody-ranked = Nobody is ranked yet: a rating settles (± 220 or less) after a few games.
ratings-provisional = **Provisional** (not ranked until the ± falls to 220: play more games)
ratings-more = { $count ->
        [one] { $count } more player rated.
       *[other] { $count } more players rated.
    } /{ cmd-profile } shows anyone's record.
ratings-score = { $score ->
        [win] W
        [draw] D
       *[loss] L
    }
ratings-streak = streak: { $count } { $score ->
        [win] { $count ->
            [one] win
           *[other] wins
        }
        [draw] { $count ->
            [one] draw
           *[other] draws
        }
       *[loss] { $count ->
            [one] loss
           *[other] losses
        }
    }
ratings-provisional-mark = provisional
ratings-record = **{ $game }**: { $standing }{ $provisional } · { $wins } W / { $losses } L / { $draws } D{ $streak }
ratings-last-result = { $score } vs { $opponent } ({ $delta }) { $when }
ratings-last-results = Last results: { $results }
ratings-profile-empty-self = You have no rated games and no game in progress { $place ->
    [private] outside servers (in DMs and group DMs)
   *[server] in this server
} yet. Start one with /{ cmd-challenge }!
ratings-profile-empty-other = { $player } has not played a rated game here yet and has no game in progress. Challenge them with /{ cmd-challenge }!
ratings-profile-title = 📈 **Profile of { $player }**
ratings-no-rated-games = No rated games yet.
ratings-in-progress = **Games in progress**
ratings-their-turn = their turn
ratings-waiting = waiting
ratings-active-line = • { $game } vs { $opponent } in { $channel }: { $turn }, turn { $turn_number }
ratings-chart-title = Ratings of { $player }
chart-no-games = No rated games yet
chart-date = { $day } { $month ->
        [1] Jan
        [2] Feb
        [3] Mar
        [4] Apr
        [5] May
        [6] Jun
        [7] Jul
        [8] Aug
        [9] Sep
        [10] Oct
        [11] Nov
       *[12] Dec
    } { $year }
