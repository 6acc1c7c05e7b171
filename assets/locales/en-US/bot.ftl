# What the bot says when something other than the game goes wrong.

bot-apology = Sorry, something went wrong on my side. Please try again in a moment; if it keeps happening, tell the server's admins.
bot-unavailable = The game service is temporarily unavailable; please try again in a minute
bot-unknown-button = This button is not one of mine any more.
bot-bad-option = I could not read `{ $input }` for /{ $command }. Pick a value from Discord's list.
bot-bad-options = I could not read the options of /{ $command }. Pick values from Discord's list.
bot-stale-command = This command's options changed since Discord last loaded them; try again in a minute.
bot-guild-only = Games are played in a server channel: use this command there.
