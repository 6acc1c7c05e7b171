-- Interactive lessons (`/learn`): each learner's place in each game's lessons. `step` is the
-- index of the step in the game's list of steps (the lessons' texts and positions live in the
-- program); `solved` lists the indexes of the steps the learner has completed. `touched` orders a learner's
-- rows by their last use: `/learn answer:` answers the lesson used last.
CREATE SEQUENCE lesson_touches;

CREATE TABLE lesson_progress (
    user_id    BIGINT NOT NULL,
    game       TEXT NOT NULL,
    step       INTEGER NOT NULL CHECK (step >= 0),
    solved     INTEGER[] NOT NULL DEFAULT '{}',
    touched    BIGINT NOT NULL DEFAULT nextval('lesson_touches'),
    updated_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (user_id, game)
);

CREATE INDEX lesson_progress_last_used ON lesson_progress (user_id, touched DESC);
