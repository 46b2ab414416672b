-- account: ARGV[4] until (wall ms). An account state no provider gave an end for (auth, permission,
-- a quota with no reset time), held for the account cool-down: the longer of this and any current
-- one; the key lives exactly until it ends. Kept apart from the cooldown, which a request may wait
-- for: this one it never does (ADR 0048).
return extend(KEYS[6])
