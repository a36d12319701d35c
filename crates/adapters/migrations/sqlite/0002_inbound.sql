-- What shoppers send the store. Times are ISO-8601 UTC text from CURRENT_TIMESTAMP.

CREATE TABLE newsletter_subscribers (
    email TEXT PRIMARY KEY,
    token TEXT NOT NULL UNIQUE,
    signed_up_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP,
    confirmed_at TEXT
);

CREATE TABLE inquiries (
    id INTEGER PRIMARY KEY,
    channel TEXT NOT NULL,
    email TEXT NOT NULL,
    name TEXT,
    subject TEXT,
    body TEXT NOT NULL,
    order_number TEXT,
    received_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP
);

CREATE TABLE campaign_visits (
    id INTEGER PRIMARY KEY,
    source TEXT,
    medium TEXT,
    campaign TEXT,
    term TEXT,
    content TEXT,
    visited_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP
);

CREATE TABLE client_errors (
    id INTEGER PRIMARY KEY,
    message TEXT NOT NULL,
    url TEXT NOT NULL,
    status INTEGER,
    detail TEXT,
    received_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP
);
