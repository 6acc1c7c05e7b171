//! Follow-ups where Discord limits them (an interaction only a user installation authorises),
//! and the notices held for a user, shown below their next answer.

use poise::serenity_prelude as serenity;

use crate::app::chain;

use super::{Answer, MAX_CONTENT, Message, Target, clamp};

/// Follow-ups Discord takes per interaction that only a user installation authorises.
pub const USER_INSTALL_FOLLOWUPS: usize = 5;

/// Discord's limit on a message's attachments.
const MAX_FILES: usize = 10;

/// Keeps `answer` within Discord's follow-ups where only a user installation authorises the
/// interaction: one follow-up stays free for the notices held for the user, one more when the
/// answer itself may go as a follow-up (a public answer to a deferred command), and the
/// messages beyond are merged into the last one that fits (their texts one after the other,
/// their pictures together, the buttons of the last that has any).
pub(super) fn within_followups(mut answer: Answer, user_only: bool) -> Answer {
    if !user_only {
        return answer;
    }
    let room = USER_INSTALL_FOLLOWUPS - 2;
    if answer.then.len() <= room {
        return answer;
    }
    let rest = answer.then.split_off(room - 1);
    let mut merged = Message::default();
    let mut texts = Vec::new();
    for message in rest {
        texts.push(message.content);
        merged.files.extend(message.files);
        merged.notify.extend(message.notify);
        if !message.components.is_empty() {
            merged.components = message.components;
        }
    }
    merged.content = clamp(texts.join("\n\n"));
    merged.files.truncate(MAX_FILES);
    answer.then.push(merged);
    answer
}

/// Shows the user the notices held for them (Discord refused them by DM), privately, below
/// the answer. Notices that cannot be shown are held again for the next interaction.
pub(super) async fn give_held_notices(
    http: &serenity::Http,
    target: Target<'_>,
    data: &super::super::Data,
) {
    let user = target.user();
    let held = match data.service.take_held_notices(user).await {
        Ok(held) if !held.is_empty() => held,
        Ok(_) => return,
        Err(e) => {
            tracing::warn!(user, error = %chain(&e), "could not read the notices held");
            return;
        }
    };
    let (shown, later) = fitting(&held);
    let shown = match target
        .create_followup(http, Message::text(shown).followup(true))
        .await
    {
        Ok(_) => later,
        Err(e) => {
            tracing::warn!(user, error = %e, "could not show the notices held; holding them again");
            &held[..]
        }
    };
    // What did not fit (or could not be shown) waits for the next interaction, in order.
    for text in shown {
        if let Err(e) = data.service.hold_notice(user, text).await {
            tracing::error!(user, error = %chain(&e), "lost a held notice");
        }
    }
}

/// As many of `held` (oldest first) as one message holds, and the rest. The first always goes,
/// cut to the limit if it must be.
fn fitting(held: &[String]) -> (String, &[String]) {
    let mut text = String::new();
    let mut taken = 0;
    for notice in held {
        let more = if text.is_empty() {
            notice.chars().count()
        } else {
            text.chars().count() + 2 + notice.chars().count()
        };
        if taken > 0 && more > MAX_CONTENT {
            break;
        }
        if !text.is_empty() {
            text.push_str("\n\n");
        }
        text.push_str(notice);
        taken += 1;
    }
    (clamp(text), &held[taken..])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn held_notices_go_as_many_as_a_message_holds_and_the_rest_waits() {
        let long = "x".repeat(1500);
        let held = vec!["a".to_string(), long.clone(), "b".to_string(), long.clone()];
        let (shown, later) = fitting(&held);
        assert_eq!(shown, format!("a\n\n{long}\n\nb"));
        assert_eq!(later, std::slice::from_ref(&long));
        let rest = later.to_vec();
        let (shown, later) = fitting(&rest);
        assert_eq!((shown, later.len()), (long, 0));
    }

    #[test]
    fn a_user_installation_gets_no_more_follow_ups_than_discord_takes() {
        let answer = Answer::public(Message::text("board")).then(None);
        let many = (1..=6).fold(answer, |a, n| a.then(Some(Message::text(format!("m{n}")))));
        let kept = within_followups(many.clone(), false);
        assert_eq!(kept.then.len(), 6);
        let capped = within_followups(many, true);
        // One for the held notices, one in case the answer itself follows.
        assert_eq!(capped.then.len(), USER_INSTALL_FOLLOWUPS - 2);
        let texts: Vec<&str> = capped.then.iter().map(|m| m.content.as_str()).collect();
        assert_eq!(texts, ["m1", "m2", "m3\n\nm4\n\nm5\n\nm6"]);
    }
}
