# Vacations: /vacation's answers and refusals.

vacation-started = 🏖 You are on vacation until { $until }. { $games ->
        [0] None of your games waited for you: a turn that comes back to you starts its clock when the vacation ends.
        [one] The clock of the game waiting for you is stopped, and a turn that comes back to you starts its clock when the vacation ends.
       *[other] The clocks of the { $games } games waiting for you are stopped, and a turn that comes back to you starts its clock when the vacation ends.
    }
vacation-ended = 🏖 Welcome back: your vacation is over and its whole unused days are yours again. { $games ->
        [0] No clock was waiting for you.
        [one] The clock of the game waiting for you runs again.
       *[other] The clocks of the { $games } games waiting for you run again.
    }
vacation-on = 🏖 You are on vacation until { $until }: no deadline of yours runs. End it early with `/{ cmd-vacation } { cmd-vacation-end }:True`.
vacation-none = You are not on vacation. Start one with `/{ cmd-vacation } { cmd-vacation-days }:7`: while it lasts, no deadline of yours runs.
vacation-days-left = { $left ->
        [one] { $left } vacation day is
       *[other] { $left } vacation days are
    } left this year (of { $max }).
vacation-refused-days = A vacation lasts from 1 to { $max } days, not { $given }: try `/{ cmd-vacation } { cmd-vacation-days }:7`.
vacation-refused-budget = You have { $left ->
        [one] { $left } vacation day
       *[other] { $left } vacation days
    } left this year (of { $max }), not { $asked }: ask for { $left } or fewer.
vacation-refused-already = You are already on vacation until { $until }. End it with `/{ cmd-vacation } { cmd-vacation-end }:True` before you start another.
vacation-refused-not-on = You are not on vacation, so there is nothing to end. `/{ cmd-vacation }` shows the days you have left.
vacation-refused-holds = The clock is stopped for the vacation of { $player } until { $until }; it restarts by itself then, or when they end it with `/{ cmd-vacation } { cmd-vacation-end }:True`.
game-on-vacation = 🏖 { $side } on vacation until { $until }
settings-auto-vacation = { $changed ->
        [yes] Automatic vacation is now { $state }
       *[no] Automatic vacation is { $state }
    }: { $state ->
        [on] a deadline of yours that passes uses one of your vacation days (if the year has one left) instead of losing.
       *[off] a deadline of yours that passes loses the game. Turn it on with `/{ cmd-settings } { cmd-settings-auto-vacation }:on`.
    }
notice-resumed-vacation = ⏯ The pause is over, but the clock stays stopped for the vacation of { $player } until { $until }.
notice-vacation = 🏖 { $opponent }, the deadline of { $player } passed while they are on vacation: your game waits for them until { $until } ({ $relative }).
notice-vacation-ai = 🏖 The deadline of { $player } passed while they are on vacation: the clock waits until { $until } ({ $relative }).
