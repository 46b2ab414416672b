-- shared-get: KEYS[1] a shared value; nil when unknown or expired (ADR 0033).
return redis.call('GET', KEYS[1])
