# What the bot says when something other than the game goes wrong.

bot-apology = Sorry, something went wrong on my side. Please try again in a moment; if it keeps happening, tell the server's admins.
bot-unavailable = The game service is temporarily unavailable; please try again in a minute.
bot-unknown-button = This button is not one of mine any more.
bot-bad-option = I could not read `{ $input }` for /{ $command }. Pick a value from Discord's list.
bot-bad-options = I could not read the options of /{ $command }. Pick values from Discord's list.
bot-stale-command = This command's options changed since Discord last loaded them; try again in a minute.
bot-guild-only = Games are played in a server channel: use this command there.

list-and = { $init } and { $last }
perm-view-channel = View Channel
perm-attach-files = Attach Files
perm-create-public-threads = Create Public Threads
perm-send-messages-in-threads = Send Messages in Threads
access-missing = I need { $list } in this channel for that. Ask a server admin to grant { $count ->
        [one] it
       *[other] them
    } to the bot (the channel's settings → Permissions), then try again.
access-locked = This thread is locked, so I cannot post here: ask a moderator to unlock it, or play in another channel or thread.
access-forum = This is a forum post: a game's thread cannot be opened from here. Challenge in a text channel (with `{ cmd-challenge-thread }:true` if it has a game), or here once this post's game is over.
bot-done-below = Done: see the message below.
