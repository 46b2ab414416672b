-- shared-put: KEYS[1] a shared value (a session's route); ARGV[1] the value, ARGV[2] its time to
-- live in ms (ADR 0033).
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1
