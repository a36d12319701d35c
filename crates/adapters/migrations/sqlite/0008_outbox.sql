-- The embedded mailer's outbox: with no mail service configured, each mail the store
-- sends is kept here for `store mail` to show. Mails hold live secrets (registration
-- codes, reset links), so the outbox keeps them only a short while (`[mail]`).
CREATE TABLE outbox (
    id INTEGER PRIMARY KEY,
    recipient TEXT NOT NULL,
    subject TEXT NOT NULL,
    body TEXT NOT NULL,
    queued_at TEXT NOT NULL
);
CREATE INDEX outbox_queued ON outbox (queued_at);
