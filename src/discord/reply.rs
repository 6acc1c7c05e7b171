//! Answering an interaction: what to say ([`Answer`]) and how to get it to Discord in time
//! ([`respond`]).
//!
//! Discord fails an interaction that gets no answer within 3 seconds of its creation (the time in
//! its snowflake id, not the moment it reaches the bot). The work (a database transaction, a
//! rendered board) normally takes milliseconds, so the answer goes out as the interaction's own
//! response. When it is not ready [`Data::budget`] after the interaction's creation:
//! - a slash command is deferred *ephemerally* and the answer follows: a refusal then stays
//!   visible to its author only, and a public answer is posted as a follow-up (a new message);
//! - a button click is deferred as an *update* of the clicked message, which the answer then
//!   edits in place (so an answered challenge or draw offer loses its buttons on this path too);
//!   an answer that is not an update follows as a follow-up, ephemeral or not.
//!
//! [`Data::budget`]: super::Data::budget

use std::future::Future;
use std::sync::Arc;
use std::time::{Duration, SystemTime};

use poise::serenity_prelude as serenity;

use crate::app::{AppError, chain};
use crate::i18n::Lang;
use crate::tr;

use super::ack::{Ack, FirstSent, Turn, Watchdog, time_left};
use super::markup::Mentions;

mod followups;
mod target;

pub use followups::USER_INSTALL_FOLLOWUPS;
use followups::{give_held_notices, within_followups};
pub use target::Target;

/// Discord's limit on a message's text.
pub const MAX_CONTENT: usize = 2000;

/// One message: text, files, buttons, and who it may notify.
#[derive(Clone, Debug, Default)]
pub struct Message {
    pub content: String,
    pub files: Vec<serenity::CreateAttachment>,
    pub components: Vec<serenity::CreateActionRow>,
    /// Users whose mention in `content` notifies them; every other mention stays silent.
    pub notify: Vec<u64>,
}

impl Message {
    pub fn text(content: impl Into<String>) -> Message {
        Message {
            content: clamp(content.into()),
            ..Message::default()
        }
    }

    pub fn file(mut self, file: Option<serenity::CreateAttachment>) -> Message {
        self.files.extend(file);
        self
    }

    pub fn components(mut self, rows: Vec<serenity::CreateActionRow>) -> Message {
        self.components = rows;
        self
    }

    pub fn notify(mut self, users: impl IntoIterator<Item = u64>) -> Message {
        self.notify.extend(users);
        self
    }

    fn allowed_mentions(&self) -> serenity::CreateAllowedMentions {
        serenity::CreateAllowedMentions::new()
            .users(self.notify.iter().map(|&u| serenity::UserId::new(u.max(1))))
    }

    fn response(&self, ephemeral: bool) -> serenity::CreateInteractionResponseMessage {
        serenity::CreateInteractionResponseMessage::new()
            .content(self.content.clone())
            .files(self.files.clone())
            .components(self.components.clone())
            .allowed_mentions(self.allowed_mentions())
            .ephemeral(ephemeral)
    }

    fn followup(&self, ephemeral: bool) -> serenity::CreateInteractionResponseFollowup {
        serenity::CreateInteractionResponseFollowup::new()
            .content(self.content.clone())
            .files(self.files.clone())
            .components(self.components.clone())
            .allowed_mentions(self.allowed_mentions())
            .ephemeral(ephemeral)
    }

    /// The message as a new post in a channel (not an interaction's answer).
    pub fn create(&self) -> serenity::CreateMessage {
        serenity::CreateMessage::new()
            .content(self.content.clone())
            .add_files(self.files.clone())
            .components(self.components.clone())
            .allowed_mentions(self.allowed_mentions())
    }

    fn edit(&self) -> serenity::EditInteractionResponse {
        let mut edit = serenity::EditInteractionResponse::new()
            .content(self.content.clone())
            .components(self.components.clone())
            .allowed_mentions(self.allowed_mentions());
        for file in &self.files {
            edit = edit.new_attachment(file.clone());
        }
        edit
    }
}

/// Posts `message` in `channel` as a new message (not an interaction's answer).
pub async fn post(
    http: &serenity::Http,
    channel: u64,
    message: &Message,
) -> serenity::Result<serenity::Message> {
    serenity::ChannelId::new(channel.max(1))
        .send_message(http, message.create())
        .await
}

/// Cuts text to Discord's limit on a character boundary.
pub fn clamp(mut content: String) -> String {
    if content.chars().count() > MAX_CONTENT {
        let cut: String = content.chars().take(MAX_CONTENT - 1).collect();
        content = cut + "…";
    }
    content
}

/// The whole answer to one interaction.
#[derive(Clone, Debug)]
pub struct Answer {
    /// The response itself.
    pub first: Message,
    /// Seen only by whoever used the command or clicked the button.
    pub ephemeral: bool,
    /// For a button: replace the message it was clicked on instead of answering below it.
    pub update: bool,
    /// Messages that must notify someone (the next player, the end of the game): always new
    /// messages, since an edit notifies no one.
    pub then: Vec<Message>,
    /// What `first`'s buttons answer: [`respond`] then reports where it was posted.
    pub offers: Option<Offer>,
    /// Earlier messages whose buttons the command made moot: [`respond`] takes them off once
    /// the answer is sent (or could not be).
    pub retire: Vec<Retired>,
}

/// An earlier message whose buttons no longer apply (an answered challenge, an ended draw
/// offer), and what it says instead, if its text changes too.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Retired {
    pub channel: u64,
    pub message: u64,
    pub content: Option<String>,
    /// What the message was, for the log when it cannot be edited.
    pub what: &'static str,
}

impl Retired {
    /// Takes the buttons off in the background (see [`remove_buttons`]).
    pub fn carry_out(self, http: &Arc<serenity::Http>) {
        remove_buttons(
            http.clone(),
            self.channel,
            self.message,
            self.content,
            self.what,
        );
    }
}

/// Something open that a message's buttons answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Offer {
    /// The challenge with this id.
    Challenge(i64),
    /// The standing draw offer of the game with this id.
    Draw(i64),
    /// The announcement (Join / Leave) of the tournament with this id.
    Tournament(i64),
}

/// Where the message with an offer's buttons was posted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OfferPosted {
    pub offer: Offer,
    pub message: serenity::MessageId,
}

impl Answer {
    /// A public answer.
    pub fn public(first: Message) -> Answer {
        Answer {
            first,
            ephemeral: false,
            update: false,
            then: Vec::new(),
            offers: None,
            retire: Vec::new(),
        }
    }

    /// An answer only its recipient sees.
    pub fn private(first: Message) -> Answer {
        Answer {
            first,
            ephemeral: true,
            update: false,
            then: Vec::new(),
            offers: None,
            retire: Vec::new(),
        }
    }

    /// A refusal or a notice for the recipient only.
    pub fn notice(text: impl Into<String>) -> Answer {
        Answer::private(Message::text(text))
    }

    /// Adds a new message after the answer.
    pub fn then(mut self, message: Option<Message>) -> Answer {
        self.then.extend(message);
        self
    }

    /// For a button: replace the clicked message.
    pub fn updating(mut self) -> Answer {
        self.update = true;
        self
    }

    /// Takes the buttons off `retired` messages once the answer is sent.
    pub fn retiring(mut self, retired: impl IntoIterator<Item = Retired>) -> Answer {
        self.retire.extend(retired);
        self
    }

    /// `first` carries the buttons of `offer`: have [`respond`] report its message.
    pub fn offering(mut self, offer: Offer) -> Answer {
        self.offers = Some(offer);
        self
    }
}

/// Takes the buttons off message `message` of `channel` (and replaces its text with `content`
/// when given) in the background: nobody waits for it, and a message that is gone or cannot be
/// edited is only logged, naming `what`. The edit notifies no one.
pub fn remove_buttons(
    http: Arc<serenity::Http>,
    channel: u64,
    message: u64,
    content: Option<String>,
    what: &'static str,
) {
    if channel == 0 || message == 0 {
        return;
    }
    tokio::spawn(async move {
        let mut edit = serenity::EditMessage::new()
            .components(Vec::new())
            .allowed_mentions(serenity::CreateAllowedMentions::new());
        if let Some(content) = content {
            edit = edit.content(clamp(content));
        }
        let channel = serenity::ChannelId::new(channel);
        if let Err(e) = channel
            .edit_message(&http, serenity::MessageId::new(message), edit)
            .await
        {
            tracing::warn!(what, message, error = %e, "could not take the buttons off a message");
        }
    });
}

/// A service error as the user sees it, in their language: refusals in words, internal causes
/// logged with their whole chain and hidden behind an apology.
pub fn refusal(lang: Lang, error: AppError, what: &str) -> Answer {
    match error {
        AppError::Refused(refusal) => {
            Answer::notice(crate::words::refusal(lang, &Mentions, &refusal))
        }
        AppError::Unavailable => Answer::notice(tr!(lang, "bot-unavailable")),
        AppError::Internal(cause) => {
            tracing::error!(command = what, cause = %chain(&cause), "internal error");
            Answer::notice(tr!(lang, "bot-apology"))
        }
    }
}

/// How long answers may take, and the watchdog that defers those that take longer.
#[derive(Clone, Debug)]
pub struct Budget {
    /// Answers not ready this long after the interaction's creation are deferred.
    pub answer: Duration,
    pub watchdog: Watchdog,
}

/// Runs `work` and answers the interaction with its result within Discord's deadline (see the
/// module documentation). `what` names the command in logs. When the answer carries an offer's
/// buttons (see [`Answer::offering`]), returns where its message was posted, if Discord says.
pub async fn respond<F>(
    http: &Arc<serenity::Http>,
    target: Target<'_>,
    lang: Lang,
    data: &super::Data,
    what: &str,
    work: F,
) -> serenity::Result<Option<OfferPosted>>
where
    F: Future<Output = Result<Answer, AppError>>,
{
    let budget = &data.budget;
    let started = std::time::Instant::now();
    let outcome = std::sync::Mutex::new("ok");
    let ack = Arc::new(Ack::default());
    let component = matches!(target, Target::Component(_));
    budget.watchdog.watch(
        serenity::InteractionId::new(target.id()),
        target.token(),
        component,
        ack.clone(),
    );
    // A channel the bot cannot answer in is refused before any work is done.
    let blocked = target.blocked(lang);
    let work = async {
        match blocked {
            Some(text) => {
                set_outcome(&outcome, "blocked");
                Answer::notice(text)
            }
            None => work.await.unwrap_or_else(|e| {
                set_outcome(&outcome, outcome_of(&e));
                refusal(lang, e, what)
            }),
        }
    };
    tokio::pin!(work);
    let left = time_left(target.id(), budget.answer, SystemTime::now());
    let ready = tokio::time::timeout(left, &mut work).await.ok();
    // A runtime that fell behind may see the work done after the budget: it is then deferred
    // like slow work, so that a long answer never starts past the deadline.
    let in_time = ready.is_some()
        && time_left(target.id(), budget.answer, SystemTime::now()) > Duration::ZERO;
    if !in_time {
        tracing::debug!(command = what, "slow answer: deferring");
    }
    let user_only = target.user_install_only();
    let ready = ready.map(|answer| within_followups(answer, user_only));
    let (sent, retire) = match (ready, ack.take().await) {
        (Some(answer), Turn::Command) if in_time => (
            send_now(http, &budget.watchdog, target, &answer).await,
            answer.retire,
        ),
        (ready, turn) => {
            if turn == Turn::Command {
                let defer = match target {
                    Target::Command(_) => serenity::CreateInteractionResponse::Defer(
                        serenity::CreateInteractionResponseMessage::new().ephemeral(true),
                    ),
                    Target::Component(_) => serenity::CreateInteractionResponse::Acknowledge,
                };
                target.create_response(http, defer).await?;
            }
            // Unacknowledged (Lost), nothing can be sent; the command still runs to its end (a
            // command of several steps stops at none of them) and what it retires is retired.
            let answer = match ready {
                Some(answer) => answer,
                None => within_followups(work.await, user_only),
            };
            let sent = match (turn, target) {
                (Turn::Lost, _) => Err(serenity::Error::Other(
                    "the interaction could not be acknowledged in time",
                )),
                (_, Target::Command(_)) => send_deferred(http, target, lang, &answer).await,
                (_, Target::Component(_)) => send_deferred_update(http, target, &answer).await,
            };
            (sent, answer.retire)
        }
    };
    // Where the bot is not a member it cannot edit the channel's messages: their buttons stay
    // (a click on them answers with what became of them).
    let member = !target.place().interaction_only();
    for retired in retire {
        if member || retired.channel != target.channel() {
            retired.carry_out(http);
        }
    }
    let outcome = outcome.lock().map_or("ok", |o| *o);
    let outcome = if sent.is_err() {
        "not-delivered"
    } else {
        outcome
    };
    crate::metrics::command(what, outcome, started.elapsed());
    if sent.is_ok() {
        give_held_notices(http, target, data).await;
    }
    sent
}

fn set_outcome(slot: &std::sync::Mutex<&'static str>, outcome: &'static str) {
    if let Ok(mut slot) = slot.lock() {
        *slot = outcome;
    }
}

/// The outcome label of a failed command, for the metrics.
fn outcome_of(error: &AppError) -> &'static str {
    match error {
        AppError::Refused(_) => "refused",
        AppError::Unavailable => "unavailable",
        AppError::Internal(_) => "internal-error",
    }
}

/// The offer `answer` carries and the message that carries it.
fn posted(answer: &Answer, message: serenity::MessageId) -> Option<OfferPosted> {
    answer
        .offers
        .filter(|_| !answer.ephemeral)
        .map(|offer| OfferPosted { offer, message })
}

/// Sends `answer` as the first answer, by the watchdog's thread (see [`Watchdog::send_first`]):
/// whole, or, when it was handed over too late for that, its deferral first and then the answer
/// as an edit of it.
async fn send_now(
    http: &serenity::Http,
    watchdog: &Watchdog,
    target: Target<'_>,
    answer: &Answer,
) -> serenity::Result<Option<OfferPosted>> {
    let message = answer.first.response(answer.ephemeral);
    let update = matches!(target, Target::Component(_)) && answer.update && !answer.ephemeral;
    let (whole, deferral) = if update {
        (
            serenity::CreateInteractionResponse::UpdateMessage(message),
            serenity::CreateInteractionResponse::Acknowledge,
        )
    } else {
        (
            serenity::CreateInteractionResponse::Message(message),
            serenity::CreateInteractionResponse::Defer(
                serenity::CreateInteractionResponseMessage::new().ephemeral(answer.ephemeral),
            ),
        )
    };
    let id = serenity::InteractionId::new(target.id());
    let sent = watchdog
        .send_first(id, target.token(), whole, deferral)
        .await?;
    let mut offered = None;
    match sent {
        FirstSent::Whole => {
            if answer.offers.is_some() && !answer.ephemeral {
                // The response's id is not in the callback's answer: ask for it. Without it
                // the buttons merely stay after a typed answer, so a failure is only logged.
                match target.get_response(http).await {
                    Ok(m) => offered = posted(answer, m.id),
                    Err(e) => {
                        tracing::warn!(error = %e, "could not learn the offer message's id")
                    }
                }
            }
        }
        // The deferral has the answer's own kind (an update of the clicked message, or a
        // message as private as the answer): the edit makes it the answer.
        FirstSent::Deferred => {
            let m = target.edit_response(http, answer.first.edit()).await?;
            offered = posted(answer, m.id);
        }
    }
    for next in &answer.then {
        target.create_followup(http, next.followup(false)).await?;
    }
    Ok(offered)
}

/// After a deferred update of the clicked message: an update edits it, anything else follows.
async fn send_deferred_update(
    http: &serenity::Http,
    target: Target<'_>,
    answer: &Answer,
) -> serenity::Result<Option<OfferPosted>> {
    let m = if answer.update && !answer.ephemeral {
        target.edit_response(http, answer.first.edit()).await?
    } else {
        target
            .create_followup(http, answer.first.followup(answer.ephemeral))
            .await?
    };
    let offered = posted(answer, m.id);
    for next in &answer.then {
        target.create_followup(http, next.followup(false)).await?;
    }
    Ok(offered)
}

async fn send_deferred(
    http: &serenity::Http,
    target: Target<'_>,
    lang: Lang,
    answer: &Answer,
) -> serenity::Result<Option<OfferPosted>> {
    let mut offered = None;
    if answer.ephemeral {
        target.edit_response(http, answer.first.edit()).await?;
    } else {
        // The deferred response is ephemeral, so the public answer needs a message of its own.
        target
            .edit_response(
                http,
                serenity::EditInteractionResponse::new()
                    .content(crate::tr!(lang, "bot-done-below")),
            )
            .await?;
        let m = target
            .create_followup(http, answer.first.followup(false))
            .await?;
        offered = posted(answer, m.id);
    }
    for next in &answer.then {
        target.create_followup(http, next.followup(false)).await?;
    }
    Ok(offered)
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::app::{InternalError, Refusal};

    #[test]
    fn long_text_is_cut_to_discords_limit() {
        let long = "é".repeat(MAX_CONTENT + 10);
        let cut = clamp(long);
        assert_eq!(cut.chars().count(), MAX_CONTENT);
        assert!(cut.ends_with('…'));
        assert_eq!(clamp("short".into()), "short");
    }

    #[test]
    fn refusals_are_private_and_internal_causes_hidden() {
        let a = refusal(Lang::En, Refusal::NothingToUndo.into(), "move");
        assert!(a.ephemeral);
        assert_eq!(
            a.first.content,
            crate::words::refusal(Lang::En, &Mentions, &Refusal::NothingToUndo)
        );
        let cause = InternalError::Corrupt("pool exploded at 0xdead".into());
        let a = refusal(Lang::Fr, cause.into(), "move");
        assert!(a.ephemeral);
        assert!(a.first.content.starts_with("Désolé"), "{}", a.first.content);
        assert!(!a.first.content.contains("0xdead"));
        let a = refusal(Lang::En, AppError::Unavailable, "move");
        assert!(
            a.ephemeral
                && a.first
                    .content
                    .starts_with("The game service is temporarily unavailable")
        );
    }
}
